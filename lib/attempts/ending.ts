// Ending an attempt: Finish (idempotent), expiry past the deadline, the periodic sweep, Result.
import "server-only";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { attemptQuestions, attempts, questionChoices, questions } from "@/db/schema";
import { businessError, ErrorCode } from "@/lib/http/errors";
import { type AttemptRow, loadOwnAttempt, type TestRow } from "./queries";
import { ANSWER_GRACE_SECONDS, isPastGrace, score, tenthsToPoints } from "./rules";
import { earnsPoints, lockKeyToScore } from "./scoring";

/** Ends a locked, unfinished attempt: scored from its saved answers, in the same transaction. */
export async function endAttemptLocked(
  tx: Transaction,
  { attempt, test, endedAt, isEndedByUser }: { attempt: AttemptRow; test: TestRow; endedAt: Date; isEndedByUser: boolean },
): Promise<AttemptRow> {
  await lockKeyToScore(tx, test.id);
  const correct = await tx
    .select({ difficulty: questions.difficulty, count: sql<number>`sum(${earnsPoints})::int` })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .leftJoin(questionChoices, eq(questionChoices.id, attemptQuestions.answerChoiceId))
    .where(eq(attemptQuestions.attemptId, attempt.id))
    .groupBy(questions.difficulty);
  const scores = score(Object.fromEntries(correct.map((c) => [c.difficulty, Number(c.count)])), test);
  const [ended] = await tx
    .update(attempts)
    .set({ endedAt, isEndedByUser, ...scores })
    .where(eq(attempts.id, attempt.id))
    .returning();
  return ended;
}

/**
 * Finish: always accepted and idempotent. In time, the end is now; late, it is recorded at the
 * deadline and counts as ended by the clock, not by the pupil.
 */
export async function finishAttempt({
  userId,
  attemptId,
  isEndedByUser,
  now = new Date(),
}: {
  userId: number;
  attemptId: number;
  isEndedByUser: boolean;
  now?: Date;
}): Promise<{ attemptId: number; isEnded: true }> {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
      .for("update");
    const { attempt, test } = await loadOwnAttempt({ userId, attemptId }, tx);
    if (attempt.endedAt) return;
    const late = now.getTime() > attempt.deadlineAt.getTime();
    await endAttemptLocked(tx, {
      attempt,
      test,
      endedAt: late ? attempt.deadlineAt : now,
      isEndedByUser: late ? false : isEndedByUser,
    });
  });
  return { attemptId, isEnded: true };
}

/** On any read: an attempt past its deadline and grace is ended at its deadline and scored. */
export async function expireIfDue(attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (attempt.endedAt || !isPastGrace(attempt.deadlineAt, now)) return attempt;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(attempts).where(eq(attempts.id, attempt.id)).for("update");
    if (locked.endedAt) return locked;
    const { test } = await loadOwnAttempt({ userId: locked.userId, attemptId: locked.id }, tx);
    return endAttemptLocked(tx, { attempt: locked, test, endedAt: locked.deadlineAt, isEndedByUser: false });
  });
}

/**
 * The sweep: every attempt past its deadline and grace, ended and scored, so results never wait
 * for a pupil to come back. Safe on several instances at once (SKIP LOCKED, ended once).
 */
export async function sweepExpiredAttempts({ now = new Date(), limit = 500 } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - ANSWER_GRACE_SECONDS * 1000);
  let ended = 0;
  for (;;) {
    const due = await db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(isNull(attempts.endedAt), lt(attempts.deadlineAt, cutoff)))
      .limit(limit);
    if (due.length === 0) return ended;
    for (const { id } of due) {
      const done = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(attempts).where(eq(attempts.id, id)).for("update", { skipLocked: true });
        if (!locked || locked.endedAt) return false;
        const { test } = await loadOwnAttempt({ userId: locked.userId, attemptId: locked.id }, tx);
        await endAttemptLocked(tx, { attempt: locked, test, endedAt: locked.deadlineAt, isEndedByUser: false });
        return true;
      });
      if (done) ended++;
    }
    if (due.length < limit) return ended;
  }
}

export type OwnAttemptRead = { userId: number; attemptId: number; now?: Date };

/** The pupil's own attempt and its test as of `now`: one past its deadline is ended first. */
export async function readOwnAttempt({ userId, attemptId, now = new Date() }: OwnAttemptRead) {
  const { attempt, test } = await loadOwnAttempt({ userId, attemptId });
  return { attempt: await expireIfDue(attempt, now), test };
}

/** The spec's fields, and the most the test could give (50.0 with the default counts and points). */
export type AttemptResult = { easyScore: number; mediumScore: number; hardScore: number; timeSpent: number; maxScore: number };

export async function attemptResult(read: OwnAttemptRead): Promise<AttemptResult> {
  const { attempt, test } = await readOwnAttempt(read);
  if (!attempt.endedAt) throw businessError(ErrorCode.ThereIsNotEndedAttempt);
  const max = test.easyCount * test.easyPointsTenths + test.mediumCount * test.mediumPointsTenths + test.hardCount * test.hardPointsTenths;
  return {
    easyScore: tenthsToPoints(attempt.easyScoreTenths ?? 0),
    mediumScore: tenthsToPoints(attempt.mediumScoreTenths ?? 0),
    hardScore: tenthsToPoints(attempt.hardScoreTenths ?? 0),
    timeSpent: Math.round((attempt.endedAt.getTime() - attempt.startedAt.getTime()) / 1000),
    maxScore: tenthsToPoints(max),
  };
}
