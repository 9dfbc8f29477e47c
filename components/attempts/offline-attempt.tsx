// The attempt kept on this device, shown by the offline shell: the attempt as the device received
// it and its pupil, with the answers confirmed since and the clock from the server's last word
// (both applied by AttemptView); its address names the attempt (the worker served the shell for
// it). The shell is the same page for every pupil: nothing of anyone's comes from the server.
"use client";

import { useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { keptAttempt, keptPupil } from "@/components/offline/attempt-copy";
import { Result } from "@/components/ui/result";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import type { CurrentUser } from "@/lib/identity/users";
import { AttemptView } from "./attempt-view";

type Kept = { attempt: AttemptData; user: CurrentUser } | null;

export function OfflineAttempt() {
  const messages = useMessages();
  const [kept, setKept] = useState<{ shown: Kept; at: number } | null>(null);
  useEffect(() => {
    const id = Number(/^\/test-attempt\/(\d+)$/.exec(location.pathname)?.[1]);
    const attempt = id ? keptAttempt(id) : null;
    const user = id ? keptPupil(id) : null;
    setKept({ shown: attempt && user ? { attempt, user } : null, at: Date.now() });
  }, []);
  if (!kept) return <Result status="info" title={messages.common.loading} />;
  if (!kept.shown) return <Result status="warning" title={messages.attempt.offlineNothing} />;
  return <AttemptView attempt={kept.shown.attempt} user={kept.shown.user} review={false} requestedAt={kept.at} />;
}
