// The attempt kept on this device, shown by the offline shell: the attempt as the in-place start
// received it, with the answers confirmed since and the clock from the server's last word (both
// applied by AttemptView); its address names the attempt (the worker served the shell for it).
"use client";

import { useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Result } from "@/components/ui/result";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import type { CurrentUser } from "@/lib/identity/users";
import { AttemptView } from "./attempt-view";
import { keptAttempt } from "./offline";

export function OfflineAttempt({ user }: { user: CurrentUser }) {
  const messages = useMessages();
  const [kept, setKept] = useState<{ attempt: AttemptData | null; at: number } | null>(null);
  useEffect(() => {
    const id = /^\/test-attempt\/(\d+)$/.exec(location.pathname)?.[1];
    setKept({ attempt: id ? keptAttempt(Number(id)) : null, at: Date.now() });
  }, []);
  if (!kept) return <Result status="info" title={messages.common.loading} />;
  if (!kept.attempt) return <Result status="warning" title={messages.attempt.offlineNothing} />;
  return <AttemptView attempt={kept.attempt} user={user} review={false} requestedAt={kept.at} />;
}
