// "O'quvchi ko'zi bilan": a paper drawn as a pupil's is (lib/attempts/papers.ts: at random per
// difficulty, numbered, choices shuffled) and shown as the pupil's page shows it, with no key.
// Nothing is stored: every look is a new draw.
import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { subjects, tests } from "@/db/schema";
import { bankContent } from "@/lib/attempts/content";
import { drawPaper } from "@/lib/attempts/papers";
import { notFound } from "@/lib/http/errors";

export type PreviewPaper = {
  grade: number;
  subjectName: string;
  durationMinutes: number;
  questions: { number: number; text: string; readingText: string | null; choices: { id: number; text: string }[] }[];
};

export async function previewPaper({ testId }: { testId: number }): Promise<PreviewPaper> {
  const [row] = await db
    .select({ test: tests, subject: subjects })
    .from(tests)
    .innerJoin(subjects, eq(subjects.id, tests.subjectId))
    .where(eq(tests.id, testId));
  if (!row) throw notFound();
  const { test, subject } = row;
  const paper = await drawPaper(test); // 3000 when the bank is short, as a pupil's start would be
  const bank = await bankContent(
    { testId, subjectId: test.subjectId, version: test.contentVersion },
    { questionIds: paper.map(([questionId]) => questionId), choiceIds: paper.flatMap(([, choiceIds]) => choiceIds) },
  );
  return {
    grade: subject.grade,
    subjectName: subject.name,
    durationMinutes: test.durationMinutes,
    questions: paper.map(([questionId, choiceIds], index) => {
      const question = bank.questions.get(questionId)!;
      return {
        number: index + 1,
        text: question.text,
        readingText: question.readingTextId === null ? null : (bank.readingTexts.get(question.readingTextId) ?? null),
        choices: choiceIds.map((id) => ({ id, text: bank.choices.get(id)! })),
      };
    }),
  };
}
