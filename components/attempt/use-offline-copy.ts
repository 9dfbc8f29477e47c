// The running attempt's copy on the device (offline.ts): kept for a reload without network, with
// the server's last word on the time, and forgotten once the attempt has ended. Loaded without
// network, the page is that copy, as old as its keeping: the answers confirmed since are laid over it.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AttemptView } from "@/lib/attempts/taking";
import { forgetAttempt, keepAttemptOffline, keptSaved, rememberAttempt, rememberDeadline, type ServerTime } from "./offline";
import { attemptKeys } from "./queries";

/** A page opened in place is fetched for the device's copy 1–10 minutes later: never at the opening. */
const KEEP_AFTER_MIN_MS = 60_000;
const KEEP_SPREAD_MS = 9 * 60_000;

export function useOfflineCopy({ attempt, running, serverTime }: { attempt: AttemptView; running: boolean; serverTime: ServerTime }): void {
  const queryClient = useQueryClient();
  const attemptId = attempt.testAttemptId;
  useEffect(() => {
    if (running) {
      rememberAttempt(attempt);
      void keepAttemptOffline(attemptId, KEEP_AFTER_MIN_MS + Math.random() * KEEP_SPREAD_MS);
    } else void forgetAttempt(attemptId);
  }, [attemptId, running, attempt]);
  useEffect(() => {
    if (running) rememberDeadline(attemptId, serverTime);
  }, [attemptId, running, serverTime]);

  useEffect(() => {
    if (!running || navigator.onLine) return;
    const saved = keptSaved(attemptId);
    queryClient.setQueryData<AttemptView>(
      attemptKeys.attempt(attemptId),
      (old) =>
        old && {
          ...old,
          questions: old.questions.map((q) => (q.testAttemptQuestionId in saved ? { ...q, answerId: saved[q.testAttemptQuestionId] } : q)),
        },
    );
  }, [attemptId, running, queryClient]);
}
