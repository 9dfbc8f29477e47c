// The question bank import: all or nothing, HTML sanitised, choices stored in a shuffled order.
import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { questionChoices, questions, readingTexts, subjects } from "@/db/schema";
import { Difficulty } from "@/lib/attempts/enums";
import { shuffle } from "@/lib/attempts/rules";
import { invalidInput, notFound, type ValidationErrors } from "@/lib/http/errors";
import type { QuestionImport } from "@/lib/validation/organiser";
import { sanitizeQuestionHtml } from "./sanitize";

const DIFFICULTY = { easy: Difficulty.Easy, medium: Difficulty.Medium, hard: Difficulty.Hard } as const;

export type ImportSummary = { readingTexts: number; questions: number; choices: number };

export async function importQuestionBank(bank: QuestionImport): Promise<ImportSummary> {
  const [subject] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, bank.subjectId));
  if (!subject) throw notFound();

  // Sanitise first: text that is nothing but markup is an error of that item, not an empty question.
  const errors: ValidationErrors = {};
  const clean = (text: string, path: string) => {
    const result = sanitizeQuestionHtml(text);
    if (result === "") errors[path] = ["Required"];
    return result;
  };
  const texts = bank.readingTexts.map((r, i) => ({ key: r.key, text: clean(r.text, `readingTexts.${i}.text`) }));
  const items = bank.questions.map((q, i) => ({
    difficulty: DIFFICULTY[q.difficulty],
    text: clean(q.text, `questions.${i}.text`),
    readingText: q.readingText,
    choices: q.choices.map((c, j) => ({ text: clean(c.text, `questions.${i}.choices.${j}.text`), isCorrect: c.correct })),
  }));
  if (Object.keys(errors).length > 0) throw invalidInput(errors);

  // Three statements whatever the bank's size: reading texts, questions, choices.
  return db.transaction(async (tx) => {
    const textIds =
      texts.length === 0
        ? []
        : await tx
            .insert(readingTexts)
            .values(texts.map((r) => ({ subjectId: bank.subjectId, text: r.text })))
            .returning({ id: readingTexts.id });
    const idByKey = new Map(texts.map((r, i) => [r.key, textIds[i].id]));
    const questionIds = await tx
      .insert(questions)
      .values(
        items.map((item) => ({
          subjectId: bank.subjectId,
          difficulty: item.difficulty,
          text: item.text,
          readingTextId: item.readingText ? idByKey.get(item.readingText)! : null,
        })),
      )
      .returning({ id: questions.id });
    // Shuffled here, so the order of ids never tells which choice was written first (the key).
    const choices = items.flatMap((item, i) => shuffle(item.choices).map((c) => ({ questionId: questionIds[i].id, ...c })));
    await tx.insert(questionChoices).values(choices);
    return { readingTexts: texts.length, questions: items.length, choices: choices.length };
  });
}
