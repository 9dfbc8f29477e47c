// The organiser's decisions on appeals, one per question for all its appeals (or one on an appeal
// against a result), of which "another choice is correct too", "change the key" and "void the
// question" run the regrade in the decision's own transaction, so the scores, the ranking and why
// each score moved change together.
import "server-only";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { appealDecisions, appeals, attempts, questionChoices } from "@/db/schema";
import { regradeIn } from "@/lib/appeals/rescoring";
import { anyAttempt } from "@/lib/attempts/counting";
import { lockKeyToChange } from "@/lib/attempts/scoring-sql";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import { recordFamilyEvents } from "@/lib/family-events/outbox";
import { AppError, businessError, invalidInput } from "@/lib/http/errors";
import { screenAfterRegrade } from "@/lib/integrity/screening";
import { assertSeasonOpen } from "@/lib/seasons/closed";
import { type DecisionInput, missingReasons, reasonLanguagesFor } from "@/shared/appeals/console";
import { ErrorCode } from "@/shared/http/contract";
import { regrades } from "@/shared/results/schema";

/**
 * The organiser's decision: on every undecided appeal of a question, or on one appeal against a
 * result, as the organiser read them (seenAt: one made or edited since stays undecided). "also",
 * "key" and "void" regrade the question in the same transaction, recording why each moved score
 * moved, and once it is committed the test is screened again (screenAfterRegrade); "reject" and
 * "upheld" change no score. Its reason is in the languages its appellants
 * read (Uzbek, Russian or both: missingReasons), else 422. Refused when nothing read is left
 * undecided (4014): a second click, or another organiser, decides nothing twice. `changed`: the
 * pupils whose score or place it changed, as its dry run lists them (regradeIn's changes).
 */
export async function decideAppeals({
  organiserId,
  testId,
  input,
  now,
}: {
  organiserId: number;
  testId: number;
  input: DecisionInput;
  now: Date;
}): Promise<{ decisionId: number; appeals: number; changed: number }> {
  const decided = await db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '10s'`);
    // One decision at a time per test, and before any regrade: the key lock is the regrade's own.
    await lockKeyToChange(tx, testId);
    await assertSeasonOpen(tx, { testId });
    const which =
      input.appealId !== undefined
        ? and(eq(appeals.id, input.appealId), isNull(appeals.questionId))
        : eq(appeals.questionId, input.questionId ?? 0);
    // Only what the organiser read: an appeal made or edited after the page was read stays undecided.
    const undecided = await tx
      .select({ id: appeals.id, language: attempts.language, userId: attempts.userId })
      .from(appeals)
      .innerJoin(attempts, and(eq(attempts.id, appeals.attemptId), anyAttempt()))
      .where(and(eq(appeals.testId, testId), which, isNull(appeals.decisionId), lte(appeals.updatedAt, new Date(input.seenAt))))
      .for("update", { of: appeals });
    // Decided meanwhile (another organiser, a second click): nothing is decided twice.
    if (undecided.length === 0) throw businessError(ErrorCode.AppealDecided);
    // The reason in each language its appellants read, checked before anything is written.
    const missing = missingReasons(input, reasonLanguagesFor(undecided.map((a) => a.language)));
    if (missing.length > 0)
      throw new AppError(422, null, missing[0].message, Object.fromEntries(missing.map((m) => [m.field, ["Required" as const]])));
    // The choice named must be one of the question's own, checked before anything is written.
    if (input.choiceId !== undefined) {
      const [own] = await tx
        .select({ id: questionChoices.id })
        .from(questionChoices)
        .where(and(eq(questionChoices.id, input.choiceId), eq(questionChoices.questionId, input.questionId ?? 0)));
      if (!own) throw invalidInput({ choiceId: ["Invalid"] });
    }
    const [decision] = await tx
      .insert(appealDecisions)
      .values({
        testId,
        questionId: input.questionId ?? null,
        outcome: input.outcome,
        choiceId: input.choiceId ?? null,
        voidAwards: input.voidAwards ?? null,
        // Not null: a decision for Russian-school appellants alone may have no Uzbek reason.
        reason: input.reason ?? "",
        reasonRu: input.reasonRu ?? null,
        organiserId,
        decidedAt: now,
      })
      .returning({ id: appealDecisions.id });
    let changed = 0;
    if (regrades(input.outcome)) {
      const report = await regradeIn(tx, {
        organiserId,
        testId,
        input: {
          questionId: input.questionId ?? 0,
          action: input.outcome,
          correctChoiceId: input.choiceId,
          voidAwards: input.voidAwards,
          dryRun: false,
          expectedKeyHash: input.expectedKeyHash,
          reason: input.reason ?? "",
        },
        origin: { decisionId: decision.id, reasonRu: input.reasonRu },
        now,
      }).catch((error: unknown) => {
        // The regrade names its own field; the decision's form calls it choiceId.
        if (error instanceof AppError && error.validationErrors.correctChoiceId)
          throw invalidInput({ choiceId: error.validationErrors.correctChoiceId });
        throw error;
      });
      // The dry run's own list: one count of "changed" for the dry run and the toast.
      changed = report.changes.length;
    }
    await tx
      .update(appeals)
      .set({ decisionId: decision.id })
      .where(
        sql`${appeals.id} in (${sql.join(
          undecided.map((a) => sql`${a.id}`),
          sql`, `,
        )})`,
      );
    // Each appellant's family is told, in this transaction (the outbox: lib/family-events).
    await recordFamilyEvents(
      tx,
      undecided.map((a) => ({
        to: { userId: a.userId },
        kind: "appeal.decided" as const,
        key: `appeal.decided:${a.id}`,
        data: { testId, appealId: a.id, outcome: input.outcome },
        testId,
      })),
    );
    await recordAction(tx, {
      organiserId,
      action: AuditAction.AppealDecision,
      targetType: "test",
      targetId: testId,
      reason: input.reason ?? input.reasonRu,
      details: {
        decisionId: decision.id,
        outcome: input.outcome,
        questionId: input.questionId ?? null,
        appealId: input.appealId ?? null,
        choiceId: input.choiceId ?? null,
        voidAwards: input.voidAwards ?? null,
        appeals: undecided.length,
        changed,
      },
    });
    return { decisionId: decision.id, appeals: undecided.length, changed };
  });
  // A changed key changes which answers agree: the screening runs again, as after any regrade.
  if (regrades(input.outcome)) await screenAfterRegrade(testId);
  return decided;
}
