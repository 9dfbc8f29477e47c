// The organiser's interventions on an attempt: ending it now, and a reset after a
// technical failure; each with a reason, recorded in the audit log in the same transaction as the
// change, and told to the pupil's open page once committed (lib/live).
import "server-only";
import { eq } from "drizzle-orm";
import { attempts } from "@/db/schema";
import { endAttemptLocked } from "@/lib/attempts/ending";
import { loadOwnAttempt } from "@/lib/attempts/queries";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, type Transaction } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { publishChange } from "@/lib/live/changes";
import { logEvent } from "@/lib/log.mjs";
import { EndedBy } from "@/shared/attempts/enums";

/** Ends a locked attempt now (or at its deadline, if that has passed), scored, as the clock would. */
async function endByOrganiser(tx: Transaction, attempt: AttemptRow, now: Date) {
  const { test } = await loadOwnAttempt({ userId: attempt.userId, attemptId: attempt.id }, tx);
  await endAttemptLocked(tx, { attempt, test, endedAt: now < attempt.deadlineAt ? now : attempt.deadlineAt, endedBy: EndedBy.Organiser });
}

type AttemptRow = typeof attempts.$inferSelect;
type AttemptAction = { organiserId: number; attemptId: number; reason: string; now?: Date };

/**
 * An act on an attempt: the row locked, `act` applied unless the attempt is past it already
 * (`act` returns false), recorded in the audit log in the same transaction, and once committed
 * told to the pupil's open page.
 */
async function actOnAttempt(
  { organiserId, attemptId, reason }: AttemptAction,
  action: AuditAction,
  change: "ended" | "reset",
  act: (tx: Transaction, attempt: AttemptRow) => Promise<boolean>,
): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for("update");
    if (!attempt) throw notFound();
    if (!(await act(tx, attempt))) return null;
    await recordAction(tx, {
      organiserId,
      action,
      targetType: "attempt",
      targetId: attemptId,
      reason,
      details: { userId: attempt.userId },
    });
    return attempt.userId;
  });
  if (userId === null) return;
  logEvent(change === "ended" ? "attempt.ended" : "attempt.reset", { attemptId, userId, by: "organiser", organiserId, reason });
  await publishChange([userId], { kind: change, attemptId });
}

/** Ends a running attempt now, scored from its saved answers, as the clock would. */
export async function endAttemptNow(input: AttemptAction) {
  const now = input.now ?? new Date();
  await actOnAttempt(input, AuditAction.AttemptEnd, "ended", async (tx, attempt) => {
    if (attempt.endedAt || attempt.resetAt) return false;
    await endByOrganiser(tx, attempt, now);
    return true;
  });
  return { attemptId: input.attemptId, ended: true };
}

/**
 * After a technical failure: the attempt is ended (if it was not) and marked reset, kept with its
 * answers for the record, and the pupil may start the test again.
 */
export async function resetAttempt(input: AttemptAction) {
  const now = input.now ?? new Date();
  await actOnAttempt(input, AuditAction.AttemptReset, "reset", async (tx, attempt) => {
    if (attempt.resetAt) return false;
    if (!attempt.endedAt) await endByOrganiser(tx, attempt, now);
    await tx.update(attempts).set({ resetAt: now }).where(eq(attempts.id, attempt.id));
    return true;
  });
  return { attemptId: input.attemptId, reset: true };
}
