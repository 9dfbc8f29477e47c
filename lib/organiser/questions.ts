// The question bank import: all or nothing, HTML sanitised, choices in the source's order (ids shuffled).
import "server-only";
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { attemptQuestions, questionChoices, questions, readingTexts, subjects, tests } from "@/db/schema";
import type { Difficulty } from "@/lib/attempts/enums";
import { bankChanged } from "@/lib/attempts/papers";
import { shuffle } from "@/lib/attempts/rules";
import { difficultyOfName } from "@/lib/attempts/scoring";
import { ErrorCode, type ValidationErrors } from "@/lib/http/contract";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import type { QuestionEdit, QuestionImport } from "@/lib/validation/organiser";
import { AuditAction, recordAction } from "./audit";
import { sanitizeQuestionHtml } from "./sanitize";

/**
 * Sanitises question HTML, collecting an error per path: text that is nothing but markup is an
 * error of that item (Required), not an empty question.
 */
function sanitiser() {
  const errors: ValidationErrors = {};
  const clean = (text: string, path: string) => {
    const result = sanitizeQuestionHtml(text);
    if (result === "") errors[path] = ["Required"];
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

export type ImportSummary = { readingTexts: number; questions: number; choices: number };

/** A question of a preview as the bank will hold it (sanitised), its reading text inlined. */
export type PreviewQuestion = {
  /** Its place in the file (1, 2, …). */
  number: number;
  difficulty: Difficulty;
  text: string;
  readingText: string | null;
  choices: { text: string; correct: boolean }[];
};
/** A preview shows the file's first questions; the counts are of all of them. */
export const PREVIEW_QUESTIONS = 50;

/** Checks and, unless `dryRun`, stores a bank; `organiserId` (the console) makes it audited. */
export async function importQuestionBank(
  bank: QuestionImport,
  { dryRun = false, organiserId }: { dryRun?: boolean; organiserId?: number } = {},
): Promise<ImportSummary & { dryRun: boolean; preview?: PreviewQuestion[] }> {
  const [subject] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, bank.subjectId));
  if (!subject) throw notFound();

  const { errors, clean } = sanitiser();
  const texts = bank.readingTexts.map((r, i) => ({ key: r.key, text: clean(r.text, `readingTexts.${i}.text`) }));
  const items = bank.questions.map((q, i) => ({
    difficulty: difficultyOfName(q.difficulty),
    text: clean(q.text, `questions.${i}.text`),
    readingText: q.readingText,
    choices: q.choices.map((c, j) => ({ text: clean(c.text, `questions.${i}.choices.${j}.text`), isCorrect: c.correct })),
  }));
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  // An organiser's import says why (the preview need not); the demo's seed and test data have no one.
  if (!dryRun && organiserId !== undefined && !bank.reason) throw invalidInput({ reason: ["Required"] });
  if (dryRun) {
    const textOf = new Map(texts.map((r) => [r.key, r.text]));
    return {
      readingTexts: texts.length,
      questions: items.length,
      choices: items.reduce((n, q) => n + q.choices.length, 0),
      dryRun,
      preview: items.slice(0, PREVIEW_QUESTIONS).map((q, i) => ({
        number: i + 1,
        difficulty: q.difficulty,
        text: q.text,
        readingText: q.readingText === undefined ? null : (textOf.get(q.readingText) ?? null),
        choices: q.choices.map((c) => ({ text: c.text, correct: c.isCorrect })),
      })),
    };
  }

  // Reading texts, questions and choices, each in as few statements as PostgreSQL's limit of
  // 65 535 parameters a statement allows (a bank of thousands of questions is several batches).
  return db.transaction(async (tx) => {
    const textIds: { id: number }[] = [];
    for (const batch of batches(texts)) {
      textIds.push(
        ...(await tx
          .insert(readingTexts)
          .values(batch.map((r) => ({ subjectId: bank.subjectId, text: r.text })))
          .returning({ id: readingTexts.id })),
      );
    }
    const idByKey = new Map(texts.map((r, i) => [r.key, textIds[i].id]));
    const questionIds: { id: number }[] = [];
    for (const batch of batches(items)) {
      questionIds.push(
        ...(await tx
          .insert(questions)
          .values(
            batch.map((item) => ({
              subjectId: bank.subjectId,
              difficulty: item.difficulty,
              text: item.text,
              readingTextId: item.readingText ? idByKey.get(item.readingText)! : null,
            })),
          )
          .returning({ id: questions.id })),
      );
    }
    // In the source's order (position), inserted shuffled: the order of ids never tells which
    // choice was written first (often the key).
    const choices = items.flatMap((item, i) => placed(item.choices).map((c) => ({ questionId: questionIds[i].id, ...c })));
    for (const batch of batches(choices)) await tx.insert(questionChoices).values(batch);
    if (organiserId !== undefined) {
      await recordAction(tx, {
        organiserId,
        action: AuditAction.QuestionImport,
        targetType: "subject",
        targetId: bank.subjectId,
        reason: bank.reason,
        details: { readingTexts: texts.length, questions: items.length },
      });
    }
    return { readingTexts: texts.length, questions: items.length, choices: choices.length, dryRun };
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
  text: string;
  readingText: string | null;
  choices: { choiceId: number; text: string; correct: boolean }[];
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
  if (term) conditions.push(ilike(questions.text, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conditions);
  const [rows, [{ total }], [test]] = await Promise.all([
    db
      .select({
        question: questions,
        readingText: readingTexts.text,
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
        text: r.question.text,
        readingText: r.readingText,
        choices: choices.filter((c) => c.questionId === r.question.id).map((c) => ({ choiceId: c.id, text: c.text, correct: c.isCorrect })),
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

/** Changes a question no attempt has drawn (4009 otherwise): text, difficulty and choices, sanitised. */
export async function updateQuestion({ organiserId, questionId, edit }: { organiserId: number; questionId: number; edit: QuestionEdit }) {
  const { errors, clean } = sanitiser();
  const text = clean(edit.text, "text");
  const choices = edit.choices.map((c, i) => ({ text: clean(c.text, `choices.${i}.text`), isCorrect: c.correct }));
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return db.transaction(async (tx) => {
    const { question, drawn } = await lockQuestion(tx, questionId);
    if (drawn) throw businessError(ErrorCode.QuestionInUse);
    await tx
      .update(questions)
      .set({ text, difficulty: difficultyOfName(edit.difficulty) })
      .where(eq(questions.id, questionId));
    await tx.delete(questionChoices).where(eq(questionChoices.questionId, questionId));
    await tx.insert(questionChoices).values(placed(choices).map((c) => ({ questionId, ...c })));
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
