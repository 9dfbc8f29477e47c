// A subject of its own with a small bank and a test, so a suite's rules never touch the demo's.
import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { questions, subjects } from "@/db/schema";
import { db } from "@/lib/db/client";
import { importQuestionBank } from "@/lib/questions/import";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { Difficulty, ReviewPolicy } from "@/shared/attempts/enums";
import { DIFFICULTY_NAMES } from "@/shared/attempts/scoring";

export type TestOlympiad = { subjectId: number; testId: number; pinCode: string; grade: number };

/** The words of the test data in each study language, so a test can tell which language it was shown. */
export const TEST_WORDS = {
  0: { question: "savol", correct: "to'g'ri", wrong: "xato", text: "Sinov matni" },
  1: { question: "вопрос", correct: "верно", wrong: "неверно", text: "Текст для проверки" },
  2: { question: "soraw", correct: "durıs", wrong: "qáte", text: "Sınaw teksti" },
} as const;

/**
 * Correct choices read "to'g'ri N", the others "xato N.M": test data may know its own key. With
 * `translated`, the first N questions of each difficulty are also in Russian (1) or Karakalpak (2),
 * in those languages' words (TEST_WORDS); the reading text is in every language. `storedText`
 * is the first easy question's text as the bank keeps it, past the import's checks: what an older
 * import may have let in.
 */
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
  translated = {},
  storedText,
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
  translated?: Partial<Record<1 | 2, number>>;
  storedText?: string;
} = {}): Promise<TestOlympiad> {
  const inLanguages = (i: number) => ([1, 2] as const).filter((language) => i < (translated[language] ?? 0));
  const questionText = (language: 0 | 1 | 2, difficulty: string, i: number) =>
    `<p>${difficulty} ${TEST_WORDS[language].question} ${i + 1}: \\(${i + 1} + ${i + 1}\\) = ?</p>`;
  const choiceTexts = (language: 0 | 1 | 2, i: number) => [
    `${TEST_WORDS[language].correct} ${i + 1}`,
    ...[1, 2, 3].map((m) => `${TEST_WORDS[language].wrong} ${i + 1}.${m}`),
  ];
  const [subject] = await db
    .insert(subjects)
    .values({ name: `Sinov fani ${randomUUID().slice(0, 8)}`, grade })
    .returning({ id: subjects.id });
  await importQuestionBank({
    subjectId: subject.id,
    readingTexts: withReadingText
      ? [
          {
            key: "matn",
            text: "<p>Sinov matni: \\(E = mc^2\\) va H<sub>2</sub>O.</p>",
            also: ([1, 2] as const).map((language) => ({ language, text: `<p>${TEST_WORDS[language].text}: \\(E = mc^2\\).</p>` })),
          },
        ]
      : [],
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
        also: inLanguages(i).map((language) => ({
          language,
          text: questionText(language, difficulty, i),
          choices: choiceTexts(language, i),
        })),
      })),
    ),
  });
  if (storedText !== undefined) {
    const [first] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.subjectId, subject.id), eq(questions.difficulty, Difficulty.Easy)))
      .orderBy(asc(questions.id))
      .limit(1);
    await db
      .update(questions)
      .set({ texts: { 0: storedText } })
      .where(eq(questions.id, first.id));
  }
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
