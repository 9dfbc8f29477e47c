// The question bank import: all or nothing, HTML sanitised, choices in the source's order (ids
// shuffled), texts in one or more study languages; an item naming a question of the bank gives it
// the file's languages instead (the same item in two languages is one question).
import "server-only";
import { eq, sql } from "drizzle-orm";
import { questionChoices, questions, readingTexts, subjects } from "@/db/schema";
import { bankChanged } from "@/lib/attempts/papers";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, type Transaction } from "@/lib/db/client";
import { invalidInput, notFound } from "@/lib/http/errors";
import { placed } from "@/lib/questions/bank";
import { alreadyInBank, attachable, covers, type ImportItem } from "@/lib/questions/import-matches";
import { sanitiser } from "@/lib/questions/sanitize";
import type { QuestionImportInput } from "@/lib/questions/schema";
import { type Difficulty, type LanguageTexts, languagesOf, type StudyLanguage, textIn } from "@/shared/attempts/enums";
import { difficultyOfName } from "@/shared/attempts/scoring";
import type { ValidationErrors } from "@/shared/http/contract";

/** Rows per INSERT: at most 4 parameters a row, well under PostgreSQL's 65 535 a statement. */
const BATCH_ROWS = 5_000;
function batches<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) result.push(rows.slice(i, i + BATCH_ROWS));
  return result;
}

/**
 * New reading texts, questions and choices, and the bank's questions given a language; `duplicates`:
 * the file's questions already in the bank (left out unless the organiser asked for them again).
 */
export type ImportSummary = { readingTexts: number; questions: number; choices: number; attached: number; duplicates: number };

/** A question of a preview as the bank will hold it (sanitised, in the file's language), its reading text inlined. */
export type PreviewQuestion = {
  /** Its place in the file (1, 2, …). */
  number: number;
  difficulty: Difficulty;
  text: string;
  readingText: string | null;
  choices: { text: string; correct: boolean }[];
  /** Every language the file gives it in. */
  languages: StudyLanguage[];
  /** The bank's question this item gives its languages to, if any. */
  questionId: number | null;
  /** The same question is in the bank already (see `alreadyInBank`). */
  inBank: boolean;
};

/** JSONB's `||`: the item's texts with these languages added (or replaced). */
const withTexts = (column: unknown, texts: LanguageTexts) => sql`${column} || ${JSON.stringify(texts)}::jsonb`;
/** A preview shows the file's first questions; the counts are of all of them. */
export const PREVIEW_QUESTIONS = 50;

/**
 * Checks and, unless `dryRun`, stores a bank; `organiserId` (the console) makes it audited. The
 * file's questions already in the bank are counted and left out, unless `importDuplicates` asks for
 * them again: the same file imported twice does not double the bank.
 */
export async function importQuestionBank(
  bank: QuestionImportInput,
  { dryRun = false, organiserId }: { dryRun?: boolean; organiserId?: number } = {},
): Promise<ImportSummary & { dryRun: boolean; preview?: PreviewQuestion[] }> {
  const [subject] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, bank.subjectId));
  if (!subject) throw notFound();

  const { errors, clean } = sanitiser();
  const language = bank.language ?? 0;
  const texts = (bank.readingTexts ?? []).map((r, i) => ({
    key: r.key,
    texts: Object.fromEntries([
      [language, clean(r.text, `readingTexts.${i}.text`)],
      ...(r.also ?? []).map((t, j) => [t.language, clean(t.text, `readingTexts.${i}.also.${j}.text`)]),
    ]) as LanguageTexts,
  }));
  const items: ImportItem[] = bank.questions.map((q, i) => ({
    questionId: q.questionId,
    difficulty: difficultyOfName(q.difficulty),
    texts: Object.fromEntries([
      [language, clean(q.text, `questions.${i}.text`)],
      ...(q.also ?? []).map((t, j) => [t.language, clean(t.text, `questions.${i}.also.${j}.text`)]),
    ]),
    readingText: q.readingText,
    choices: q.choices.map((c, j) => ({
      texts: Object.fromEntries([
        [language, clean(c.text, `questions.${i}.choices.${j}.text`)],
        ...(q.also ?? []).map((t, k) => [t.language, clean(t.choices[j], `questions.${i}.also.${k}.choices.${j}`)]),
      ]),
      isCorrect: c.correct,
    })),
  }));
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  const textsOf = new Map(texts.map((r) => [r.key, r.texts]));
  // A new question on a reading text needs the passage in each of its languages (never another's instead).
  items.forEach((item, i) => {
    const passage = item.readingText === undefined ? undefined : textsOf.get(item.readingText);
    if (item.questionId === undefined && passage && !covers(passage, item.texts))
      errors[`questions.${i}.readingTextLanguage`] = ["Invalid"];
  });
  if (dryRun) await attachable(db, bank.subjectId, items, textsOf, errors);
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  // An organiser's import says why (the preview need not); the demo's seed and test data have no one.
  if (!dryRun && organiserId !== undefined && !bank.reason) throw invalidInput({ reason: ["Required"] });
  const attached = items.filter((item) => item.questionId !== undefined);
  const inBankOf = (runner: typeof db | Transaction) =>
    alreadyInBank(runner, { subjectId: bank.subjectId, language, items, passages: textsOf });
  /** What the file adds, the duplicates left out unless asked for. */
  const planOf = (duplicates: Set<number>) => {
    const skipped = bank.importDuplicates ? new Set<number>() : duplicates;
    const isFresh = items.map((item, i) => item.questionId === undefined && !skipped.has(i));
    const fresh = items.filter((_, i) => isFresh[i]);
    // A file's reading text is new unless only attached or skipped items name it (then it is their
    // passage's translation, or the passage the bank has already).
    const freshKeys = new Set(fresh.map((item) => item.readingText));
    const otherKeys = new Set(items.filter((_, i) => !isFresh[i]).map((item) => item.readingText));
    const newTexts = texts.filter((r) => freshKeys.has(r.key) || !otherKeys.has(r.key));
    return { fresh, newTexts, skipped: skipped.size };
  };
  if (dryRun) {
    const duplicates = await inBankOf(db);
    const { fresh, newTexts } = planOf(duplicates);
    return {
      readingTexts: newTexts.length,
      questions: fresh.length,
      choices: fresh.reduce((n, q) => n + q.choices.length, 0),
      attached: attached.length,
      duplicates: duplicates.size,
      dryRun,
      preview: items.slice(0, PREVIEW_QUESTIONS).map((q, i) => ({
        number: i + 1,
        difficulty: q.difficulty,
        text: textIn(q.texts, language)!,
        readingText: q.readingText === undefined ? null : (textIn(textsOf.get(q.readingText) ?? {}, language) ?? null),
        choices: q.choices.map((c) => ({ text: textIn(c.texts, language)!, correct: c.isCorrect })),
        languages: languagesOf(q.texts),
        questionId: q.questionId ?? null,
        inBank: duplicates.has(i),
      })),
    };
  }

  // Reading texts, questions and choices, each in as few statements as PostgreSQL's limit of
  // 65 535 parameters a statement allows (a bank of thousands of questions is several batches).
  return db.transaction(async (tx) => {
    // One import of a subject at a time: a second one of the same file finds the first's questions.
    await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, bank.subjectId)).for("no key update");
    const duplicates = await inBankOf(tx);
    const { fresh, newTexts, skipped } = planOf(duplicates);
    const existing = await attachable(tx, bank.subjectId, attached, textsOf, errors);
    if (Object.keys(errors).length > 0) {
      // The attached items' paths are of the file, not of this filtered list.
      const byFile: ValidationErrors = {};
      for (const [path, codes] of Object.entries(errors)) {
        const [, index, ...rest] = path.split(".");
        byFile[["questions", items.indexOf(attached[Number(index)]), ...rest].join(".")] = codes;
      }
      throw invalidInput(byFile);
    }
    for (const item of attached) {
      const question = existing.get(item.questionId!)!;
      await tx
        .update(questions)
        .set({ texts: withTexts(questions.texts, item.texts) })
        .where(eq(questions.id, item.questionId!));
      for (const [j, choice] of question.choices.entries()) {
        await tx
          .update(questionChoices)
          .set({ texts: withTexts(questionChoices.texts, item.choices[j].texts) })
          .where(eq(questionChoices.id, choice.id));
      }
      const passage = item.readingText === undefined ? undefined : textsOf.get(item.readingText);
      if (passage && question.readingTextId !== null) {
        await tx
          .update(readingTexts)
          .set({ texts: withTexts(readingTexts.texts, passage) })
          .where(eq(readingTexts.id, question.readingTextId));
      }
    }
    if (attached.length > 0) await bankChanged(tx, { subjectId: bank.subjectId });

    const textIds: { id: number }[] = [];
    for (const batch of batches(newTexts)) {
      textIds.push(
        ...(await tx
          .insert(readingTexts)
          .values(batch.map((r) => ({ subjectId: bank.subjectId, texts: r.texts })))
          .returning({ id: readingTexts.id })),
      );
    }
    const idByKey = new Map(newTexts.map((r, i) => [r.key, textIds[i].id]));
    const questionIds: { id: number }[] = [];
    for (const batch of batches(fresh)) {
      questionIds.push(
        ...(await tx
          .insert(questions)
          .values(
            batch.map((item) => ({
              subjectId: bank.subjectId,
              difficulty: item.difficulty,
              texts: item.texts,
              readingTextId: item.readingText ? idByKey.get(item.readingText)! : null,
            })),
          )
          .returning({ id: questions.id })),
      );
    }
    // In the source's order (position), inserted shuffled: the order of ids never tells which
    // choice was written first (often the key).
    const choices = fresh.flatMap((item, i) => placed(item.choices).map((c) => ({ questionId: questionIds[i].id, ...c })));
    for (const batch of batches(choices)) await tx.insert(questionChoices).values(batch);
    if (organiserId !== undefined) {
      await recordAction(tx, {
        organiserId,
        action: AuditAction.QuestionImport,
        targetType: "subject",
        targetId: bank.subjectId,
        reason: typeof bank.reason === "string" ? bank.reason : undefined,
        details: {
          readingTexts: newTexts.length,
          questions: fresh.length,
          attached: attached.map((item) => item.questionId),
          language,
          skipped,
        },
      });
    }
    return {
      readingTexts: newTexts.length,
      questions: fresh.length,
      choices: choices.length,
      attached: attached.length,
      duplicates: duplicates.size,
      dryRun,
    };
  });
}
