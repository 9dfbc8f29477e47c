// Taking the test: the attempt as the pupil sees it, the clock, and saving an answer.
import "server-only";
import { and, asc, eq, exists, gte, inArray, isNull, sql } from "drizzle-orm";
import { db, prepared } from "@/db/client";
import { attemptQuestions, attempts, questionChoices, questions, readingTexts, users } from "@/db/schema";
import { businessError, ErrorCode, notFound } from "@/lib/http/errors";
import { unauthorized, userOfClaims } from "@/lib/identity/session";
import type { SessionClaims } from "@/lib/identity/session-token";
import { type OwnAttemptRead, readOwnAttempt } from "./ending";
import { VoidAwards } from "./enums";
import { ANSWER_GRACE_SECONDS, isPastGrace, mayRevealKey, remainingSeconds } from "./rules";

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
};

export type AttemptView = {
  testAttemptId: number;
  isEnded: boolean;
  questions: AttemptQuestionView[];
  readingTexts: { readingTextId: number; text: string }[];
};

export async function getAttempt({ userId, attemptId, now = new Date() }: OwnAttemptRead): Promise<AttemptView> {
  const { attempt, test } = await readOwnAttempt({ userId, attemptId, now });
  const policy = { endedAt: attempt.endedAt, reviewPolicy: test.reviewPolicy, closedAt: test.closedAt, now };
  // The question "may anyone still answer?" is asked of the database only when it decides.
  const reveal =
    mayRevealKey({ ...policy, answersStillPossible: false }) &&
    mayRevealKey({ ...policy, answersStillPossible: await answersStillPossible({ testId: test.id, now }) });

  const drawn = await db
    .select({
      id: attemptQuestions.id,
      number: attemptQuestions.number,
      choiceOrder: attemptQuestions.choiceOrder,
      answerId: attemptQuestions.answerChoiceId,
      questionId: questions.id,
      text: questions.text,
      readingTextId: questions.readingTextId,
      voidAwards: questions.voidAwards,
    })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .where(eq(attemptQuestions.attemptId, attempt.id))
    .orderBy(asc(attemptQuestions.number));
  const questionIds = drawn.map((q) => q.questionId);
  // The key is not even read from the database unless it may be shown.
  const choices = await db
    .select({
      id: questionChoices.id,
      text: questionChoices.text,
      ...(reveal ? { isCorrect: questionChoices.isCorrect } : {}),
    })
    .from(questionChoices)
    .where(inArray(questionChoices.questionId, questionIds));
  const choiceById = new Map(choices.map((c) => [c.id, c as { id: number; text: string; isCorrect?: boolean }]));
  const readingTextIds = [...new Set(drawn.map((q) => q.readingTextId).filter((id): id is number => id !== null))];
  const texts =
    readingTextIds.length === 0
      ? []
      : await db
          .select({ readingTextId: readingTexts.id, text: readingTexts.text })
          .from(readingTexts)
          .where(inArray(readingTexts.id, readingTextIds));

  return {
    testAttemptId: attempt.id,
    isEnded: attempt.endedAt !== null,
    questions: drawn.map((q) => {
      const ordered = q.choiceOrder.map((id) => choiceById.get(id)!);
      const correctAnswerId = reveal ? (ordered.find((c) => c.isCorrect)?.id ?? null) : null;
      return {
        testAttemptQuestionId: q.id,
        questionNumber: q.number,
        text: q.text,
        answerId: q.answerId,
        correctAnswerId,
        // A question voided by a regrade counts for everyone or for nobody, as its score does.
        isAnswerCorrect: !reveal
          ? null
          : q.voidAwards
            ? q.voidAwards === VoidAwards.All
            : q.answerId !== null && q.answerId === correctAnswerId,
        readingTextId: q.readingTextId,
        questionChoices: ordered.map((c) => ({ questionChoiceId: c.id, text: c.text })),
      };
    }),
    readingTexts: texts,
  };
}

/** Whether some attempt of the test has not ended and is within its deadline and grace. */
async function answersStillPossible({ testId, now }: { testId: number; now: Date }): Promise<boolean> {
  const lastAccepted = new Date(now.getTime() - ANSWER_GRACE_SECONDS * 1000);
  const [open] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), isNull(attempts.endedAt), gte(attempts.deadlineAt, lastAccepted)))
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
 *
 * The opening minute's hot path, so one statement, which also checks the session against the
 * user row (blocked, signed out everywhere: 401): a CTE share-locks the pupil's attempt row
 * (a concurrent Finish holds it for update, so it scores either with or without this answer and
 * never loses one it acknowledged) and the update happens only if every rule holds. Only a
 * refused answer pays for a second query, to say why.
 */
export async function saveAnswer({
  session,
  testAttemptQuestionId,
  answerId,
  now = new Date(),
}: {
  /** The token's claims, checked here against the user row (blocked, signed out everywhere). */
  session: SessionClaims;
  testAttemptQuestionId: number;
  answerId: number;
  now?: Date;
}): Promise<{ testAttemptQuestionId: number; answerId: number }> {
  const saved = await prepared("save_answer", (db, name) => {
    const open = db.$with("open_attempt").as(
      db
        .select({ id: attempts.id })
        .from(attemptQuestions)
        .innerJoin(attempts, eq(attempts.id, attemptQuestions.attemptId))
        .innerJoin(users, eq(users.id, attempts.userId))
        .where(
          and(
            eq(attemptQuestions.id, sql.placeholder("testAttemptQuestionId")),
            eq(attempts.userId, sql.placeholder("userId")),
            isNull(users.blockedAt),
            eq(users.sessionVersion, sql.placeholder("sessionVersion")),
            isNull(attempts.endedAt),
            gte(attempts.deadlineAt, sql.placeholder("lastAccepted")),
            sql`${sql.placeholder("answerId")} = any(${attemptQuestions.choiceOrder})`,
          ),
        )
        .for("share", { of: attempts }),
    );
    return db
      .with(open)
      .update(attemptQuestions)
      .set({ answerChoiceId: sql`${sql.placeholder("answerId")}`, answeredAt: sql`${sql.placeholder("now")}` })
      .where(and(eq(attemptQuestions.id, sql.placeholder("testAttemptQuestionId")), exists(db.select().from(open))))
      .returning({ id: attemptQuestions.id })
      .prepare(name);
  }).execute({
    userId: session.userId,
    sessionVersion: session.sessionVersion,
    testAttemptQuestionId,
    answerId,
    // Placeholders skip the columns' encoders: timestamps go as ISO strings, as the drivers expect.
    now: now.toISOString(),
    lastAccepted: new Date(now.getTime() - ANSWER_GRACE_SECONDS * 1000).toISOString(),
  });
  if (saved.length === 1) return { testAttemptQuestionId, answerId };

  const userId = session.userId;
  if (!(await userOfClaims(session))) throw unauthorized();
  const [row] = await db
    .select({ choiceOrder: attemptQuestions.choiceOrder, endedAt: attempts.endedAt, deadlineAt: attempts.deadlineAt })
    .from(attemptQuestions)
    .innerJoin(attempts, eq(attempts.id, attemptQuestions.attemptId))
    .where(and(eq(attemptQuestions.id, testAttemptQuestionId), eq(attempts.userId, userId)));
  if (!row) throw notFound();
  if (row.endedAt || isPastGrace(row.deadlineAt, now)) throw businessError(ErrorCode.AttemptEnded);
  if (!row.choiceOrder.includes(answerId)) throw businessError(ErrorCode.InvalidChoice);
  throw businessError(ErrorCode.AttemptEnded); // it ended between the two reads
}
