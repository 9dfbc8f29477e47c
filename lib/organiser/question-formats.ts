// Question banks as teachers already have them, read into the import's JSON form:
// the spreadsheet template (.xlsx, read with exceljs), Moodle's GIFT (gift-pegjs) and Aiken.
// Each reader reports an error per bad row or question, with where it is, in the caller's language.
import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import ExcelJS from "exceljs";
import yauzl from "yauzl";
import { STUDY_LANGUAGES, type StudyLanguage } from "@/lib/attempts/enums";
import type { DifficultyName } from "@/lib/attempts/scoring";
import { oneAtATime } from "@/lib/http/one-at-a-time";
import { callOrganiserMessages } from "@/lib/i18n/organiser";

/** The readers' words, in the caller's language (read when a file is read, never at load). */
const formatTexts = () => callOrganiserMessages().questions.formats;
/** GIFT's own braces in the errors' examples: values, not placeholders of the messages. */
const GIFT_BRACES = "{…}";
const GIFT_EXAMPLE = "{=4 ~3 ~5}";

export type ImportQuestion = {
  /** A question of the bank this row gives its languages to (the template's "id"). */
  questionId?: number;
  difficulty: DifficultyName;
  text: string;
  readingText?: string;
  choices: { text: string; correct: boolean }[];
  /** The same question in other languages (the template's "question_ru", "A_ru", … columns). */
  also?: { language: StudyLanguage; text: string; choices: string[] }[];
};
export type SourceError = { where: string; field: string; message: string };
export type ReadBank = {
  readingTexts: { key: string; text: string; also?: { language: StudyLanguage; text: string }[] }[];
  questions: ImportQuestion[];
  /** Where each question came from ("3-qator", "5-savol"), for the errors of later checks. */
  sources: string[];
  errors: SourceError[];
};

const DIFFICULTIES: Record<string, DifficultyName> = {
  easy: "easy",
  oson: "easy",
  medium: "medium",
  "o'rta": "medium",
  orta: "medium",
  oʻrta: "medium",
  hard: "hard",
  qiyin: "hard",
};
const LETTERS = ["A", "B", "C", "D", "E", "F"];

/** The spreadsheet's columns, in the template's order: the file's language. */
export const TEMPLATE_COLUMNS = ["difficulty", "question", "reading_text", "A", "B", "C", "D", "E", "F", "correct"] as const;
/** A study language's suffix in the template's columns: "question_ru", "A_ru", "text_kaa". */
const LANGUAGE_CODES: Record<StudyLanguage, string> = { 0: "uz", 1: "ru", 2: "kaa" };
/** Columns read at most: the base ones, "id", and a question and six choices per language. */
const MAX_COLUMNS = 40;

type Cell = { text: string; formula: boolean };
type Sheets = { name: string; questions: { number: number; cells: Cell[] }[]; texts: { number: number; cells: Cell[] }[] };

/** What a spreadsheet of a few thousand questions unpacks to, with room to spare. */
export const MAX_UNPACKED_BYTES = 8 * 1024 * 1024;
const READ_TIMEOUT_MS = 15_000;
/** One file read at a time per process, a few waiting. */
const oneRead = oneAtATime({ maxWaiting: 4 });

/**
 * What the zip's files unpack to, counted as they are inflated (not as its directory claims: a
 * crafted directory can say anything), stopping as soon as the count passes `limit`: then
 * `limit + 1`. Null if it is no zip or an entry is not what its header says (yauzl checks).
 */
function unpackedBytes(data: Buffer, limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return resolve(null);
      let total = 0;
      const finish = (answer: number | null) => {
        zip.close();
        resolve(answer);
      };
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return finish(null);
          stream.on("data", (chunk: Buffer) => {
            total += chunk.length;
            if (total > limit) {
              stream.destroy();
              finish(limit + 1);
            }
          });
          stream.on("error", () => finish(null));
          stream.on("end", () => zip.readEntry());
        });
      });
      zip.on("end", () => resolve(total));
      zip.on("error", () => resolve(null));
      zip.readEntry();
    });
  });
}

/**
 * Runs one of the readers' workers (xlsx-worker.mjs, text-bank-worker.mjs) with bounded memory
 * and time, one at a time per process: its answer, or null if it failed or ran out of either.
 */
function inWorker<T>(file: string, workerData: unknown): Promise<T | null> {
  return oneRead(
    () =>
      new Promise<T | null>((resolve) => {
        const worker = new Worker(path.join(process.cwd(), "lib/organiser", file), {
          workerData,
          resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
        });
        const timer = setTimeout(() => void worker.terminate(), READ_TIMEOUT_MS);
        let answer: T | null = null;
        worker.once("message", (message: T | null) => {
          answer = message;
        });
        worker.once("error", () => {});
        worker.once("exit", () => {
          clearTimeout(timer);
          resolve(answer);
        });
      }),
  );
}

/** The sheets' cells (xlsx-worker.mjs); null if unreadable. */
function readSheets(data: Buffer): Promise<Sheets | null> {
  return inWorker<Sheets>("xlsx-worker.mjs", {
    data,
    questionSheet: "Savollar",
    textSheet: "Matnlar",
    columns: MAX_COLUMNS,
    textColumns: 2 + STUDY_LANGUAGES.length,
  });
}

/**
 * Where each named column is, by the header row (a sheet without our names: the template's order).
 * The base columns are in the file's language; "question_ru", "A_ru", … give another language.
 */
function columnsOf(header: Cell[] | undefined, fallback: readonly string[]): Map<string, number> {
  const names = (header ?? []).map((cell) => cell.text.trim().toLowerCase());
  const known = names.some((name) => name === "question" || name === "text");
  return new Map((known ? names : fallback.map((name) => name.toLowerCase())).map((name, index) => [name, index] as const).reverse());
}

/**
 * The template: sheet "Savollar" with a header row, sheet "Matnlar" (key, text) for reading texts;
 * the texts in `language`, and in other languages where their columns are filled. A row with an
 * "id" gives its languages to that question of the bank.
 */
export async function readXlsx(data: ArrayBuffer, language: StudyLanguage = 0): Promise<ReadBank> {
  const m = formatTexts();
  const refused = (message: string): ReadBank => ({
    readingTexts: [],
    questions: [],
    sources: [],
    errors: [{ where: m.file, field: "file", message }],
  });
  const bytes = Buffer.from(data);
  const unpacked = await unpackedBytes(bytes, MAX_UNPACKED_BYTES);
  if (unpacked === null) return refused(m.notSpreadsheet);
  if (unpacked > MAX_UNPACKED_BYTES) return refused(m.tooLargeUnpacked);
  const sheets = await readSheets(bytes);
  if (!sheets) return refused(m.notSpreadsheet);
  const bank: ReadBank = { readingTexts: [], questions: [], sources: [], errors: [] };
  const others = STUDY_LANGUAGES.filter((other) => other !== language);

  const textColumns = columnsOf(sheets.texts.find((row) => row.number === 1)?.cells, ["key", "text"]);
  for (const { number, cells } of sheets.texts) {
    if (number === 1) continue;
    const cell = (name: string) => cells[textColumns.get(name) ?? -1] ?? { text: "", formula: false };
    const [key, text] = [cell("key"), cell("text")];
    if (cells.some((c) => c.formula))
      bank.errors.push({ where: m.row({ sheet: "Matnlar", row: number }), field: "text", message: m.formula });
    else if (key.text || text.text) {
      const also = others
        .map((other) => ({ language: other, text: cell(`text_${LANGUAGE_CODES[other]}`).text }))
        .filter((t) => t.text !== "");
      bank.readingTexts.push({ key: key.text, text: text.text, ...(also.length > 0 && { also }) });
    }
  }

  const header = sheets.questions.find((row) => row.number === 1)?.cells;
  const columns = columnsOf(header, TEMPLATE_COLUMNS);
  const nameOf = new Map([...columns].map(([name, index]) => [index, name]));
  for (const { number, cells } of sheets.questions) {
    if (number === 1) continue; // the header
    const where = m.row({ sheet: sheets.name, row: number });
    const formula = cells.findIndex((c) => c.formula);
    if (formula >= 0) {
      bank.errors.push({ where, field: nameOf.get(formula) ?? LETTERS[0], message: m.formula });
      continue;
    }
    const cell = (name: string) => cells[columns.get(name.toLowerCase()) ?? -1]?.text ?? "";
    const [id, difficulty, question, readingText] = [cell("id"), cell("difficulty"), cell("question"), cell("reading_text")];
    const correct = cell("correct").toUpperCase();
    const choices = LETTERS.map((letter) => cell(letter));
    if (!id && !difficulty && !question && choices.every((c) => !c)) continue; // an empty row
    const questionId = /^\d{1,9}$/.test(id) ? Number(id) : undefined;
    if (id && questionId === undefined) bank.errors.push({ where, field: "id", message: m.questionId });
    // A row for a question of the bank gives only texts: its difficulty is the bank's.
    const level = DIFFICULTIES[difficulty.toLowerCase()] ?? (questionId !== undefined && !difficulty ? "easy" : undefined);
    if (!level) bank.errors.push({ where, field: "difficulty", message: m.difficulty });
    const given = choices.map((text, i) => ({ letter: LETTERS[i], text })).filter((c) => c.text !== "");
    if (!given.some((c) => c.letter === correct)) bank.errors.push({ where, field: "correct", message: m.correct });
    const also = others.flatMap((other) => {
      const code = LANGUAGE_CODES[other];
      const text = cell(`question_${code}`);
      if (!text) return [];
      const translated = given.map((c) => cell(`${c.letter}_${code}`));
      const missing = given.findIndex((_, i) => !translated[i]);
      if (missing >= 0) bank.errors.push({ where, field: `${given[missing].letter}_${code}`, message: m.translationChoices });
      return [{ language: other, text, choices: translated }];
    });
    bank.sources.push(where);
    bank.questions.push({
      ...(questionId !== undefined && { questionId }),
      difficulty: level ?? "easy",
      text: question,
      ...(readingText && { readingText }),
      choices: given.map((c) => ({ text: c.text, correct: c.letter === correct })),
      ...(also.length > 0 && { also }),
    });
  }
  return bank;
}

/**
 * A new template with two example questions and a reading text, in Uzbek with a Russian and a
 * Karakalpak column for each text ("question_ru", "A_ru", …; filled for the first question), and an
 * "id" column to give a language to a question already in the bank.
 */
export async function xlsxTemplate(): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Savollar");
  const translations = (["ru", "kaa"] as const).flatMap((code) => [`question_${code}`, ...LETTERS.map((letter) => `${letter}_${code}`)]);
  sheet.addRow([...TEMPLATE_COLUMNS, "id", ...translations]);
  const blank = (n: number) => Array.from({ length: n }, () => "");
  sheet.addRow([
    "oson",
    "2 + 3 nechaga teng?",
    "",
    "4",
    "5",
    "6",
    "7",
    "",
    "",
    "B",
    "",
    "Сколько будет 2 + 3?",
    "4",
    "5",
    "6",
    "7",
    "",
    "",
    "2 + 3 neshe boladı?",
    "4",
    "5",
    "6",
    "7",
  ]);
  sheet.addRow([
    "qiyin",
    "Matnga ko'ra, suvning formulasi qaysi?",
    "suv",
    "H<sub>2</sub>O",
    "CO<sub>2</sub>",
    "O<sub>2</sub>",
    "NaCl",
    "",
    "",
    "A",
    ...blank(1 + translations.length),
  ]);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  const texts = book.addWorksheet("Matnlar");
  texts.addRow(["key", "text", "text_ru", "text_kaa"]);
  texts.addRow(["suv", "<p>Suv vodorod va kisloroddan iborat: H<sub>2</sub>O.</p>"]);
  texts.getRow(1).font = { bold: true };
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

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
