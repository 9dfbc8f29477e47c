// Question banks as text: Moodle's GIFT and Aiken, each parsed in a worker (text-bank-worker.mjs)
// and checked here, question by question.
import "server-only";
import { formatTexts, inWorker, type ReadBank, type SourceError } from "@/lib/questions/formats";
import type { DifficultyName } from "@/shared/attempts/scoring";

/** GIFT's own braces in the errors' examples: values, not placeholders of the messages. */
const GIFT_BRACES = "{…}";
const GIFT_EXAMPLE = "{=4 ~3 ~5}";

/** Characters GIFT gives a meaning of its own; in a text they are written \= \~ \# \{ \} \: */
const GIFT_SPECIAL = new Set(["=", "~", "#", "{", "}", ":"]);

type GiftItem = { type: string; stem: string; choices: { text: string; correct: boolean }[] | null };
type GiftRead = { items: GiftItem[] } | { syntax: { line: number | null; column: number | null; found: string | null } };
type AikenBlock =
  | { line: number; orphanAnswer: true }
  | { line: number; text: string[]; choices: { letter: string; text: string }[]; answer: string | null; orphanAnswer?: undefined };

/** A text file the worker could not read (it ran out of time or memory): the file, refused. */
const unreadableText = (message: string): ReadBank => ({
  readingTexts: [],
  questions: [],
  sources: [],
  errors: [{ where: formatTexts().file, field: "file", message }],
});

/** What the parser stopped at, said as what to fix: most often a special character left unescaped. */
function giftSyntaxError({ line, column, found }: { line: number | null; column: number | null; found: string | null }): SourceError {
  const m = formatTexts();
  const where = line ? m.line({ line }) : m.file;
  const message =
    found === null || found === undefined
      ? m.giftEnd
      : GIFT_SPECIAL.has(found)
        ? m.giftSpecial({ char: found })
        : found.trim() === ""
          ? m.giftSyntax
          : m.giftFound({ found, braces: GIFT_BRACES });
  return { where, field: "file", message: column ? m.giftAt({ column, message }) : message };
}

/** Moodle GIFT: multiple choice with exactly one right answer; everything else is an error of its question. */
export async function readGift(text: string, difficulty: DifficultyName): Promise<ReadBank> {
  const read = await inWorker<GiftRead>("text-bank-worker.mjs", { format: "gift", text });
  if (!read) return unreadableText(formatTexts().giftSyntax);
  const m = formatTexts();
  const bank: ReadBank = { readingTexts: [], questions: [], sources: [], errors: [] };
  if ("syntax" in read) return { ...bank, errors: [giftSyntaxError(read.syntax)] };
  read.items.forEach((question, index) => {
    const where = m.question({ n: index + 1 });
    if (question.type !== "MC" || !question.choices) {
      bank.errors.push({ where, field: "type", message: m.onlyMultipleChoice });
      return;
    }
    const correct = question.choices.filter((c) => c.correct).length;
    if (correct !== 1) {
      bank.errors.push({
        where,
        field: "correct",
        message: correct === 0 ? m.giftNoCorrect({ example: GIFT_EXAMPLE }) : m.giftManyCorrect,
      });
      return;
    }
    bank.sources.push(where);
    bank.questions.push({ difficulty, text: question.stem, choices: question.choices });
  });
  return bank;
}

/** Aiken (its blocks read by text-bank-worker.mjs): each block a question, or the error of its line. */
export async function readAiken(text: string, difficulty: DifficultyName): Promise<ReadBank> {
  const read = await inWorker<{ blocks: AikenBlock[] }>("text-bank-worker.mjs", { format: "aiken", text });
  if (!read) return unreadableText(formatTexts().text);
  const m = formatTexts();
  const bank: ReadBank = { readingTexts: [], questions: [], sources: [], errors: [] };
  for (const block of read.blocks) {
    const where = m.line({ line: block.line });
    if (block.orphanAnswer) {
      bank.errors.push({ where, field: "correct", message: m.answerWithoutQuestion });
      continue;
    }
    const correct = block.answer?.toUpperCase();
    if (block.answer === null) bank.errors.push({ where, field: "correct", message: m.answerLine });
    else if (block.choices.length < 2) bank.errors.push({ where, field: "choices", message: m.choices });
    else if (!correct || !block.choices.some((c) => c.letter === correct))
      bank.errors.push({ where, field: "correct", message: m.correct });
    else {
      bank.sources.push(where);
      bank.questions.push({
        difficulty,
        text: block.text.join(" "),
        choices: block.choices.map((c) => ({ text: c.text, correct: c.letter === correct })),
      });
    }
  }
  return bank;
}
