// Vitest's pupils who take a test for real: start, answer as told, finish (recompute, regrade, appeals).
import { eq, inArray } from "drizzle-orm";
import { attemptQuestions, questionChoices, tests } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { newAttempt } from "@/lib/attempts/start";
import { db } from "@/lib/db/client";
import { createTestOlympiad, type TestOlympiad } from "@/lib/testing/olympiad";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { createPupil } from "./pupils";

export type Choices = { questionId: number; correct: number; wrong: number[] };

/** Pupils who start, answer as told (true: the key, false: a wrong choice, null: nothing), and finish. */
export async function taken(o: TestOlympiad, answers: (boolean | null)[][]) {
  const pupils = [];
  for (const [i, given] of answers.entries()) {
    const pupil = await createPupil({ subjectId: o.subjectId, names: { firstName: `Pupil${i}`, lastName: "Sinov" } });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode });
    const drawn = await db
      .select()
      .from(attemptQuestions)
      .where(eq(attemptQuestions.attemptId, attemptId))
      .orderBy(attemptQuestions.number);
    const choices = await db
      .select()
      .from(questionChoices)
      .where(
        inArray(
          questionChoices.questionId,
          drawn.map((d) => d.questionId),
        ),
      );
    const keyOf = (questionId: number): Choices => {
      const own = choices.filter((c) => c.questionId === questionId);
      return { questionId, correct: own.find((c) => c.isCorrect)!.id, wrong: own.filter((c) => !c.isCorrect).map((c) => c.id) };
    };
    for (const [n, answer] of given.entries()) {
      if (answer === null) continue;
      const key = keyOf(drawn[n].questionId);
      await db
        .update(attemptQuestions)
        .set({ answerChoiceId: answer ? key.correct : key.wrong[0], answeredAt: new Date() })
        .where(eq(attemptQuestions.id, drawn[n].id));
    }
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true });
    pupils.push({ ...pupil, attemptId, drawn: drawn.map((d) => keyOf(d.questionId)) });
  }
  return pupils;
}

/**
 * Three pupils take one question per difficulty (all draw the same three) and score 2.5, 3.5 and 0:
 * the first and the third chose the hard question's first wrong choice. The test closes in two hours.
 */
export async function threeTaken() {
  const o = await createTestOlympiad({
    counts: { easy: 1, medium: 1, hard: 1 },
    bankPerDifficulty: 1,
    reviewPolicy: ReviewPolicy.AfterClose,
    closedAt: new Date(Date.now() + 2 * 3_600_000),
  });
  const pupils = await taken(o, [
    [true, true, false],
    [true, false, true],
    [false, false, false],
  ]);
  const [test] = await db.select({ closedAt: tests.closedAt }).from(tests).where(eq(tests.id, o.testId));
  return { o, pupils, closedAt: test.closedAt };
}
