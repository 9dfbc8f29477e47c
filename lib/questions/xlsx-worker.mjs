// Reads a spreadsheet off the main thread (xlsx.ts, readXlsx): its XML can be many
// times the file's size and exceljs parses it in one go, so here it costs this worker's time and
// memory, bounded by the parent's resourceLimits and timeout, never the event loop that serves
// the pupils. Posts each sheet's rows as plain cells ({ text, formula }), or null if unreadable.
// @ts-check
import { parentPort, workerData } from "node:worker_threads";
import ExcelJS from "exceljs";

/** @param {import("exceljs").Cell} cell */
function cellText(cell) {
  const value = cell.value;
  if (value === null || value === undefined) return { text: "", formula: false };
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value) return { text: "", formula: true };
    if ("richText" in value) return { text: value.richText.map((r) => r.text).join(""), formula: false };
    if ("text" in value) return { text: String(value.text), formula: false };
    if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  }
  return { text: String(value).trim(), formula: false };
}

/**
 * @param {import("exceljs").Worksheet | undefined} sheet
 * @param {number} columns
 */
function rowsOf(sheet, columns) {
  /** @type {{ number: number; cells: { text: string; formula: boolean }[] }[]} */
  const rows = [];
  sheet?.eachRow((row, number) => {
    rows.push({ number, cells: Array.from({ length: columns }, (_, i) => cellText(row.getCell(i + 1))) });
  });
  return rows;
}

const { data, questionSheet, textSheet, columns, textColumns } = workerData;
const book = new ExcelJS.Workbook();
try {
  await book.xlsx.load(data);
  const questions = book.getWorksheet(questionSheet) ?? book.worksheets[0];
  parentPort?.postMessage(
    questions
      ? { name: questions.name, questions: rowsOf(questions, columns), texts: rowsOf(book.getWorksheet(textSheet), textColumns) }
      : null,
  );
} catch {
  parentPort?.postMessage(null);
}
