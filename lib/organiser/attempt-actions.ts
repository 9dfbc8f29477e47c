// The organiser's interventions on an attempt (DESIGN §8): ending it now, and a reset after a
// technical failure; each with a reason, recorded in the audit log in the same transaction as the
// change, and told to the pupil's open page once committed (lib/live).
import "server-only";
import { eq } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { attempts } from "@/db/schema";
import { endAttemptLocked } from "@/lib/attempts/ending";
import { EndedBy } from "@/lib/attempts/enums";
import { loadOwnAttempt } from "@/lib/attempts/queries";
import { notFound } from "@/lib/http/errors";
import { publishChange } from "@/lib/live/changes";
import { AuditAction, recordAction } from "./audit";

async function lockAttempt(tx: Transaction, attemptId: number) {
  const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for("update");
  if (!attempt) throw notFound();
  return attempt;
}

/** Ends a locked attempt now (or at its deadline, if that has passed), scored, as the clock would. */
async function endByOrganiser(tx: Transaction, attempt: typeof attempts.$inferSelect, now: Date) {
  const { test } = await loadOwnAttempt({ userId: attempt.userId, attemptId: attempt.id }, tx);
  await endAttemptLocked(tx, { attempt, test, endedAt: now < attempt.deadlineAt ? now : attempt.deadlineAt, endedBy: EndedBy.Organiser });
}

type AttemptAction = { organiserId: number; attemptId: number; reason: string; now?: Date };

/** Ends a running attempt now, scored from its saved answers, as the clock would. */
export async function endAttemptNow({ organiserId, attemptId, reason, now = new Date() }: AttemptAction) {
  const ended = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (attempt.endedAt || attempt.resetAt) return null;
    await endByOrganiser(tx, attempt, now);
    await recordAction(tx, {
      organiserId,
      action: AuditAction.AttemptEnd,
      targetType: "attempt",
      targetId: attemptId,
      reason,
      details: { userId: attempt.userId },
    });
    return attempt.userId;
  });
  if (ended !== null) await publishChange([ended], { kind: "ended", attemptId });
  return { attemptId, ended: true };
}

/**
 * After a technical failure: the attempt is ended (if it was not) and marked reset, kept with its
 * answers for the record, and the pupil may start the test again.
 */
export async function resetAttempt({ organiserId, attemptId, reason, now = new Date() }: AttemptAction) {
  const reset = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (attempt.resetAt) return null;
    if (!attempt.endedAt) await endByOrganiser(tx, attempt, now);
    await tx.update(attempts).set({ resetAt: now }).where(eq(attempts.id, attemptId));
    await recordAction(tx, {
      organiserId,
      action: AuditAction.AttemptReset,
      targetType: "attempt",
      targetId: attemptId,
      reason,
      details: { userId: attempt.userId },
    });
    return attempt.userId;
  });
  if (reset !== null) await publishChange([reset], { kind: "reset", attemptId });
  return { attemptId, reset: true };
}
