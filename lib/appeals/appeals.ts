// Appeals: the pupil's (or the parent's, through the registration's link) against a question of
// their paper or their result as a whole, made and edited while the test's appeals are open
// (lib/subject-tests/appeals-deadline.ts: once the review shows the key, until the fifth working day after the close); the
// console's reading of a test's appeals (its end: ./close.ts). What the pupil's pages
// show is built in ./pupil-view.ts; the organiser's decisions, with their regrades, are ./decisions.ts.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { currentAttempt } from "@/lib/attempts/counting";
import { db, selectRows } from "@/lib/db/client";
import { built, idRow, studyLanguage } from "@/lib/db/rows";
import { listStatus } from "@/lib/final-list/final";
import { lockListShared } from "@/lib/final-list/finalise";
import { businessError, invalidInput } from "@/lib/http/errors";
import {
  APPEAL_KINDS,
  type AppealInput,
  type AppealKind,
  type AppealsView,
  DECISION_OUTCOMES,
  type DecisionOutcome,
} from "@/shared/appeals/schema";
import type { LanguageTexts, StudyLanguage } from "@/shared/attempts/enums";
import { ErrorCode } from "@/shared/http/contract";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { fullName } from "@/shared/identity/names";
import { type AppealOwner, keyShown, ownAttempt, viewOf } from "./pupil-view";

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
      const [drawn] = await selectRows(
        z.object({ questionId: z.number() }),
        tx,
        sql`select question_id as "questionId" from attempt_questions where id = ${aboutQuestion} and attempt_id = ${attempt.attemptId}`,
      );
      if (!drawn) throw invalidInput({ testAttemptQuestionId: ["Invalid"] });
      questionId = drawn.questionId;
    }
    // One per question per pupil: edited in place while undecided; a decided one is not changed.
    const [kept] = await selectRows(
      idRow,
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

type AppealRow = Omit<ConsoleAppeal, "fullName"> & {
  questionId: number | null;
  lastName: string;
  firstName: string;
  middleName: string | null;
};

const appealRow: z.ZodType<AppealRow> = z.object({
  appealId: z.number(),
  attemptId: z.number(),
  userId: z.number(),
  username: z.string().nullable(),
  language: studyLanguage,
  questionNumber: z.number().nullable(),
  kind: z.enum(APPEAL_KINDS),
  text: z.string(),
  updatedAt: z.string(),
  decisionId: z.number().nullable(),
  answerChoiceId: z.number().nullable(),
  choiceOrder: built<number[]>().nullable(),
  questionId: z.number().nullable(),
  lastName: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
});

const decisionRow = z.object({
  decisionId: z.number(),
  questionId: z.number().nullable(),
  outcome: z.enum(DECISION_OUTCOMES),
  choiceId: z.number().nullable(),
  voidAwards: z.string().nullable(),
  reason: z.string(),
  reasonRu: z.string().nullable(),
  decidedAt: z.string(),
}) satisfies z.ZodType<ConsoleDecision & { questionId: number | null }>;

const bankRow = z.object({
  questionId: z.number(),
  texts: built<LanguageTexts>(),
  voidAwards: z.string().nullable(),
  choices: built<QuestionAppeals["choices"]>(),
}) satisfies z.ZodType<Omit<QuestionAppeals, "appeals" | "decisions">>;

/** Every appeal of a test's counting attempts, grouped by question (most appealed first), and those against results. */
export async function testAppeals(testId: number): Promise<TestAppeals> {
  const rows = await selectRows(
    appealRow,
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
  const decisions = await selectRows(
    decisionRow,
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
      : await selectRows(
          bankRow,
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
