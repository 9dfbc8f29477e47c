// The start page's header: "Test ishlash", the pupil's full name, subject and grade, "Chiqish".
"use client";

import { useState } from "react";
import { logout } from "@/components/identity/use-current-user";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { uz } from "@/lib/i18n/uz";
import { fullName } from "@/lib/identity/names";
import type { CurrentUser } from "@/lib/identity/users";

export function StartPageHeader({ user }: { user: CurrentUser }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Card as="section" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-xl font-bold">{uz.testAttempt.title}</h1>
        <p className="mt-1 truncate font-medium" data-testid="pupil-name">
          {fullName(user)}
        </p>
        <p className="text-sm text-slate-600" data-testid="pupil-subject">
          {uz.shell.gradeSubject(user.grade, user.subjectName)}
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
        {uz.shell.logout}
      </Button>
    </Card>
  );
}
