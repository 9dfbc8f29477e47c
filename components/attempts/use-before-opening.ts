// What the start page does by itself: it checks in when check-in opens and keeps the sealed paper
// once checked in (both before the opening only, when thousands of pages are not asking at once),
// and keeps the shell that shows an attempt without network (whenever it is open: one page for
// every pupil, answered from the front door's memory).
"use client";

import { useEffect } from "react";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import { keepShell } from "./offline-shell";
import { keepSealedPaper } from "./sealed-paper";
import { isCheckedIn } from "./start-phase";

/** Pages open before check-in ask for the allowance (which draws the paper) at a random moment within this after it opens. */
const CHECK_IN_SPREAD_MS = 60_000;
/** Checked-in pages fetch the sealed paper at a random moment within this (and not in the 10 s before the opening). */
const PAPER_SPREAD_MS = 5 * 60_000;

type Props = { userId: number; paid: boolean; status: IsThereAttempt; allow: AllowTestAttempt; refetchAllow: () => unknown };

export function useBeforeOpening({ userId, paid, status, allow, refetchAllow }: Props) {
  // A page open before check-in checks in when it opens: the allowance asked again draws the paper.
  useEffect(() => {
    if (!paid || !allow.checkInAt) return;
    const untilCheckIn = new Date(allow.checkInAt).getTime() - new Date(allow.serverTime).getTime();
    if (untilCheckIn <= 0 || untilCheckIn > 2 ** 31 - 1 - CHECK_IN_SPREAD_MS) return;
    const timer = setTimeout(() => void refetchAllow(), untilCheckIn + Math.random() * CHECK_IN_SPREAD_MS);
    return () => clearTimeout(timer);
  }, [paid, allow.checkInAt, allow.serverTime, refetchAllow]);

  // Checked in, before the opening: the paper, sealed, at a random moment of the check-in.
  const msToOpening = allow.openedAt ? new Date(allow.openedAt).getTime() - new Date(allow.serverTime).getTime() : 0;
  const awaitsOpening = paid && isCheckedIn(allow) && !status.isThereAttempt && msToOpening > 0;
  useEffect(() => {
    if (awaitsOpening) void keepSealedPaper({ userId, spreadMs: PAPER_SPREAD_MS, msToOpening });
  }, [awaitsOpening, userId, msToOpening]);

  // The shell that shows an attempt kept on the device: an attempt started here in place can then be
  // reloaded without network from its first question (the start waits for it: useStartAttempt).
  const shell = keepsShell({ paid, ended: status.isEnded });
  useEffect(() => {
    if (shell) void keepShell();
  }, [shell]);
}

/**
 * Whether the start page keeps the offline shell: a paid pupil's page whose attempt has not ended,
 * before the opening or after it alike. The shell is one page for every pupil, answered from the
 * front door's memory (server/offline-shell.mjs): no page is rendered for it at the opening.
 */
export const keepsShell = ({ paid, ended }: { paid: boolean; ended: boolean }) => paid && !ended;
