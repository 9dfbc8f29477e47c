// Which of a bank file's items the bank has already: the questions an item gives its languages to
// (checked and locked), and the new items that are the same as a question of the bank.
import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { attemptQuestions, questionChoices, questions, readingTexts } from "@/db/schema";
import type { db, Transaction } from "@/lib/db/client";
import { type Difficulty, type LanguageTexts, languagesOf, type StudyLanguage, textIn } from "@/shared/attempts/enums";
import type { ValidationErrors } from "@/shared/http/contract";

/** An item of the file, sanitised, with its texts by language. */
export type ImportItem = {
  questionId?: number;
  difficulty: Difficulty;
  texts: LanguageTexts;
  readingText?: string;
  choices: { texts: LanguageTexts; isCorrect: boolean }[];
};

/** Languages every one of `needed` is in `has`. */
export const covers = (has: LanguageTexts, needed: LanguageTexts) =>
  languagesOf(needed).every((language) => textIn(has, language) !== undefined);

/**
 * The bank's questions that items of a file give a language to, each checked and locked: of this
 * subject, with as many choices and the same correct one (by place) as the file says; a question an
 * attempt drew keeps the texts it has (only new languages are added to it); a question with a
 * reading text gets the passage in the item's languages too (from the file, or already there).
 * Errors by the item's path.
 */
export async function attachable(
  runner: typeof db | Transaction,
  subjectId: number,
  items: ImportItem[],
  passages: Map<string, LanguageTexts>,
  errors: ValidationErrors,
) {
  const ids = [...new Set(items.flatMap((item) => (item.questionId === undefined ? [] : [item.questionId])))];
  if (ids.length === 0) return new Map<number, { readingTextId: number | null; choices: { id: number; isCorrect: boolean }[] }>();
  const [rows, choices] = await Promise.all([
    runner
      .select({
        id: questions.id,
        texts: questions.texts,
        readingTextId: questions.readingTextId,
        passage: readingTexts.texts,
        drawn: sql<boolean>`exists (select 1 from ${attemptQuestions} where ${attemptQuestions.questionId} = ${questions.id})`,
      })
      .from(questions)
      .leftJoin(readingTexts, eq(readingTexts.id, questions.readingTextId))
      .where(and(inArray(questions.id, ids), eq(questions.subjectId, subjectId)))
      // A concurrent edit replaces the choices: it waits, or this waits for it.
      .for("update", { of: questions }),
    runner
      .select({ id: questionChoices.id, questionId: questionChoices.questionId, isCorrect: questionChoices.isCorrect })
      .from(questionChoices)
      .where(inArray(questionChoices.questionId, ids))
      .orderBy(asc(questionChoices.position), asc(questionChoices.id)),
  ]);
  const found = new Map(rows.map((q) => [q.id, { ...q, choices: choices.filter((c) => c.questionId === q.id) }]));
  items.forEach((item, i) => {
    if (item.questionId === undefined) return;
    const existing = found.get(item.questionId);
    const passage = item.readingText === undefined ? undefined : passages.get(item.readingText);
    if (!existing) errors[`questions.${i}.questionId`] = ["Invalid"];
    else if (
      existing.choices.length !== item.choices.length ||
      existing.choices.some((c, j) => c.isCorrect !== item.choices[j].isCorrect)
    ) {
      errors[`questions.${i}.choices`] = ["Invalid"];
    } else if (existing.drawn && languagesOf(item.texts).some((language) => textIn(existing.texts, language) !== undefined)) {
      errors[`questions.${i}.drawn`] = ["Invalid"];
    } else if (passage && existing.readingTextId === null) {
      errors[`questions.${i}.readingText`] = ["Invalid"];
    } else if (existing.passage && !covers({ ...existing.passage, ...passage }, item.texts)) {
      errors[`questions.${i}.readingTextLanguage`] = ["Invalid"];
    }
  });
  return found;
}

/**
 * The file's new items that are in the bank already, by their place in the file: a question of the
 * subject, not retired, whose text, reading text and choices (in order, with the key) read the same
 * in the file's language. Its difficulty is not part of it: the same question twice is drawn twice,
 * whichever difficulty each copy has.
 */
export async function alreadyInBank(
  runner: typeof db | Transaction,
  {
    subjectId,
    language,
    items,
    passages,
  }: { subjectId: number; language: StudyLanguage; items: ImportItem[]; passages: Map<string, LanguageTexts> },
): Promise<Set<number>> {
  const code = String(language);
  const itemKey = (item: ImportItem) =>
    JSON.stringify([
      textIn(item.texts, language),
      item.readingText === undefined ? null : (textIn(passages.get(item.readingText) ?? {}, language) ?? null),
      item.choices.map((c) => [textIn(c.texts, language), c.isCorrect]),
    ]);
  const candidates = [...new Set(items.flatMap((item) => (item.questionId === undefined ? [textIn(item.texts, language)!] : [])))];
  if (candidates.length === 0) return new Set();
  const text = sql<string>`${questions.texts} ->> ${code}::text`;
  const found = await runner
    .select({ id: questions.id, text, passage: sql<string | null>`${readingTexts.texts} ->> ${code}::text` })
    .from(questions)
    .leftJoin(readingTexts, eq(readingTexts.id, questions.readingTextId))
    .where(and(eq(questions.subjectId, subjectId), isNull(questions.retiredAt), inArray(text, candidates)));
  if (found.length === 0) return new Set();
  const choices = await runner
    .select({
      questionId: questionChoices.questionId,
      text: sql<string | null>`${questionChoices.texts} ->> ${code}::text`,
      isCorrect: questionChoices.isCorrect,
    })
    .from(questionChoices)
    .where(
      inArray(
        questionChoices.questionId,
        found.map((q) => q.id),
      ),
    )
    .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  const choicesOf = new Map<number, typeof choices>();
  for (const c of choices) choicesOf.set(c.questionId, [...(choicesOf.get(c.questionId) ?? []), c]);
  const inBank = new Set(
    found.map((q) => JSON.stringify([q.text, q.passage ?? null, (choicesOf.get(q.id) ?? []).map((c) => [c.text, c.isCorrect])])),
  );
  return new Set(items.flatMap((item, i) => (item.questionId === undefined && inBank.has(itemKey(item)) ? [i] : [])));
}
