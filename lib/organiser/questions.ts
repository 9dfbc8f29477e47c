// The question bank import: all or nothing, HTML sanitised, choices in the source's order (ids
// shuffled), texts in one or more study languages; an item naming a question of the bank gives it
// the file's languages instead (the same item in two languages is one question).
import "server-only";
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { attemptQuestions, questionChoices, questions, readingTexts, subjects, tests } from "@/db/schema";
import { type Difficulty, firstText, type LanguageTexts, languagesOf, type StudyLanguage, textIn } from "@/lib/attempts/enums";
import { bankChanged } from "@/lib/attempts/papers";
import { shuffle } from "@/lib/attempts/rules";
import { difficultyOfName } from "@/lib/attempts/scoring";
import { ErrorCode, type ValidationErrors } from "@/lib/http/contract";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import type { QuestionEdit, QuestionImportInput } from "@/lib/validation/organiser";
import { AuditAction, recordAction } from "./audit";
import { imagesDescribed, sanitizeQuestionHtml } from "./sanitize";

/**
 * Sanitises question HTML, collecting an error per path: text that is nothing but markup is an
 * error of that item (Required), not an empty question; an image without its `alt` is refused
 * (ImageAlt).
 */
function sanitiser() {
  const errors: ValidationErrors = {};
  const clean = (text: string, path: string) => {
    const result = sanitizeQuestionHtml(text);
    if (result === "") errors[path] = ["Required"];
    else if (!imagesDescribed(result)) errors[path] = ["ImageAlt"];
    return result;
  };
  return { errors, clean };
}

/** The question, locked, and whether an attempt drew it (then it never changes again). */
async function lockQuestion(tx: Transaction, questionId: number) {
  const [question] = await tx.select().from(questions).where(eq(questions.id, questionId)).for("update");
  if (!question) throw notFound();
  const [drawn] = await tx
    .select({ id: attemptQuestions.id })
    .from(attemptQuestions)
    .where(eq(attemptQuestions.questionId, questionId))
    .limit(1);
  return { question, drawn: drawn !== undefined };
}

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

type ImportItem = {
  questionId?: number;
  difficulty: Difficulty;
  texts: LanguageTexts;
  readingText?: string;
  choices: { texts: LanguageTexts; isCorrect: boolean }[];
};

/** Languages every one of `needed` is in `has`. */
const covers = (has: LanguageTexts, needed: LanguageTexts) => languagesOf(needed).every((language) => textIn(has, language) !== undefined);

/**
 * The bank's questions that items of a file give a language to, each checked and locked: of this
 * subject, with as many choices and the same correct one (by place) as the file says; a question an
 * attempt drew keeps the texts it has (only new languages are added to it); a question with a
 * reading text gets the passage in the item's languages too (from the file, or already there).
 * Errors by the item's path.
 */
async function attachable(
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
async function alreadyInBank(
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

/** Choices with their place in the source, in a shuffled order (their ids then say nothing). */
function placed<Choice>(choices: Choice[]): (Choice & { position: number })[] {
  return shuffle(choices.map((choice, position) => ({ ...choice, position })));
}

export const QUESTIONS_PAGE_SIZE = 30;

export type BankQuestion = {
  questionId: number;
  difficulty: Difficulty;
  /** Its text in its first language; `texts` has every language's. */
  text: string;
  texts: LanguageTexts;
  languages: StudyLanguage[];
  readingText: string | null;
  choices: { choiceId: number; text: string; texts: LanguageTexts; correct: boolean }[];
  /** Drawn into some attempt: it can no longer change, only be retired. */
  drawn: boolean;
  retired: boolean;
};

export type QuestionSearch = { subjectId: number; difficulty?: number; q?: string; page?: number };

/** A subject's bank, a page at a time, with the key (the organiser's view), and its test (a drawn question's regrade). */
export async function listQuestions({ subjectId, difficulty, q, page = 1 }: QuestionSearch) {
  const conditions: SQL[] = [eq(questions.subjectId, subjectId)];
  if (difficulty) conditions.push(eq(questions.difficulty, difficulty as Difficulty));
  const term = q?.trim();
  // Every language's text is searched, as written (not the JSON's keys or escapes).
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`exists (select 1 from jsonb_each_text(${questions.texts}) as t(language, text) where t.text ilike ${pattern})`);
  }
  const where = and(...conditions);
  const [rows, [{ total }], [test]] = await Promise.all([
    db
      .select({
        question: questions,
        readingText: readingTexts.texts,
        drawn: sql<boolean>`exists (select 1 from ${attemptQuestions} where ${attemptQuestions.questionId} = ${questions.id})`,
      })
      .from(questions)
      .leftJoin(readingTexts, eq(readingTexts.id, questions.readingTextId))
      .where(where)
      .orderBy(asc(questions.difficulty), asc(questions.id))
      .limit(QUESTIONS_PAGE_SIZE)
      .offset((page - 1) * QUESTIONS_PAGE_SIZE),
    db.select({ total: count() }).from(questions).where(where),
    db
      .select({ testId: tests.id })
      .from(tests)
      .where(and(eq(tests.subjectId, subjectId), eq(tests.stage, 1))),
  ]);
  const ids = rows.map((r) => r.question.id);
  const choices =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(questionChoices)
          .where(inArray(questionChoices.questionId, ids))
          .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  return {
    items: rows.map(
      (r): BankQuestion => ({
        questionId: r.question.id,
        difficulty: r.question.difficulty,
        text: firstText(r.question.texts),
        texts: r.question.texts,
        languages: languagesOf(r.question.texts),
        readingText: r.readingText ? firstText(r.readingText) : null,
        choices: choices
          .filter((c) => c.questionId === r.question.id)
          .map((c) => ({ choiceId: c.id, text: firstText(c.texts), texts: c.texts, correct: c.isCorrect })),
        drawn: Boolean(r.drawn),
        retired: r.question.retiredAt !== null,
      }),
    ),
    total: Number(total),
    testId: test?.testId ?? null,
  };
}

/**
 * Removes a question from the bank: deleted when no attempt drew it, otherwise retired (kept,
 * because an attempt's questions never change, and no longer drawn). Audited.
 */
export async function removeQuestion({ organiserId, questionId, reason }: { organiserId: number; questionId: number; reason: string }) {
  return db.transaction(async (tx) => {
    const { question, drawn } = await lockQuestion(tx, questionId);
    if (drawn) {
      await tx.update(questions).set({ retiredAt: sql`now()` }).where(eq(questions.id, questionId));
    } else {
      await tx.delete(questions).where(eq(questions.id, questionId));
    }
    await bankChanged(tx, { subjectId: question.subjectId });
    await recordAction(tx, {
      organiserId,
      action: drawn ? AuditAction.QuestionRetire : AuditAction.QuestionDelete,
      targetType: "question",
      targetId: questionId,
      reason,
      details: { subjectId: question.subjectId },
    });
    return { questionId, removed: drawn ? ("retired" as const) : ("deleted" as const) };
  });
}

/**
 * Changes a question no attempt has drawn (4009 otherwise): text, difficulty and choices, sanitised,
 * in one of its languages (its first, unless the edit names one). Its other languages keep their
 * texts, their choices matched by place, so their number stays (422 on `choices` otherwise).
 */
export async function updateQuestion({ organiserId, questionId, edit }: { organiserId: number; questionId: number; edit: QuestionEdit }) {
  const { errors, clean } = sanitiser();
  const text = clean(edit.text, "text");
  const choices = edit.choices.map((c, i) => ({ text: clean(c.text, `choices.${i}.text`), isCorrect: c.correct }));
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return db.transaction(async (tx) => {
    const { question, drawn } = await lockQuestion(tx, questionId);
    if (drawn) throw businessError(ErrorCode.QuestionInUse);
    const language = edit.language ?? languagesOf(question.texts)[0];
    const others = languagesOf(question.texts).filter((other) => other !== language);
    const before = await tx
      .select({ texts: questionChoices.texts })
      .from(questionChoices)
      .where(eq(questionChoices.questionId, questionId))
      .orderBy(asc(questionChoices.position), asc(questionChoices.id));
    if (others.length > 0 && before.length !== choices.length) throw invalidInput({ choices: ["Invalid"] });
    // A language new to a question on a reading text needs the passage in it (never another's instead).
    if (question.readingTextId !== null && textIn(question.texts, language) === undefined) {
      const [passage] = await tx
        .select({ texts: readingTexts.texts })
        .from(readingTexts)
        .where(eq(readingTexts.id, question.readingTextId));
      if (passage && textIn(passage.texts, language) === undefined) throw invalidInput({ language: ["Invalid"] });
    }
    const inLanguage = (texts: LanguageTexts, value: string): LanguageTexts =>
      others.length > 0 ? { ...texts, [language]: value } : { [language]: value };
    await tx
      .update(questions)
      .set({ texts: inLanguage(question.texts, text), difficulty: difficultyOfName(edit.difficulty) })
      .where(eq(questions.id, questionId));
    await tx.delete(questionChoices).where(eq(questionChoices.questionId, questionId));
    await tx.insert(questionChoices).values(
      placed(choices.map((c, j) => ({ texts: inLanguage(before[j]?.texts ?? {}, c.text), isCorrect: c.isCorrect }))).map((c) => ({
        questionId,
        ...c,
      })),
    );
    await bankChanged(tx, { subjectId: question.subjectId });
    await recordAction(tx, {
      organiserId,
      action: AuditAction.QuestionUpdate,
      targetType: "question",
      targetId: questionId,
      reason: edit.reason,
      details: { subjectId: question.subjectId },
    });
    return { questionId };
  });
}
