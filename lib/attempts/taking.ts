// Taking the test: the attempt as the pupil sees it, the clock, and saving an answer.
import "server-only";
import { and, eq, exists, sql } from "drizzle-orm";
import { answerEvents, attemptQuestions, attempts, tests, users } from "@/db/schema";
import { type Database, db, prepared, type Transaction } from "@/lib/db/client";
import { businessError, notFound } from "@/lib/http/errors";
import { sessionHoldsSql, unauthorized, userOfClaims } from "@/lib/identity/session";
import type { SessionClaims } from "@/lib/identity/session-token";
import { noteRequest } from "@/lib/log.mjs";
import { metrics } from "@/lib/metrics.mjs";
import { VoidAwards } from "@/shared/attempts/enums";
import { ErrorCode } from "@/shared/http/contract";
import { bankContent, paperView } from "./content";
import { anyAttempt, currentAttempt, runningAttempt } from "./counting";
import { expireIfDue, type OwnAttemptRead, readOwnAttempt } from "./ending";
import { reviewKey } from "./review-key";
import { isPastGrace, mayRevealKey, remainingSeconds } from "./rules";

export type AttemptQuestionView = {
  testAttemptQuestionId: number;
  questionNumber: number;
  text: string;
  answerId: number | null;
  /** Null until review may show the key (never while the attempt runs). */
  correctAnswerId: number | null;
  isAnswerCorrect: boolean | null;
  readingTextId: number | null;
  questionChoices: { questionChoiceId: number; text: string }[];
  /** Once review shows the key: voided by a regrade (its points to everyone or to nobody), or not. */
  voided?: VoidAwards | null;
  /** Once review shows the key: a regrade changed its key (an appeal's decision, or this pupil's score). */
  keyChanged?: boolean;
};

export type AttemptView = {
  testAttemptId: number;
  isEnded: boolean;
  /** Whole seconds to the deadline when this was read (0 once ended): the page's clock needs no second call. */
  remainingTime: number;
  questions: AttemptQuestionView[];
  readingTexts: { readingTextId: number; text: string }[];
};

/** [attempt question id, number, question id, choice order, answer] */
type PupilRow = [number, number, number, number[], number | null];

/**
 * The pupil's own attempt, its test's review facts and the pupil's rows, in one statement; with
 * `session` (a route's token), the session is checked against the user row in it too.
 */
const ownAttemptStatement = () =>
  prepared("own_attempt_rows", (db, name) =>
    db
      .select({
        attempt: attempts,
        subjectId: tests.subjectId,
        contentVersion: tests.contentVersion,
        reviewPolicy: tests.reviewPolicy,
        closedAt: tests.closedAt,
        rows: sql<PupilRow[]>`(
          select coalesce(json_agg(json_build_array(aq.id, aq.number, aq.question_id, aq.choice_order, aq.answer_choice_id)
                                   order by aq.number), '[]'::json)
          from attempt_questions aq where aq.attempt_id = ${attempts.id})`,
      })
      .from(attempts)
      .innerJoin(tests, eq(tests.id, attempts.testId))
      .innerJoin(users, eq(users.id, attempts.userId))
      .where(
        and(
          eq(attempts.id, sql.placeholder("attemptId")),
          eq(attempts.userId, sql.placeholder("userId")),
          currentAttempt(),
          sql`(${sql.placeholder("sessionVersion")}::int is null or ${sessionHoldsSql()})`,
        ),
      )
      .prepare(name),
  );

/**
 * Get: the pupil's own attempt as they see it. On the opening's path: one statement reads the
 * pupil's rows, and the questions' content comes from the per-test cache (content.ts). The key is
 * read (a second statement) only once review may show it, never while the attempt runs.
 */
export async function getAttempt({
  userId,
  attemptId,
  session,
  now = new Date(),
}: OwnAttemptRead & { session?: SessionClaims }): Promise<AttemptView> {
  noteRequest({ attemptId });
  const [row] = await ownAttemptStatement().execute({
    attemptId,
    userId,
    sessionVersion: session?.sessionVersion ?? null,
    sessionId: session?.sessionId ?? "",
  });
  if (!row) {
    if (session && !(await userOfClaims({ ...session, userId, role: 0 }))) throw unauthorized();
    throw notFound(); // another pupil's, a reset one, or none
  }
  const attempt = await expireIfDue(row.attempt, now);
  const drawn = row.rows.map(([id, number, questionId, choiceOrder, answerId]) => ({ id, number, questionId, choiceOrder, answerId }));
  const bank = await bankContent(
    { testId: attempt.testId, subjectId: row.subjectId, version: row.contentVersion },
    { questionIds: drawn.map((q) => q.questionId), choiceIds: drawn.flatMap((q) => q.choiceOrder) },
  );

  const policy = { endedAt: attempt.endedAt, reviewPolicy: row.reviewPolicy, closedAt: row.closedAt, now };
  // The question "may anyone still answer?" is asked of the database only when it decides.
  const reveal =
    mayRevealKey({ ...policy, answersStillPossible: false }) &&
    mayRevealKey({ ...policy, answersStillPossible: await answersStillPossible({ testId: attempt.testId, now }) });
  const key = reveal
    ? await reviewKey({ questionIds: drawn.map((q) => q.questionId), attemptId: attempt.id, testId: attempt.testId })
    : null;

  const seen = paperView(bank, drawn, attempt.language);
  const questionViews = drawn.map((q, index) => {
    // A question may have more than one correct choice (an appeal accepted another too): the pupil's, if it is one.
    const answeredCorrectly = key !== null && q.answerId !== null && key.correct.has(q.answerId);
    const correctAnswerId = key ? (answeredCorrectly ? q.answerId : (q.choiceOrder.find((id) => key.correct.has(id)) ?? null)) : null;
    const voidAwards = key?.voided.get(q.questionId);
    const { questionNumber, text, readingTextId, questionChoices } = seen.questions[index];
    return {
      testAttemptQuestionId: q.id,
      questionNumber,
      text,
      answerId: q.answerId,
      correctAnswerId,
      // A question voided by a regrade counts for everyone or for nobody, as its score does.
      isAnswerCorrect: !key ? null : voidAwards ? voidAwards === VoidAwards.All : answeredCorrectly,
      // Shown in review once the key is: a voided question, and one whose key a regrade changed.
      ...(key ? { voided: voidAwards ?? null, keyChanged: key.rekeyed.has(q.questionId) } : {}),
      readingTextId,
      questionChoices,
    };
  });
  return {
    testAttemptId: attempt.id,
    isEnded: attempt.endedAt !== null,
    remainingTime: attempt.endedAt ? 0 : remainingSeconds(attempt.deadlineAt, now),
    questions: questionViews,
    readingTexts: seen.readingTexts,
  };
}

/** Whether some attempt of the test has not ended and is within its deadline and grace. */
export async function answersStillPossible(
  { testId, now }: { testId: number; now: Date },
  runner: Database | Transaction = db,
): Promise<boolean> {
  const [open] = await runner
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), runningAttempt(now)))
    .limit(1);
  return open !== undefined;
}

export async function getRemainingTime({ userId, attemptId, now = new Date() }: OwnAttemptRead): Promise<{ remainingTime: number }> {
  const { attempt } = await readOwnAttempt({ userId, attemptId, now });
  return { remainingTime: attempt.endedAt ? 0 : remainingSeconds(attempt.deadlineAt, now) };
}

/**
 * Answer: replaces the question's answer; durable when this returns. Refused once the attempt has
 * ended or its deadline and grace have passed (4002), or for a choice of another question (4005).
 * Every save, a changed answer's too, is appended to answer_events with the server's time and the
 * page's `chosenAt`, clamped between the attempt's start and that time: the browser is never
 * trusted beyond it.
 *
 * The opening minute's hot path, so one statement, which also checks the session against the
 * user row (blocked, signed out everywhere: 401): a CTE share-locks the pupil's attempt row
 * (a concurrent Finish holds it for update, so it scores either with or without this answer and
 * never loses one it acknowledged) and the update happens only if every rule holds; the event is
 * inserted from the update's own row, so a saved answer always has its event and a refused one
 * never. What the event costs: one row and one index entry (answer_events' key) more per save,
 * and its foreign key's check of the attempt row this statement already holds; no round trip, and
 * the same commit (pgbench, one connection, this statement alone: about 0.19 ms a save without the
 * event, 0.23 ms with it). Only a refused answer pays for a second query, to say why.
 */
export async function saveAnswer({
  session,
  testAttemptQuestionId,
  answerId,
  chosenAt,
  now = new Date(),
}: {
  /** The token's claims, checked here against the user row (blocked, signed out everywhere). */
  session: SessionClaims;
  testAttemptQuestionId: number;
  answerId: number;
  /** When the pupil chose it, as the page says (its outbox may send it late). */
  chosenAt?: Date;
  now?: Date;
}): Promise<{ testAttemptQuestionId: number; answerId: number }> {
  const saved = await prepared("save_answer", (db, name) => {
    const open = db.$with("open_attempt").as(
      db
        .select({ id: attempts.id, startedAt: attempts.startedAt })
        .from(attemptQuestions)
        .innerJoin(attempts, eq(attempts.id, attemptQuestions.attemptId))
        .innerJoin(users, eq(users.id, attempts.userId))
        .where(
          and(
            eq(attemptQuestions.id, sql.placeholder("testAttemptQuestionId")),
            eq(attempts.userId, sql.placeholder("userId")),
            sessionHoldsSql(),
            runningAttempt(sql.placeholder("now")),
            sql`${sql.placeholder("answerId")} = any(${attemptQuestions.choiceOrder})`,
          ),
        )
        .for("share", { of: attempts }),
    );
    const answered = db.$with("answered").as(
      db
        .update(attemptQuestions)
        .set({ answerChoiceId: sql`${sql.placeholder("answerId")}`, answeredAt: sql`${sql.placeholder("now")}` })
        .where(and(eq(attemptQuestions.id, sql.placeholder("testAttemptQuestionId")), exists(db.select().from(open))))
        .returning({
          attemptId: attemptQuestions.attemptId,
          number: attemptQuestions.number,
          questionId: attemptQuestions.questionId,
          answerChoiceId: attemptQuestions.answerChoiceId,
          answeredAt: attemptQuestions.answeredAt,
        }),
    );
    // The page's time, within [the attempt's start, the server's]; none when it did not say.
    const chosen = sql`${sql.placeholder("chosenAt")}::timestamptz`;
    const event = db.$with("event", {}).as(
      sql`insert into ${answerEvents} (attempt_id, question_id, choice_id, received_at, chosen_at)
          select answered.attempt_id, answered.question_id, answered.answer_choice_id, answered.answered_at,
                 case when ${chosen} is not null then least(answered.answered_at, greatest(open_attempt.started_at, ${chosen})) end
          from answered, open_attempt`,
    );
    return db.with(open, answered, event).select({ attemptId: answered.attemptId, number: answered.number }).from(answered).prepare(name);
  }).execute({
    userId: session.userId,
    sessionVersion: session.sessionVersion,
    sessionId: session.sessionId,
    testAttemptQuestionId,
    answerId,
    // Placeholders skip the columns' encoders: timestamps go as ISO strings, as the drivers expect.
    now: now.toISOString(),
    chosenAt: chosenAt?.toISOString() ?? null,
  });
  if (saved.length === 1) {
    metrics().answersSaved.inc();
    // The request's log line says which attempt and question it was (never the choice).
    noteRequest({ attemptId: saved[0].attemptId, question: saved[0].number });
    return { testAttemptQuestionId, answerId };
  }

  const userId = session.userId;
  if (!(await userOfClaims(session))) throw unauthorized();
  const [row] = await db
    .select({
      attemptId: attempts.id,
      number: attemptQuestions.number,
      choiceOrder: attemptQuestions.choiceOrder,
      endedAt: attempts.endedAt,
      deadlineAt: attempts.deadlineAt,
    })
    .from(attemptQuestions)
    .innerJoin(attempts, eq(attempts.id, attemptQuestions.attemptId))
    .where(and(eq(attemptQuestions.id, testAttemptQuestionId), eq(attempts.userId, userId), anyAttempt()));
  if (!row) throw notFound();
  noteRequest({ attemptId: row.attemptId, question: row.number });
  if (row.endedAt || isPastGrace(row.deadlineAt, now)) throw businessError(ErrorCode.AttemptEnded);
  if (!row.choiceOrder.includes(answerId)) throw businessError(ErrorCode.InvalidChoice);
  throw businessError(ErrorCode.AttemptEnded); // it ended between the two reads
}
