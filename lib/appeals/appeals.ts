// Appeals: the pupil's (or the parent's, through the registration's link) against a question of
// their paper or their result as a whole, made and edited while the test's appeals are open
// (./deadline.ts: once the review shows the key, until the fifth working day after the close);
// and the organiser's decisions, one per question for all its appeals, of which "another choice
// is correct too", "change the key" and "void the question" run the regrade in the decision's own
// transaction, so the scores, the ranking and why each score moved change together.
import "server-only";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { appealDecisions, appeals, questionChoices, tests } from "@/db/schema";
import { currentAttempt, olympiadAttempt } from "@/lib/attempts/counting";
import { mayRevealKey } from "@/lib/attempts/rules";
import { lockKeyToChange } from "@/lib/attempts/scoring-sql";
import { answersStillPossible } from "@/lib/attempts/taking";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, selectRows, type Transaction } from "@/lib/db/client";
import { AppError, businessError, invalidInput, notFound } from "@/lib/http/errors";
import { regradeIn } from "@/lib/results/rescoring";
import type { DecisionInput } from "@/shared/appeals/console";
import type { AppealInput, AppealKind, AppealsView, DecisionOutcome, RegradeAction } from "@/shared/appeals/schema";
import type { LanguageTexts, StudyLanguage } from "@/shared/attempts/enums";
import { tenthsToPoints } from "@/shared/attempts/scoring";
import { ErrorCode } from "@/shared/http/contract";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { toCyrillic } from "@/shared/i18n/transliterate";
import { fullName } from "@/shared/identity/names";
import { listStatus, lockListShared } from "./final";

/** Whose appeals: the signed-in pupil's, or the pupil of a paid registration (the parent's link). */
export type AppealOwner = { userId: number } | { guid: string };

type OwnAttempt = {
  attemptId: number;
  userId: number;
  testId: number;
  endedAt: Date | string;
  closedAt: Date | string;
  reviewPolicy: string;
};

/**
 * The owner's current, ended attempt (the latest), or null. A voided one too: its pupil may appeal
 * the voiding (against the result as a whole) like any other result.
 */
async function ownAttempt(runner: Transaction | typeof db, owner: AppealOwner): Promise<OwnAttempt | null> {
  const who =
    "userId" in owner
      ? sql`a.user_id = ${owner.userId}`
      : sql`a.user_id = (select r.user_id from registrations r where r.guid = ${owner.guid} and r.paid_at is not null)`;
  const [row] = await selectRows<OwnAttempt>(
    runner,
    sql`
      select a.id as "attemptId", a.user_id as "userId", a.test_id as "testId", a.ended_at as "endedAt",
             t.closed_at as "closedAt", t.review_policy as "reviewPolicy"
      from attempts a join tests t on t.id = a.test_id
      where ${who} and a.ended_at is not null and ${currentAttempt("a")} and ${olympiadAttempt("a")}
      order by a.ended_at desc
      limit 1`,
  );
  return row ?? null;
}

/** Whether the pupil's review shows the key now: appeals begin then. */
async function keyShown(runner: Transaction | typeof db, attempt: OwnAttempt, now: Date): Promise<boolean> {
  const policy = { endedAt: new Date(attempt.endedAt), reviewPolicy: attempt.reviewPolicy, closedAt: new Date(attempt.closedAt), now };
  return (
    mayRevealKey({ ...policy, answersStillPossible: false }) &&
    mayRevealKey({ ...policy, answersStillPossible: await answersStillPossible({ testId: attempt.testId, now }, runner) })
  );
}

/** A decision's reason as the pupil reads it: Uzbek in their script, or Russian where the organiser gave it. */
function reasonIn(locale: Locale, { reason, reasonRu }: { reason: string; reasonRu: string | null }): string {
  if (locale === "ru") return reasonRu ?? reason;
  return locale === "uz-Cyrl" ? toCyrillic(reason) : reason;
}

type ViewRows = {
  questions: { testAttemptQuestionId: number; questionNumber: number }[];
  appeals: {
    appealId: number;
    testAttemptQuestionId: number | null;
    questionNumber: number | null;
    kind: AppealKind;
    text: string;
    updatedAt: string;
    outcome: DecisionOutcome | null;
    reason: string | null;
    reasonRu: string | null;
    decidedAt: string | null;
  }[];
  changes: {
    questionNumber: number | null;
    action: RegradeAction;
    oldTenths: number;
    newTenths: number;
    reason: string;
    reasonRu: string | null;
    changedAt: string;
  }[];
  selected: boolean;
};

async function viewOf(runner: Transaction | typeof db, attempt: OwnAttempt, locale: Locale, now: Date): Promise<AppealsView> {
  const [rows] = await selectRows<ViewRows>(
    runner,
    sql`
      select
        (select coalesce(json_agg(json_build_object('testAttemptQuestionId', aq.id, 'questionNumber', aq.number) order by aq.number), '[]')
           from attempt_questions aq where aq.attempt_id = ${attempt.attemptId}) as questions,
        (select coalesce(json_agg(json_build_object(
                  'appealId', ap.id, 'testAttemptQuestionId', ap.attempt_question_id, 'questionNumber', aq.number, 'kind', ap.kind,
                  'text', ap.text, 'updatedAt', ap.updated_at, 'outcome', d.outcome, 'reason', d.reason, 'reasonRu', d.reason_ru,
                  'decidedAt', d.decided_at) order by aq.number nulls first), '[]')
           from appeals ap
           left join attempt_questions aq on aq.id = ap.attempt_question_id
           left join appeal_decisions d on d.id = ap.decision_id
           where ap.attempt_id = ${attempt.attemptId}) as appeals,
        (select coalesce(json_agg(json_build_object(
                  'questionNumber', aq.number, 'action', c.action, 'oldTenths', c.old_tenths, 'newTenths', c.new_tenths,
                  'reason', c.reason, 'reasonRu', c.reason_ru, 'changedAt', c.changed_at) order by c.id), '[]')
           from score_changes c
           left join attempt_questions aq on aq.attempt_id = c.attempt_id and aq.question_id = c.question_id
           where c.attempt_id = ${attempt.attemptId}) as changes,
        coalesce((select fl.rows -> 'rows' @> ${JSON.stringify([{ userId: attempt.userId }])}::jsonb
                  from final_lists fl where fl.test_id = ${attempt.testId} order by fl.version desc limit 1), false) as selected`,
  );
  const status = await listStatus(runner, attempt.testId, now);
  if (!status) throw notFound();
  const shown = await keyShown(runner, attempt, now);
  return {
    attemptId: attempt.attemptId,
    open: shown && status.appealsOpen && status.state === "provisional",
    keyShown: shown,
    closesAt: status.appealsCloseAt.toISOString(),
    questions: rows.questions,
    appeals: rows.appeals.map((a) => ({
      appealId: a.appealId,
      testAttemptQuestionId: a.testAttemptQuestionId,
      questionNumber: a.questionNumber,
      kind: a.kind,
      text: a.text,
      updatedAt: new Date(a.updatedAt).toISOString(),
      decision:
        a.outcome === null
          ? null
          : {
              outcome: a.outcome,
              reason: reasonIn(locale, { reason: a.reason ?? "", reasonRu: a.reasonRu }),
              decidedAt: new Date(a.decidedAt ?? 0).toISOString(),
            },
    })),
    scoreChanges: rows.changes.map((c) => ({
      questionNumber: c.questionNumber,
      action: c.action,
      oldScore: tenthsToPoints(c.oldTenths),
      newScore: tenthsToPoints(c.newTenths),
      reason: reasonIn(locale, c),
      changedAt: new Date(c.changedAt).toISOString(),
    })),
    list: { state: status.state, since: status.since.toISOString(), secondStage: status.state === "final" && rows.selected },
  };
}

/** What the pupil's (or the parent's) pages show of the appeals, the score's changes and the list; null without an ended attempt. */
export async function appealsView(owner: AppealOwner, locale: Locale, now: Date): Promise<AppealsView | null> {
  const attempt = await ownAttempt(db, owner);
  return attempt ? viewOf(db, attempt, locale, now) : null;
}

/**
 * Makes or edits the owner's appeal on one question of their paper (or on their result): refused
 * outside the appeal period (4013), once decided (4014), for a question not on their paper (422).
 * Nothing is written when refused.
 */
export async function submitAppeal(owner: AppealOwner, input: AppealInput, locale: Locale, now: Date): Promise<AppealsView> {
  return db.transaction(async (tx) => {
    const attempt = await ownAttempt(tx, owner);
    if (!attempt) throw businessError(ErrorCode.ThereIsNotEndedAttempt);
    await lockListShared(tx, attempt.testId);
    const status = await listStatus(tx, attempt.testId, now);
    if (!status?.appealsOpen || status.state !== "provisional" || !(await keyShown(tx, attempt, now)))
      throw businessError(ErrorCode.AppealsClosed);
    const aboutQuestion = input.testAttemptQuestionId ?? null;
    let questionId: number | null = null;
    if (aboutQuestion !== null) {
      const [drawn] = await selectRows<{ questionId: number }>(
        tx,
        sql`select question_id as "questionId" from attempt_questions where id = ${aboutQuestion} and attempt_id = ${attempt.attemptId}`,
      );
      if (!drawn) throw invalidInput({ testAttemptQuestionId: ["Invalid"] });
      questionId = drawn.questionId;
    }
    // One per question per pupil: edited in place while undecided; a decided one is not changed.
    const [kept] = await selectRows<{ id: number }>(
      tx,
      sql`insert into appeals (test_id, attempt_id, attempt_question_id, question_id, kind, text, created_at, updated_at)
          values (${attempt.testId}, ${attempt.attemptId}, ${aboutQuestion}, ${questionId}, ${input.kind}, ${input.text},
                  ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (attempt_id, coalesce(attempt_question_id, 0)) do update
            set kind = excluded.kind, text = excluded.text, updated_at = excluded.updated_at
            where appeals.decision_id is null
          returning id`,
    );
    if (!kept) throw businessError(ErrorCode.AppealDecided);
    return viewOf(tx, attempt, locale, now);
  });
}

// ─── The console ────────────────────────────────────────────────────────────

export type ConsoleAppeal = {
  appealId: number;
  attemptId: number;
  userId: number;
  fullName: string;
  username: string | null;
  language: StudyLanguage;
  questionNumber: number | null;
  kind: AppealKind;
  text: string;
  updatedAt: string;
  decisionId: number | null;
  /** The pupil's answer, and the choices in the order the pupil saw them (A first): their letters are not the bank's. */
  answerChoiceId: number | null;
  choiceOrder: number[] | null;
};

export type ConsoleDecision = {
  decisionId: number;
  outcome: DecisionOutcome;
  choiceId: number | null;
  voidAwards: string | null;
  reason: string;
  reasonRu: string | null;
  decidedAt: string;
};

/** The appeals of one question, with the question as the bank holds it. */
export type QuestionAppeals = {
  questionId: number;
  texts: LanguageTexts;
  voidAwards: string | null;
  choices: { choiceId: number; position: number; texts: LanguageTexts; isCorrect: boolean }[];
  appeals: ConsoleAppeal[];
  decisions: ConsoleDecision[];
};

export type TestAppeals = { questions: QuestionAppeals[]; results: (ConsoleAppeal & { decision: ConsoleDecision | null })[] };

type AppealRow = ConsoleAppeal & {
  questionId: number | null;
  lastName: string;
  firstName: string;
  middleName: string | null;
};

/** Every appeal of a test's counting attempts, grouped by question (most appealed first), and those against results. */
export async function testAppeals(testId: number): Promise<TestAppeals> {
  const rows = await selectRows<AppealRow>(
    db,
    sql`
      select ap.id as "appealId", ap.attempt_id as "attemptId", a.user_id as "userId", u.last_name as "lastName",
             u.first_name as "firstName", u.middle_name as "middleName", u.username, a.language, aq.number as "questionNumber",
             aq.answer_choice_id as "answerChoiceId", aq.choice_order as "choiceOrder",
             ap.question_id as "questionId", ap.kind, ap.text, to_json(ap.updated_at)#>>'{}' as "updatedAt", ap.decision_id as "decisionId"
      from appeals ap
      join attempts a on a.id = ap.attempt_id and ${currentAttempt("a")}
      join users u on u.id = a.user_id
      left join attempt_questions aq on aq.id = ap.attempt_question_id
      where ap.test_id = ${testId}
      order by ap.updated_at, ap.id`,
  );
  const decisions = await selectRows<ConsoleDecision & { questionId: number | null }>(
    db,
    sql`select id as "decisionId", question_id as "questionId", outcome, choice_id as "choiceId", void_awards as "voidAwards",
               reason, reason_ru as "reasonRu",
               to_json(decided_at)#>>'{}' as "decidedAt"
        from appeal_decisions where test_id = ${testId} order by id`,
  );
  const questionIds = [...new Set(rows.flatMap((r) => (r.questionId === null ? [] : [r.questionId])))];
  const bank =
    questionIds.length === 0
      ? []
      : await selectRows<Omit<QuestionAppeals, "appeals" | "decisions">>(
          db,
          sql`select q.id as "questionId", q.texts, q.void_awards as "voidAwards",
                     (select json_agg(json_build_object('choiceId', c.id, 'position', c.position, 'texts', c.texts, 'isCorrect', c.is_correct)
                                      order by c.position, c.id)
                        from question_choices c where c.question_id = q.id) as choices
              from questions q where q.id in (${sql.join(
                questionIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        );
  const appeal = ({ lastName, firstName, middleName, questionId: _, ...rest }: AppealRow): ConsoleAppeal => ({
    ...rest,
    fullName: fullName({ lastName, firstName, middleName }),
  });
  const questions = bank
    .map((q) => ({
      ...q,
      appeals: rows.filter((r) => r.questionId === q.questionId).map(appeal),
      decisions: decisions.filter((d) => d.questionId === q.questionId).map(({ questionId: _, ...d }) => d),
    }))
    .sort((a, b) => b.appeals.length - a.appeals.length || a.questionId - b.questionId);
  const results = rows
    .filter((r) => r.questionId === null)
    .map((r) => {
      const found = decisions.find((d) => d.decisionId === r.decisionId);
      return { ...appeal(r), decision: found ? (({ questionId: _, ...d }) => d)(found) : null };
    });
  return { questions, results };
}

/**
 * The organiser's decision: on every undecided appeal of a question, or on one appeal against a
 * result, as the organiser read them (seenAt: one made or edited since stays undecided). "also",
 * "key" and "void" regrade the question in the same transaction, recording why each moved score
 * moved; "reject" and "upheld" change no score. Refused when nothing read is left undecided
 * (4014): a second click, or another organiser, decides nothing twice.
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
}): Promise<{ decisionId: number; appeals: number; scoresMoved: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '10s'`);
    // One decision at a time per test, and before any regrade: the key lock is the regrade's own.
    await lockKeyToChange(tx, testId);
    const which =
      input.appealId !== undefined
        ? and(eq(appeals.id, input.appealId), isNull(appeals.questionId))
        : eq(appeals.questionId, input.questionId ?? 0);
    // Only what the organiser read: an appeal made or edited after the page was read stays undecided.
    const undecided = await tx
      .select({ id: appeals.id })
      .from(appeals)
      .where(and(eq(appeals.testId, testId), which, isNull(appeals.decisionId), lte(appeals.updatedAt, new Date(input.seenAt))))
      .for("update");
    // Decided meanwhile (another organiser, a second click): nothing is decided twice.
    if (undecided.length === 0) throw businessError(ErrorCode.AppealDecided);
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
        reason: input.reason,
        reasonRu: input.reasonRu ?? null,
        organiserId,
        decidedAt: now,
      })
      .returning({ id: appealDecisions.id });
    let scoresMoved = 0;
    if (input.outcome === "also" || input.outcome === "key" || input.outcome === "void") {
      const report = await regradeIn(tx, {
        organiserId,
        testId,
        input: {
          questionId: input.questionId ?? 0,
          action: input.outcome,
          correctChoiceId: input.choiceId,
          voidAwards: input.voidAwards,
          dryRun: false,
          reason: input.reason,
        },
        origin: { decisionId: decision.id, reasonRu: input.reasonRu },
        now,
      }).catch((error: unknown) => {
        // The regrade names its own field; the decision's form calls it choiceId.
        if (error instanceof AppError && error.validationErrors.correctChoiceId)
          throw invalidInput({ choiceId: error.validationErrors.correctChoiceId });
        throw error;
      });
      scoresMoved = report.changes.filter((c) => c.oldScore !== c.newScore).length;
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
    await recordAction(tx, {
      organiserId,
      action: AuditAction.AppealDecision,
      targetType: "test",
      targetId: testId,
      reason: input.reason,
      details: {
        decisionId: decision.id,
        outcome: input.outcome,
        questionId: input.questionId ?? null,
        appealId: input.appealId ?? null,
        choiceId: input.choiceId ?? null,
        voidAwards: input.voidAwards ?? null,
        appeals: undecided.length,
        scoresMoved,
      },
    });
    return { decisionId: decision.id, appeals: undecided.length, scoresMoved };
  });
}

/** The organiser's own end of a test's appeals, or back to the national rule (null); recorded with its reason. */
export async function setAppealsClose({
  organiserId,
  testId,
  appealsCloseAt,
  reason,
}: {
  organiserId: number;
  testId: number;
  appealsCloseAt: Date | null;
  reason: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [test] = await tx.update(tests).set({ appealsCloseAt }).where(eq(tests.id, testId)).returning({ closedAt: tests.closedAt });
    if (!test) throw notFound();
    if (appealsCloseAt !== null && appealsCloseAt <= test.closedAt) throw invalidInput({ appealsCloseAt: ["Range"] });
    await recordAction(tx, {
      organiserId,
      action: AuditAction.AppealsClose,
      targetType: "test",
      targetId: testId,
      reason,
      details: { appealsCloseAt: appealsCloseAt?.toISOString() ?? null },
    });
  });
}
