// Scores derived again from the stored answers and the key: recompute checks that
// every stored score is what the answers give; a regrade fixes a key or voids a question and
// re-scores in one transaction, after a dry run that is the very same code rolled back.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { questionChoices, questions, scoreChanges, tests } from "@/db/schema";
import { anyAttempt, partTenths } from "@/lib/attempts/counting";
import { bankChanged } from "@/lib/attempts/papers";
import { lockKeyToChange, lockKeyToScore, scoresOf } from "@/lib/attempts/scoring-sql";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { now } from "@/lib/clock";
import { type Database, db, inSnapshot, selectRows, type Transaction } from "@/lib/db/client";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import { screenAfterRegrade } from "@/lib/integrity/screening";
import { keyHash } from "@/lib/results/key";
import { allResults, type ResultRow } from "@/lib/results/ranking";
import { assertSeasonOpen } from "@/lib/seasons/closed";
import { pointsToTenths, scoresInPoints } from "@/shared/attempts/scoring";
import { ErrorCode } from "@/shared/http/contract";
import type { RegradeInput } from "@/shared/results/schema";

type Scores = { easy: number; medium: number; hard: number };
type Rescored = { attemptId: number; userId: number; stored: Scores; recomputed: Scores };

/** Every ended attempt of the test scored again from its answers and the key. */
const rescoredSql = (testId: number) =>
  sql`rescored as (${scoresOf(sql`attempts.test_id = ${testId} and attempts.ended_at is not null and ${anyAttempt()}`)})`;

async function rescore(runner: Database | Transaction, testId: number): Promise<Rescored[]> {
  const rows = await selectRows(
    z.object({
      attemptId: z.number(),
      userId: z.number(),
      storedEasy: z.number().nullable(),
      storedMedium: z.number().nullable(),
      storedHard: z.number().nullable(),
      easy: z.number(),
      medium: z.number(),
      hard: z.number(),
    }),
    runner,
    sql`
      with ${rescoredSql(testId)}
      select a.id as "attemptId", a.user_id as "userId",
             a.easy_score_tenths as "storedEasy", a.medium_score_tenths as "storedMedium", a.hard_score_tenths as "storedHard",
             r.easy, r.medium, r.hard
      from rescored r join attempts a on a.id = r.attempt_id and ${anyAttempt()}
      order by a.id`,
  );
  return rows.map((r) => ({
    attemptId: r.attemptId,
    userId: r.userId,
    stored: { easy: partTenths(r.storedEasy), medium: partTenths(r.storedMedium), hard: partTenths(r.storedHard) },
    recomputed: { easy: r.easy, medium: r.medium, hard: r.hard },
  }));
}

const same = (a: Scores, b: Scores) => a.easy === b.easy && a.medium === b.medium && a.hard === b.hard;

async function existingTest(runner: Database | Transaction, testId: number) {
  const [test] = await runner.select().from(tests).where(eq(tests.id, testId));
  if (!test) throw notFound();
  return test;
}

export type RecomputeReport = {
  checked: number;
  differences: {
    attemptId: number;
    userId: number;
    stored: ReturnType<typeof scoresInPoints>;
    recomputed: ReturnType<typeof scoresInPoints>;
  }[];
  keyHash: string;
};

/** Re-scores every ended attempt of the test from its answers and reports where the stored score differs. */
export async function recompute({ testId }: { testId: number }): Promise<RecomputeReport> {
  return inSnapshot(async (tx) => {
    await existingTest(tx, testId);
    const rows = await rescore(tx, testId);
    return {
      checked: rows.length,
      differences: rows
        .filter((r) => !same(r.stored, r.recomputed))
        .map((r) => ({
          attemptId: r.attemptId,
          userId: r.userId,
          stored: scoresInPoints(r.stored),
          recomputed: scoresInPoints(r.recomputed),
        })),
      keyHash: await keyHash(testId, tx),
    };
  });
}

export type RegradeChange = {
  userId: number;
  attemptId: number;
  fullName: string;
  districtName: string | null;
  oldScore: number;
  newScore: number;
  oldRank: number | null;
  newRank: number | null;
};

export type RegradeReport = { dryRun: boolean; changes: RegradeChange[]; oldKeyHash: string; newKeyHash: string };

/** Thrown inside the transaction to undo a dry run once its report is made. */
class DryRun extends Error {
  constructor(readonly report: RegradeReport) {
    super("dry run");
  }
}

/** Changes the key, accepts another choice too or voids the question, as the input says, on a locked test. */
async function changeKey(tx: Transaction, subjectId: number, input: RegradeInput) {
  const [question] = await tx
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, input.questionId), eq(questions.subjectId, subjectId)))
    .for("no key update");
  if (!question) throw invalidInput({ questionId: ["Invalid"] });
  if (input.action === "also") {
    // Another choice is correct too: the ones already correct stay so.
    const [added] = await tx
      .update(questionChoices)
      .set({ isCorrect: true })
      .where(
        and(
          eq(questionChoices.id, input.correctChoiceId ?? 0),
          eq(questionChoices.questionId, question.id),
          eq(questionChoices.isCorrect, false),
        ),
      )
      .returning({ id: questionChoices.id });
    if (!added) throw invalidInput({ correctChoiceId: ["Invalid"] });
    await tx.update(questions).set({ voidAwards: null }).where(eq(questions.id, question.id));
    return;
  }
  if (input.action === "void") {
    await tx.update(questions).set({ voidAwards: input.voidAwards }).where(eq(questions.id, question.id));
    await bankChanged(tx, { subjectId }); // a voided question is not drawn again
    return;
  }
  const choices = await tx.select({ id: questionChoices.id }).from(questionChoices).where(eq(questionChoices.questionId, question.id));
  if (!choices.some((c) => c.id === input.correctChoiceId)) throw invalidInput({ correctChoiceId: ["Invalid"] });
  await tx
    .update(questionChoices)
    .set({ isCorrect: sql`${questionChoices.id} = ${input.correctChoiceId}` })
    .where(eq(questionChoices.questionId, question.id));
  await tx.update(questions).set({ voidAwards: null }).where(eq(questions.id, question.id));
}

/** Who moves: every ended attempt whose score or rank the regrade changes. */
function changesBetween(before: ResultRow[], after: ResultRow[]): RegradeChange[] {
  const old = new Map(before.map((r) => [r.attemptId, r]));
  return after
    .map((r) => ({ now: r, was: old.get(r.attemptId) }))
    .filter(({ now, was }) => was && (was.totalScore !== now.totalScore || was.rank !== now.rank))
    .map(({ now, was }) => ({
      userId: now.userId,
      attemptId: now.attemptId,
      fullName: now.fullName,
      districtName: now.districtName,
      oldScore: was!.totalScore,
      newScore: now.totalScore,
      oldRank: was!.rank,
      newRank: now.rank,
    }));
}

/** What a regrade records beside the key: the decision on appeals it carries out, and its reason in Russian for the pupils. */
type RegradeOrigin = { decisionId?: number; reasonRu?: string };

/**
 * The regrade inside the caller's transaction (a dry run's, or an appeal decision's): the test's
 * key locked (one regrade at a time, and no attempt scored meanwhile with the key being changed),
 * the key changed, every ended attempt re-scored set-based, the ranking read before and after.
 * Applied, it records the old and new scores in the audit log, and why each pupil's score moved
 * (score_changes) for the pupil's result to say. The results and the pupil's own result read the
 * stored scores, so they follow at once; so does the kept ranking (its triggers). Its caller
 * screens the test again once the transaction is committed (regrade, decideAppeals).
 */
export async function regradeIn(
  tx: Transaction,
  {
    organiserId,
    testId,
    input,
    origin = {},
    now,
  }: { organiserId: number; testId: number; input: RegradeInput; origin?: RegradeOrigin; now: Date },
): Promise<RegradeReport> {
  // A dry run is rolled back: it lets attempts be scored meanwhile (shared); applying does not.
  if (input.dryRun) await lockKeyToScore(tx, testId);
  else await lockKeyToChange(tx, testId);
  const test = await existingTest(tx, testId);
  await assertSeasonOpen(tx, { testId });
  const oldKeyHash = await keyHash(testId, tx);
  // Applying what a dry run showed: refused if the key changed since (another regrade).
  if (!input.dryRun && input.expectedKeyHash && input.expectedKeyHash !== oldKeyHash) throw businessError(ErrorCode.KeyChanged);
  const before = await allResults({ testId }, tx);
  await changeKey(tx, test.subjectId, input);
  await tx.execute(sql`
    with ${rescoredSql(testId)}
    update attempts set easy_score_tenths = r.easy, medium_score_tenths = r.medium, hard_score_tenths = r.hard
    from rescored r
    where attempts.id = r.attempt_id
      and (attempts.easy_score_tenths, attempts.medium_score_tenths, attempts.hard_score_tenths)
          is distinct from (r.easy, r.medium, r.hard)`);
  const report: RegradeReport = {
    dryRun: input.dryRun,
    changes: changesBetween(before, await allResults({ testId }, tx)),
    oldKeyHash,
    newKeyHash: await keyHash(testId, tx),
  };
  if (input.dryRun) return report;
  const moved = report.changes.filter((c) => c.oldScore !== c.newScore);
  if (moved.length > 0) {
    await tx.insert(scoreChanges).values(
      moved.map((c) => ({
        attemptId: c.attemptId,
        questionId: input.questionId,
        action: input.action,
        oldTenths: pointsToTenths(c.oldScore),
        newTenths: pointsToTenths(c.newScore),
        reason: input.reason ?? "",
        reasonRu: origin.reasonRu ?? null,
        decisionId: origin.decisionId ?? null,
        changedAt: now,
      })),
    );
  }
  await recordAction(tx, {
    organiserId,
    action: AuditAction.TestRegrade,
    targetType: "test",
    targetId: testId,
    reason: input.reason,
    details: {
      questionId: input.questionId,
      action: input.action,
      ...(input.action === "void" ? { voidAwards: input.voidAwards } : { correctChoiceId: input.correctChoiceId }),
      ...(origin.decisionId ? { appealDecisionId: origin.decisionId } : {}),
      oldKeyHash,
      newKeyHash: report.newKeyHash,
      changes: report.changes.map(({ userId, oldScore, newScore, oldRank, newRank }) => ({
        userId,
        oldScore,
        newScore,
        oldRank,
        newRank,
      })),
    },
  });
  return report;
}

/**
 * A regrade from the results page, in its own transaction: a dry run is the very same code rolled
 * back. Once one is committed the test is screened again (its choice table changed).
 */
export async function regrade({
  organiserId,
  testId,
  input,
}: {
  organiserId: number;
  testId: number;
  input: RegradeInput;
}): Promise<RegradeReport> {
  let report: RegradeReport;
  try {
    report = await db.transaction(async (tx) => {
      // Never queue behind a long scoring for ever: the organiser is told and may try again.
      await tx.execute(sql`set local lock_timeout = '10s'`);
      const made = await regradeIn(tx, { organiserId, testId, input, now: now() });
      if (input.dryRun) throw new DryRun(made);
      return made;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.report;
    throw error;
  }
  await screenAfterRegrade(testId);
  return report;
}
