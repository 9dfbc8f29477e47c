// "O'quvchi ko'zi bilan": a paper drawn as a pupil's is (lib/attempts/papers.ts: at random per
// difficulty, in a study language, numbered, choices shuffled) and shown as the pupil's page shows
// it, with no key.
// Nothing is stored: every look is a new draw.
import "server-only";
import { eq } from "drizzle-orm";
import { subjects, tests } from "@/db/schema";
import { bankContent, paperView } from "@/lib/attempts/content";
import { drawPaper } from "@/lib/attempts/papers";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { StudyLanguage } from "@/shared/attempts/enums";

export type PreviewPaper = {
  grade: number;
  subjectName: string;
  durationMinutes: number;
  questions: { number: number; text: string; readingText: string | null; choices: { id: number; text: string }[] }[];
};

export async function previewPaper({ testId, language }: { testId: number; language: StudyLanguage }): Promise<PreviewPaper> {
  const [row] = await db
    .select({ test: tests, subject: subjects })
    .from(tests)
    .innerJoin(subjects, eq(subjects.id, tests.subjectId))
    .where(eq(tests.id, testId));
  if (!row) throw notFound();
  const { test, subject } = row;
  const paper = await drawPaper(test, language); // 3000 when the bank is short, as a pupil's start would be
  const bank = await bankContent(
    { testId, subjectId: test.subjectId, version: test.contentVersion },
    { questionIds: paper.map(([questionId]) => questionId), choiceIds: paper.flatMap(([, choiceIds]) => choiceIds) },
  );
  const seen = paperView(
    bank,
    paper.map(([questionId, choiceOrder], index) => ({ questionId, number: index + 1, choiceOrder })),
    language,
  );
  return {
    grade: subject.grade,
    subjectName: subject.name,
    durationMinutes: test.durationMinutes,
    questions: seen.questions.map((question) => ({
      number: question.questionNumber,
      text: question.text,
      readingText: seen.readingTexts.find((r) => r.readingTextId === question.readingTextId)?.text ?? null,
      choices: question.questionChoices.map((c) => ({ id: c.questionChoiceId, text: c.text })),
    })),
  };
}
