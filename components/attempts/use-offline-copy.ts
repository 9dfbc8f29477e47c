// The running attempt's copy on the device (offline.ts): kept for a reload without network, with
// the server's last word on the time, and forgotten once the attempt has ended. Loaded without
// network, the page is that copy, as old as its keeping: the answers confirmed since are laid over it.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  forgetAttempt,
  keepAttemptOffline,
  keptSaved,
  rememberAttempt,
  rememberDeadline,
  type ServerTime,
} from "@/components/offline/attempt-copy";
import type { AttemptView } from "@/lib/attempts/taking";
import type { CurrentUser } from "@/lib/identity/users";
import { keepShell } from "./offline-shell";
import { attemptKeys } from "./queries";

/** A page opened in place is fetched for the device's copy 1–10 minutes later: never at the opening. */
const KEEP_AFTER_MIN_MS = 60_000;
const KEEP_SPREAD_MS = 9 * 60_000;

type Props = { attempt: AttemptView; user: CurrentUser; running: boolean; serverTime: ServerTime };

export function useOfflineCopy({ attempt, user, running, serverTime }: Props): void {
  const queryClient = useQueryClient();
  const attemptId = attempt.testAttemptId;
  useEffect(() => {
    if (running) {
      rememberAttempt(attempt, user);
      // The shell too, where the start page did not keep it (an attempt opened by its address).
      void keepShell();
      void keepAttemptOffline(attemptId, KEEP_AFTER_MIN_MS + Math.random() * KEEP_SPREAD_MS);
    } else void forgetAttempt(attemptId);
  }, [attemptId, running, attempt, user]);
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
