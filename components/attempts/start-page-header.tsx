// The start page's header: "Test ishlash", the pupil's full name, subject and grade, "Chiqish".
"use client";

import { useState } from "react";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { logout } from "@/components/identity/use-current-user";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { CurrentUser } from "@/lib/identity/users";
import { gradeAndSubject } from "@/shared/i18n/words";
import { fullName } from "@/shared/identity/names";

export function StartPageHeader({ user }: { user: CurrentUser }) {
  const messages = useMessages();
  const local = useLocalName();
  const [leaving, setLeaving] = useState(false);
  return (
    <Card as="section" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-xl font-bold">{messages.testAttempt.title}</h1>
        <p className="mt-1 truncate font-medium" data-testid="pupil-name">
          {fullName(user)}
        </p>
        <p className="text-sm text-slate-600" data-testid="pupil-subject">
          {gradeAndSubject(messages, user.grade, user.subjectName && local(user.subjectName))}
        </p>
      </div>
      <Button
        variant="secondary"
        pending={leaving}
        onClick={() => {
          setLeaving(true);
          void logout();
        }}
      >
        {messages.shell.logout}
      </Button>
    </Card>
  );
}
