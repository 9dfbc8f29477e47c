// Question content cached per test: Get reads only the pupil's rows and takes the
// questions' texts from a cache kept per test and content version. Every change of the bank is
// served at once (the version moves in the change's transaction), and so is a question imported
// after the cache was filled.

import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attemptQuestions, questionChoices, questions, tests } from "@/db/schema";
import { newAttempt } from "@/lib/attempts/start";
import { getAttempt } from "@/lib/attempts/taking";
import { db } from "@/lib/db/client";
import { removeQuestion, updateQuestion } from "@/lib/questions/bank";
import { importQuestionBank } from "@/lib/questions/import";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { typesetFormulas } from "@/lib/text/typeset";
import { Difficulty } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

const counts = { easy: 2, medium: 2, hard: 2 };

async function started(o: { subjectId: number; pinCode: string }) {
  const pupil = await createPupil({ subjectId: o.subjectId });
  const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode });
  return { userId: pupil.userId, attemptId };
}

async function easyDrawn(attemptId: number): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .where(and(eq(attemptQuestions.attemptId, attemptId), eq(questions.difficulty, Difficulty.Easy)));
  return rows.map((r) => r.id);
}

async function retire(questionIds: number[]) {
  const organiser = await organiserId();
  for (const questionId of questionIds) await removeQuestion({ organiserId: organiser, questionId, reason: "sinov" });
}

const versionOf = async (testId: number) => (await db.select({ v: tests.contentVersion }).from(tests).where(eq(tests.id, testId)))[0].v;

describe("Get with the question content cached per test", () => {
  it("shows each question and choice as stored (formulas typeset), in the pupil's order, and no key while it runs", async () => {
    const o = await createTestOlympiad({ counts, bankPerDifficulty: 2 });
    const pupil = await started(o);
    const view = await getAttempt(pupil);
    const drawn = await db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, pupil.attemptId));
    const stored = await db
      .select()
      .from(questions)
      .where(
        inArray(
          questions.id,
          drawn.map((q) => q.questionId),
        ),
      );
    const choices = await db
      .select()
      .from(questionChoices)
      .where(
        inArray(
          questionChoices.questionId,
          drawn.map((q) => q.questionId),
        ),
      );
    for (const q of view.questions) {
      const row = drawn.find((d) => d.id === q.testAttemptQuestionId)!;
      expect(q.text).toBe(typesetFormulas(stored.find((s) => s.id === row.questionId)!.texts["0"]!));
      expect(q.questionChoices.map((c) => c.questionChoiceId)).toEqual(row.choiceOrder);
      for (const c of q.questionChoices)
        expect(c.text).toBe(typesetFormulas(choices.find((s) => s.id === c.questionChoiceId)!.texts["0"]!));
      expect(q.correctAnswerId).toBeNull();
      expect(q.isAnswerCorrect).toBeNull();
    }
    expect(view.readingTexts.map((r) => r.readingTextId).sort()).toEqual(
      [...new Set(view.questions.map((q) => q.readingTextId).filter((id) => id !== null))].sort(),
    );
    expect(view.remainingTime).toBeGreaterThan(89 * 60);
  });

  it("an edited question is served as edited to the next pupil who draws it, whatever was cached", async () => {
    const o = await createTestOlympiad({ counts, bankPerDifficulty: 4 });
    const first = await started(o);
    await getAttempt(first); // the bank is now cached at this version
    const before = await versionOf(o.testId);
    const firstEasy = await easyDrawn(first.attemptId);
    const undrawn = (
      await db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.subjectId, o.subjectId), eq(questions.difficulty, Difficulty.Easy)))
    )
      .map((q) => q.id)
      .filter((id) => !firstEasy.includes(id));
    const [edited] = undrawn;
    await updateQuestion({
      organiserId: await organiserId(),
      questionId: edited,
      edit: {
        reason: "sinov",
        difficulty: "easy",
        text: "<p>Tahrirlangan savol</p>",
        choices: [
          { text: "yangi to'g'ri", correct: true },
          { text: "yangi xato", correct: false },
        ],
      },
    });
    expect(await versionOf(o.testId)).toBeGreaterThan(before);
    // The first pupil's easy questions leave the bank: the next pupil draws the two left, one edited.
    await retire(firstEasy);
    const second = await started(o);
    const view = await getAttempt(second);
    const shown = view.questions.find((q) => q.text === "<p>Tahrirlangan savol</p>");
    expect(shown?.questionChoices.map((c) => c.text).sort()).toEqual(["yangi to'g'ri", "yangi xato"]);
    // The first pupil still sees their own questions, retired or not.
    expect((await getAttempt(first)).questions).toHaveLength(6);
  });

  it("a question imported after the bank was cached is served to the pupil who draws it", async () => {
    const o = await createTestOlympiad({ counts, bankPerDifficulty: 2 });
    const first = await started(o);
    await getAttempt(first);
    await importQuestionBank({
      subjectId: o.subjectId,
      readingTexts: [],
      questions: [1, 2].map((n) => ({
        difficulty: "easy" as const,
        text: `<p>Keyin qo'shilgan savol ${n}</p>`,
        choices: [
          { text: `keyin ${n} to'g'ri`, correct: true },
          { text: `keyin ${n} xato`, correct: false },
        ],
      })),
    });
    await retire(await easyDrawn(first.attemptId));
    const second = await started(o);
    const texts = (await getAttempt(second)).questions.map((q) => q.text);
    expect(texts).toContain("<p>Keyin qo'shilgan savol 1</p>");
    expect(texts).toContain("<p>Keyin qo'shilgan savol 2</p>");
  });
});
