// The question bank as the organiser keeps it: a subject's questions a page at a time, and the
// edits of one question (a change of its text and choices, or its removal), each audited. The
// import of a whole bank is in import.ts.
import "server-only";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { attemptQuestions, questionChoices, questions, readingTexts, tests } from "@/db/schema";
import { anyAttempt } from "@/lib/attempts/counting";
import { bankChanged } from "@/lib/attempts/papers";
import { shuffle } from "@/lib/attempts/rules";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, type Transaction } from "@/lib/db/client";
import { AppError, businessError, invalidInput, notFound } from "@/lib/http/errors";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { sanitiser } from "@/lib/questions/sanitize";
import { assertSeasonOpen } from "@/lib/seasons/closed";
import { type Difficulty, firstText, type LanguageTexts, languagesOf, type StudyLanguage, textIn } from "@/shared/attempts/enums";
import { difficultyOfName } from "@/shared/attempts/scoring";
import { ErrorCode } from "@/shared/http/contract";
import type { QuestionEdit } from "@/shared/questions/schema";

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

/** Choices with their place in the source, in a shuffled order (their ids then say nothing). */
export function placed<Choice>(choices: Choice[]): (Choice & { position: number })[] {
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
  /** Pupils of earlier seasons who saw it with its key (0: fresh); exposed, it is drawn only when kept. */
  seenBy: number;
  keptExposed: boolean;
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
        // Drawn by an attempt of the subject's test, read once for the page: the subject's papers,
        // whatever the other subjects' hold (by question there is no index: a scan of every paper
        // of every test per question listed, 130 ms for a page after the unit suites).
        drawn: sql<boolean>`${questions.id} in (
          select aq.question_id from attempts a join attempt_questions aq on aq.attempt_id = a.id
          where ${anyAttempt()} and a.test_id in (select t.id from tests t where t.subject_id = ${subjectId}))`,
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
        seenBy: r.question.seenBy,
        keptExposed: r.question.keptExposed,
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

/**
 * An exposed item (seen with its key in an earlier season) drawn into papers on purpose, or left out
 * again; a fresh item has nothing to keep (4xx). Not in a closed season (4019). Audited.
 */
export async function keepExposed({
  organiserId,
  questionId,
  kept,
  reason,
}: {
  organiserId: number;
  questionId: number;
  kept: boolean;
  reason: string;
}) {
  return db.transaction(async (tx) => {
    const { question } = await lockQuestion(tx, questionId);
    await assertSeasonOpen(tx, { subjectId: question.subjectId });
    if (question.seenBy === 0) throw new AppError(409, null, callOrganiserMessages().questions.notExposed);
    await tx.update(questions).set({ keptExposed: kept }).where(eq(questions.id, questionId));
    await bankChanged(tx, { subjectId: question.subjectId });
    await recordAction(tx, {
      organiserId,
      action: AuditAction.QuestionKeepExposed,
      targetType: "question",
      targetId: questionId,
      reason,
      details: { subjectId: question.subjectId, kept, seenBy: question.seenBy },
    });
    return { questionId, kept };
  });
}
