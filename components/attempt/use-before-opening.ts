// What the start page does before the opening, by itself: it checks in when check-in opens, keeps
// the sealed paper once checked in, and keeps the shell that shows an attempt without network.
// None of it at or after the opening, when thousands of pages are asking at once.
"use client";

import { useEffect } from "react";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import { keepShell } from "./offline";
import { keepSealedPaper } from "./sealed-paper";
import { isCheckedIn } from "./start-phase";

/** The shell is fetched at a random moment within this (pupils open the start page together at check-in). */
const SHELL_SPREAD_MS = 10_000;
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

  // Before the opening, the shell that shows an attempt kept on the device: an attempt started here
  // in place can then be reloaded without network from its first second.
  const shell = keepsShell({ paid, ended: status.isEnded, msToOpening });
  useEffect(() => {
    if (shell) void keepShell(SHELL_SPREAD_MS);
  }, [shell]);
}

/**
 * Whether the start page keeps the offline shell: a paid pupil's page open before the opening,
 * whose attempt has not ended. A page opened at or after the opening does not: rendered for each
 * pupil coming then, the shell cost a quarter of a start by the pages (bench:cost); that pupil's
 * attempt page is kept 1–10 minutes after the start (use-offline-copy.ts), and until then a
 * reload needs the network (the answers wait in the outbox all the same).
 */
export const keepsShell = ({ paid, ended, msToOpening }: { paid: boolean; ended: boolean; msToOpening: number }) =>
  paid && !ended && msToOpening > 0;
