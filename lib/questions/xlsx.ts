// The spreadsheet template (.xlsx): its reader, which checks the cells a worker read with exceljs,
// and a new template to fill in.
import "server-only";
import ExcelJS from "exceljs";
import yauzl from "yauzl";
import { formatTexts, inWorker, type ReadBank } from "@/lib/questions/formats";
import { STUDY_LANGUAGES, type StudyLanguage } from "@/shared/attempts/enums";
import type { DifficultyName } from "@/shared/attempts/scoring";

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
