// A subject of its own with a small bank and a test, so a suite's rules never touch the demo's.
import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/db/client";
import { subjects } from "@/db/schema";
import { ReviewPolicy } from "@/lib/attempts/enums";
import { DIFFICULTY_NAMES } from "@/lib/attempts/scoring";
import { importQuestionBank } from "@/lib/organiser/questions";
import { upsertSubjectTest } from "@/lib/organiser/tests";

export type TestOlympiad = { subjectId: number; testId: number; pinCode: string; grade: number };

/** Correct choices read "to'g'ri N", the others "xato N.M": test data may know its own key. */
export async function createTestOlympiad({
  grade = 5,
  bankPerDifficulty = 4,
  counts = { easy: 3, medium: 3, hard: 3 },
  openedAt = new Date(Date.now() - 60_000),
  closedAt = new Date(Date.now() + 7 * 86_400_000),
  durationMinutes = 90,
  pinCode = "4321",
  reviewPolicy = ReviewPolicy.AfterEnd,
  withReadingText = true,
}: {
  grade?: number;
  bankPerDifficulty?: number;
  counts?: { easy: number; medium: number; hard: number };
  openedAt?: Date;
  closedAt?: Date;
  durationMinutes?: number;
  pinCode?: string;
  reviewPolicy?: ReviewPolicy;
  withReadingText?: boolean;
} = {}): Promise<TestOlympiad> {
  const [subject] = await db
    .insert(subjects)
    .values({ name: `Sinov fani ${randomUUID().slice(0, 8)}`, grade })
    .returning({ id: subjects.id });
  await importQuestionBank({
    subjectId: subject.id,
    readingTexts: withReadingText ? [{ key: "matn", text: "<p>Sinov matni: \\(E = mc^2\\) va H<sub>2</sub>O.</p>" }] : [],
    questions: DIFFICULTY_NAMES.flatMap((difficulty) =>
      Array.from({ length: bankPerDifficulty }, (_, i) => ({
        difficulty,
        text: `<p>${difficulty} savol ${i + 1}: \\(${i + 1} + ${i + 1}\\) nechaga teng?</p>`,
        ...(withReadingText && difficulty === "medium" && i < 2 ? { readingText: "matn" } : {}),
        choices: [
          { text: `to'g'ri ${i + 1}`, correct: true },
          { text: `xato ${i + 1}.1`, correct: false },
          { text: `xato ${i + 1}.2`, correct: false },
          { text: `xato ${i + 1}.3`, correct: false },
        ],
      })),
    ),
  });
  const test = await upsertSubjectTest({
    subjectId: subject.id,
    settings: {
      openedAt: openedAt.toISOString(),
      closedAt: closedAt.toISOString(),
      durationMinutes,
      pinCode,
      easyCount: counts.easy,
      mediumCount: counts.medium,
      hardCount: counts.hard,
      reviewPolicy,
    },
  });
  return { subjectId: subject.id, testId: test.testId, pinCode, grade };
}
