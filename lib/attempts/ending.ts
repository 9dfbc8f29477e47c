// Ending an attempt: Finish (idempotent), expiry past the deadline, the periodic sweep, Result.
import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { attempts } from "@/db/schema";
import { db, selectRows, type Transaction } from "@/lib/db/client";
import { when } from "@/lib/db/rows";
import { businessError } from "@/lib/http/errors";
import { logEvent } from "@/lib/log.mjs";
import { EndedBy } from "@/shared/attempts/enums";
import { type DifficultyName, maxTenths, scoresInPoints, tenthsToPoints } from "@/shared/attempts/scoring";
import { ErrorCode } from "@/shared/http/contract";
import { anyAttempt, isVoided } from "./counting";
import { type AttemptRow, loadOwnAttempt, type TestRow } from "./queries";
import { isPastGrace } from "./rules";
import { pastGraceSql } from "./rules-sql";
import { lockKeysToScore, lockKeyToScore, scoresOf } from "./scoring-sql";

/** Ends a locked, unfinished attempt: scored from its saved answers, in one statement. */
export async function endAttemptLocked(
  tx: Transaction,
  { attempt, test, endedAt, endedBy }: { attempt: AttemptRow; test: TestRow; endedAt: Date; endedBy: EndedBy },
): Promise<AttemptRow> {
  await lockKeyToScore(tx, test.id);
  // Each part a scalar subquery of the one scoring statement (over this attempt's ~30 rows).
  const part = (name: DifficultyName) =>
    sql<number>`(select ${sql.identifier(name)} from (${scoresOf(sql`attempts.id = ${attempt.id}`)}) scored)`;
  const [ended] = await tx
    .update(attempts)
    .set({ endedAt, endedBy, easyScoreTenths: part("easy"), mediumScoreTenths: part("medium"), hardScoreTenths: part("hard") })
    .where(eq(attempts.id, attempt.id))
    .returning();
  return ended;
}

/** Who ended an attempt, as the logs say it. */
const ENDED_BY: Record<EndedBy, string> = { [EndedBy.Pupil]: "pupil", [EndedBy.Clock]: "clock", [EndedBy.Organiser]: "organiser" };

/** An attempt's end, logged once its transaction has committed. */
export function logEnded({ id, userId }: { id: number; userId: number }, endedBy: EndedBy, endedAt: Date, reason?: string) {
  logEvent("attempt.ended", {
    attemptId: id,
    userId,
    by: ENDED_BY[endedBy],
    endedAt: endedAt.toISOString(),
    ...(reason ? { reason } : {}),
  });
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
  const ended = await db.transaction(async (tx) => {
    // Locked and read in one statement: a Finish racing the clock's sweep or another tab waits here.
    const { attempt, test } = await loadOwnAttempt({ userId, attemptId }, tx, { lock: true });
    if (attempt.endedAt) return null;
    const late = now.getTime() > attempt.deadlineAt.getTime();
    return endAttemptLocked(tx, {
      attempt,
      test,
      endedAt: late ? attempt.deadlineAt : now,
      endedBy: !late && isEndedByUser ? EndedBy.Pupil : EndedBy.Clock,
    });
  });
  if (ended?.endedAt && ended.endedBy) logEnded(ended, ended.endedBy as EndedBy, ended.endedAt);
  return { attemptId, isEnded: true };
}

/** On any read: an attempt past its deadline and grace is ended at its deadline and scored. */
export async function expireIfDue(attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (attempt.endedAt || !isPastGrace(attempt.deadlineAt, now)) return attempt;
  const { row, endedNow } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(attempts).where(eq(attempts.id, attempt.id)).for("update");
    if (locked.endedAt) return { row: locked, endedNow: false };
    const { test } = await loadOwnAttempt({ userId: locked.userId, attemptId: locked.id }, tx);
    const ended = await endAttemptLocked(tx, { attempt: locked, test, endedAt: locked.deadlineAt, endedBy: EndedBy.Clock });
    return { row: ended, endedNow: true };
  });
  if (endedNow) logEnded(row, EndedBy.Clock, row.deadlineAt);
  return row;
}

/**
 * The sweep: every attempt past its deadline and grace, ended at its deadline and scored, so
 * results never wait for a pupil to come back. Set-based: a batch per statement, the rows locked
 * with SKIP LOCKED, so several instances sweep at once and each attempt is ended once.
 */
export async function sweepExpiredAttempts({ now = new Date(), limit = 500 } = {}): Promise<number> {
  const due = sql`attempts.ended_at is null and ${pastGraceSql(sql`attempts.deadline_at`, now)}`;
  let ended = 0;
  for (;;) {
    const swept = await db.transaction(async (tx) => {
      // The keys of the tests with attempts due, shared (a regrade changing one waits), first.
      const testIds = await lockKeysToScore(tx, due);
      if (testIds.length === 0) return [];
      const rows = await selectRows(
        z.object({ id: z.number(), user_id: z.number(), ended_at: when }),
        tx,
        sql`
          with due as (
            select attempts.id from attempts
            where ${anyAttempt()} and ${due} and attempts.test_id in (${sql.join(
              testIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            order by attempts.deadline_at
            limit ${limit}
            for update skip locked
          ),
          scored as (${scoresOf(sql`attempts.id in (select id from due)`)})
          update attempts
          set ended_at = attempts.deadline_at, ended_by = ${EndedBy.Clock},
              easy_score_tenths = scored.easy, medium_score_tenths = scored.medium, hard_score_tenths = scored.hard
          from scored
          where attempts.id = scored.attempt_id
          returning attempts.id, attempts.user_id, attempts.ended_at`,
      );
      return rows;
    });
    for (const row of swept) logEnded({ id: row.id, userId: row.user_id }, EndedBy.Clock, new Date(row.ended_at));
    ended += swept.length;
    if (swept.length < limit) return ended;
  }
}

export type OwnAttemptRead = { userId: number; attemptId: number; now?: Date };

/** The pupil's own attempt and its test as of `now`: one past its deadline is ended first. */
export async function readOwnAttempt({ userId, attemptId, now = new Date() }: OwnAttemptRead) {
  const { attempt, test } = await loadOwnAttempt({ userId, attemptId });
  return { attempt: await expireIfDue(attempt, now), test };
}

/** The spec's fields, and the most the test could give (50.0 with the default counts and points). */
export type AttemptResult = {
  easyScore: number;
  mediumScore: number;
  hardScore: number;
  timeSpent: number;
  maxScore: number;
  /** Who ended it (EndedBy): the pupil is told when it was the clock or an organiser. */
  endedBy: EndedBy;
  /** Voided by an organiser (answer copying): the result does not count and has no certificate. */
  voided: boolean;
};

export async function attemptResult(read: OwnAttemptRead): Promise<AttemptResult> {
  const { attempt, test } = await readOwnAttempt(read);
  if (!attempt.endedAt) throw businessError(ErrorCode.ThereIsNotEndedAttempt);
  return {
    ...scoresInPoints({ easy: attempt.easyScoreTenths ?? 0, medium: attempt.mediumScoreTenths ?? 0, hard: attempt.hardScoreTenths ?? 0 }),
    timeSpent: Math.round((attempt.endedAt.getTime() - attempt.startedAt.getTime()) / 1000),
    maxScore: tenthsToPoints(maxTenths(test)),
    endedBy: (attempt.endedBy ?? EndedBy.Clock) as EndedBy,
    voided: isVoided(attempt),
  };
}
