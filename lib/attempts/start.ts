// Starting the test: whether it may start, the pupil's attempt status, New, and the PIN check.
import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { attemptQuestions, attempts, questionChoices, questions } from "@/db/schema";
import { Difficulty } from "@/lib/attempts/enums";
import { businessError, ErrorCode } from "@/lib/http/errors";
import { forbidden } from "@/lib/identity/session";
import { expireIfDue } from "./ending";
import { loadLatestAttempt, loadPupilTest } from "./queries";
import { deadlineOf, isWindowOpen, numberQuestions, shuffle } from "./rules";

/** `serverTime` lets the countdown run on the server's clock, not the phone's. */
export type AllowTestAttempt = { isAllowed: boolean; openedAt: string | null; closedAt: string | null; serverTime: string };

export async function allowTestAttempt({ userId, now = new Date() }: { userId: number; now?: Date }): Promise<AllowTestAttempt> {
  const { paid, test } = await loadPupilTest({ userId });
  if (!test) return { isAllowed: false, openedAt: null, closedAt: null, serverTime: now.toISOString() };
  const [ended] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, test.id), isNotNull(attempts.endedAt), isNull(attempts.resetAt)));
  return {
    isAllowed: paid && isWindowOpen(test, now) && !ended,
    openedAt: test.openedAt.toISOString(),
    closedAt: test.closedAt.toISOString(),
    serverTime: now.toISOString(),
  };
}

export type IsThereAttempt = { isThereAttempt: boolean; isEnded: boolean; attemptId: number | null };

export async function isThereAttempt({ userId, now = new Date() }: { userId: number; now?: Date }): Promise<IsThereAttempt> {
  const latest = await loadLatestAttempt({ userId });
  if (!latest) return { isThereAttempt: false, isEnded: false, attemptId: null };
  const attempt = await expireIfDue(latest.attempt, now);
  return { isThereAttempt: true, isEnded: attempt.endedAt !== null, attemptId: attempt.id };
}

const COUNT_COLUMNS = [
  [Difficulty.Easy, "easyCount"],
  [Difficulty.Medium, "mediumCount"],
  [Difficulty.Hard, "hardCount"],
] as const;

/**
 * New: refused outside the window (4003), with a wrong PIN (4001), while an unfinished attempt
 * exists (4000), after an ended one (4004), or when the bank is short (3000). Otherwise draws,
 * numbers and stores the questions with each one's choices shuffled once, in one transaction.
 * The database's one-attempt-per-pupil-per-test index makes concurrent calls create one attempt.
 */
export async function newAttempt({
  userId,
  pinCode,
  language,
  now = new Date(),
}: {
  userId: number;
  pinCode: string;
  language: number;
  now?: Date;
}): Promise<{ attemptId: number }> {
  const { user, paid, test } = await loadPupilTest({ userId });
  if (!paid) throw forbidden();
  if (!test || !isWindowOpen(test, now)) throw businessError(ErrorCode.TestNotOpen);
  if (pinCode !== test.pinCode) throw businessError(ErrorCode.WrongPinCode);

  const existing = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), isNull(attempts.resetAt)));
  for (const attempt of existing) {
    const current = await expireIfDue(attempt, now);
    if (!current.endedAt) throw businessError(ErrorCode.ThereIsNotEndedAttempt);
    if (attempt.testId === test.id) throw businessError(ErrorCode.AttemptAlreadyTaken);
  }

  // Draw at random per difficulty from the subject's bank.
  const drawn: { id: number; difficulty: number; readingTextId: number | null }[] = [];
  for (const [difficulty, column] of COUNT_COLUMNS) {
    const needed = test[column];
    const rows = await db
      .select({ id: questions.id, difficulty: questions.difficulty, readingTextId: questions.readingTextId })
      .from(questions)
      .where(
        and(
          eq(questions.subjectId, test.subjectId),
          eq(questions.difficulty, difficulty),
          isNull(questions.retiredAt),
          isNull(questions.voidAwards),
        ),
      )
      .orderBy(sql`random()`)
      .limit(needed);
    if (rows.length < needed) throw businessError(ErrorCode.QuestionsNotEnough);
    drawn.push(...rows);
  }
  const numbered = numberQuestions(drawn);
  const choices = await db
    .select({ id: questionChoices.id, questionId: questionChoices.questionId })
    .from(questionChoices)
    .where(
      inArray(
        questionChoices.questionId,
        numbered.map((q) => q.id),
      ),
    );

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(attempts)
      .values({
        userId,
        testId: test.id,
        language,
        startedAt: now,
        deadlineAt: deadlineOf({
          startedAt: now,
          durationMinutes: test.durationMinutes,
          extraMinutes: user.extraMinutes,
          closedAt: test.closedAt,
        }),
      })
      .onConflictDoNothing()
      .returning({ id: attempts.id });
    // Another New of this pupil won the race: theirs is the attempt.
    if (!created) throw businessError(ErrorCode.ThereIsNotEndedAttempt);
    await tx.insert(attemptQuestions).values(
      numbered.map((q, index) => ({
        attemptId: created.id,
        questionId: q.id,
        number: index + 1,
        choiceOrder: shuffle(choices.filter((c) => c.questionId === q.id).map((c) => c.id)),
      })),
    );
    return { attemptId: created.id };
  });
}

/** CheckPinCode: the PIN of the test of the pupil's current (unfinished) attempt. */
export async function checkPinCode({ userId, pinCode }: { userId: number; pinCode: string }): Promise<{ isValid: true }> {
  const latest = await loadLatestAttempt({ userId });
  if (!latest || pinCode !== latest.test.pinCode) throw businessError(ErrorCode.WrongPinCode);
  return { isValid: true };
}
