// The question bank's content as pupils see it (texts, choices, reading texts, formulas typeset;
// never the key), in every study language it has, read once per test and version and kept in this
// process, so that reading an attempt at the opening reads only the pupil's own rows.
import "server-only";
import { eq, inArray } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { questionChoices, questions, readingTexts } from "@/db/schema";
import { db } from "@/lib/db/client";
import { typesetFormulas } from "@/lib/text/typeset";
import { type LanguageTexts, languagesOf, type StudyLanguage, textIn } from "@/shared/attempts/enums";

export type BankContent = {
  questions: Map<number, { texts: LanguageTexts; readingTextId: number | null }>;
  choices: Map<number, LanguageTexts>;
  readingTexts: Map<number, LanguageTexts>;
};

/** Each language's text with its formulas typeset. */
function typesetTexts(texts: LanguageTexts): LanguageTexts {
  return Object.fromEntries(languagesOf(texts).map((language) => [language, typesetFormulas(textIn(texts, language)!)]));
}

/**
 * The text in the attempt's language. An item is drawn only for a language it has, and a text is
 * never taken away, so the fallback (the item's first language) is for a bank edited by hand: a
 * question in another language is better for a child mid-test than no question.
 */
function shownIn(texts: LanguageTexts, language: StudyLanguage): string {
  return textIn(texts, language) ?? textIn(texts, languagesOf(texts)[0])!;
}

/**
 * Keyed by test and its content version: every change of a drawable question's content bumps the
 * version in the transaction that makes it (`bankChanged`), so every instance sees it on the very
 * next read. A question imported later is not a change of content: a draw of it misses here and
 * the bank is read again.
 */
const banks = new LRUCache<string, Promise<BankContent>>({ max: 64 });

async function readBank(subjectId: number): Promise<BankContent> {
  const [rows, choices, texts] = await Promise.all([
    db
      .select({ id: questions.id, texts: questions.texts, readingTextId: questions.readingTextId })
      .from(questions)
      .where(eq(questions.subjectId, subjectId)),
    db
      .select({ id: questionChoices.id, texts: questionChoices.texts })
      .from(questionChoices)
      .where(
        inArray(questionChoices.questionId, db.select({ id: questions.id }).from(questions).where(eq(questions.subjectId, subjectId))),
      ),
    db.select({ id: readingTexts.id, texts: readingTexts.texts }).from(readingTexts).where(eq(readingTexts.subjectId, subjectId)),
  ]);
  return {
    questions: new Map(rows.map((q) => [q.id, { texts: typesetTexts(q.texts), readingTextId: q.readingTextId }])),
    choices: new Map(choices.map((c) => [c.id, typesetTexts(c.texts)])),
    readingTexts: new Map(texts.map((r) => [r.id, typesetTexts(r.texts)])),
  };
}

/** The bank's content holding every one of these questions and choices (read again if not). */
export async function bankContent(
  { testId, subjectId, version }: { testId: number; subjectId: number; version: number },
  needed: { questionIds: number[]; choiceIds: number[] },
): Promise<BankContent> {
  const key = `${testId}:${version}`;
  const holds = (bank: BankContent) =>
    needed.questionIds.every((id) => bank.questions.has(id)) && needed.choiceIds.every((id) => bank.choices.has(id));
  const cached = banks.get(key);
  if (cached) {
    const bank = await cached.catch(() => null);
    if (bank && holds(bank)) return bank;
  }
  // One read for all who arrive at once: they wait on the same promise.
  const loading = readBank(subjectId);
  banks.set(key, loading);
  loading.catch(() => banks.delete(key));
  return loading;
}

/** A drawn question as the pupil sees it, before anything of an attempt (its row, answer, key). */
export type PaperQuestion = {
  questionNumber: number;
  text: string;
  readingTextId: number | null;
  questionChoices: { questionChoiceId: number; text: string }[];
};

/**
 * Drawn questions (in number order, each with its choice order) in the bank's words in the
 * attempt's language, and the reading texts they name: what `Get` shows and what the sealed paper
 * holds, made in one place.
 */
export function paperView(
  bank: BankContent,
  drawn: { questionId: number; number: number; choiceOrder: number[] }[],
  language: StudyLanguage,
) {
  const readingTextIds = new Set<number>();
  const questions: PaperQuestion[] = drawn.map((q) => {
    const content = bank.questions.get(q.questionId)!;
    if (content.readingTextId !== null) readingTextIds.add(content.readingTextId);
    return {
      questionNumber: q.number,
      text: shownIn(content.texts, language),
      readingTextId: content.readingTextId,
      questionChoices: q.choiceOrder.map((id) => ({ questionChoiceId: id, text: shownIn(bank.choices.get(id)!, language) })),
    };
  });
  const readingTexts = [...readingTextIds].map((id) => ({ readingTextId: id, text: shownIn(bank.readingTexts.get(id)!, language) }));
  return { questions, readingTexts };
}
