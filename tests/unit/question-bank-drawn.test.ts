// The bank's "drawn" mark (a drawn question never changes again) is read from the subject's own
// papers: exactly the questions an attempt of the subject's test drew, whatever other subjects'
// attempts drew.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attemptQuestions } from "@/db/schema";
import { newAttempt } from "@/lib/attempts/start";
import { db } from "@/lib/db/client";
import { listQuestions } from "@/lib/questions/bank";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { createPupil } from "../support/pupils";

setUpDatabase();

describe("the question bank's drawn mark", () => {
  it("marks exactly the questions the subject's attempts drew", async () => {
    // Four questions per difficulty, one of each drawn per paper: most of the bank stays undrawn.
    const options = { bankPerDifficulty: 4, counts: { easy: 1, medium: 1, hard: 1 }, withReadingText: false } as const;
    const [mine, other] = [await createTestOlympiad(options), await createTestOlympiad(options)];
    const pupil = await createPupil({ subjectId: mine.subjectId });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: mine.pinCode });
    const theirs = await createPupil({ subjectId: other.subjectId });
    await newAttempt({ userId: theirs.userId, pinCode: other.pinCode });

    const paper = await db
      .select({ id: attemptQuestions.questionId })
      .from(attemptQuestions)
      .where(eq(attemptQuestions.attemptId, attemptId));
    const { items } = await listQuestions({ subjectId: mine.subjectId });
    expect(items).toHaveLength(12);
    expect(
      items
        .filter((q) => q.drawn)
        .map((q) => q.questionId)
        .sort((x, y) => x - y),
    ).toEqual(paper.map((q) => q.id).sort((x, y) => x - y));
    // The other subject's bank: only its own attempt's three.
    expect((await listQuestions({ subjectId: other.subjectId })).items.filter((q) => q.drawn)).toHaveLength(3);
  });
});
