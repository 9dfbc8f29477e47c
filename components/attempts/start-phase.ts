// What the start page shows, decided once from everything it knows: each phase names one state
// of the page, and the page renders one small component per phase.
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import type { QueuePlace } from "@/shared/http/contract";

/** The server was saturated: the start is tried again by itself at `retryAt`. */
export type Queue = { tries: number; retryAt: number; place: QueuePlace | null };

/** An attempt started on this page, with when the call that brought its clock left the device. */
export type Started = { attempt: AttemptData; requestedAt: number };

export type StartPhase =
  /** A running attempt this page did not start (Back, a second tab): on its way to its own page. */
  | { kind: "resuming"; attemptId: number }
  /** The attempt started here, while the server still has it running (not ended, not reset). */
  | { kind: "attempt"; started: Started }
  /** The attempt has ended: its result. */
  | { kind: "result"; attemptId: number; result: AttemptResult }
  /** The start was refused by a saturated server and waits its turn. */
  | { kind: "queued"; queue: Queue }
  | { kind: "not-paid" }
  /** The pupil may start now (or the countdown reached an opening the server allowed beforehand). */
  | { kind: "start" }
  | { kind: "no-test" }
  | { kind: "closed" }
  /** Checked in (the paper is drawn): the room's checks and the countdown to the opening. */
  | { kind: "check-in"; openedAt: string }
  /** Before check-in: when check-in opens, if known, and the countdown to the opening. */
  | { kind: "countdown"; openedAt: string; checkInAt: string | null };

/** Whether check-in has opened, on the server's clock. */
export const isCheckedIn = (allow: AllowTestAttempt): boolean =>
  allow.checkInAt !== null && new Date(allow.serverTime) >= new Date(allow.checkInAt);

type Inputs = {
  status: IsThereAttempt;
  result: AttemptResult | undefined;
  started: Started | null;
  queue: Queue | null;
  paid: boolean;
  allow: AllowTestAttempt;
  /** The opening the countdown reached (a later opening counts down anew). */
  reached: string | null;
};

export function startPhase({ status, result, started, queue, paid, allow, reached }: Inputs): StartPhase {
  if (status.isThereAttempt && status.attemptId !== null) {
    if (!status.isEnded && !started) return { kind: "resuming", attemptId: status.attemptId };
    if (!status.isEnded && started && status.attemptId === started.attempt.testAttemptId) return { kind: "attempt", started };
    if (status.isEnded && result) return { kind: "result", attemptId: status.attemptId, result };
  }
  if (queue) return { kind: "queued", queue };
  if (!paid) return { kind: "not-paid" };
  if (allow.isAllowed || (reached === allow.openedAt && allow.allowedAtOpening)) return { kind: "start" };
  if (!allow.openedAt || !allow.closedAt) return { kind: "no-test" };
  if (new Date(allow.serverTime) >= new Date(allow.closedAt)) return { kind: "closed" };
  if (isCheckedIn(allow)) return { kind: "check-in", openedAt: allow.openedAt };
  return { kind: "countdown", openedAt: allow.openedAt, checkInAt: allow.checkInAt };
}
