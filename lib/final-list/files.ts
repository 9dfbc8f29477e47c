// Exports for the camp office: all results, the second-stage list and a summary per region and
// district, as CSV (UTF-8 with a BOM, formula-safe, csv-stringify) or XLSX (exceljs, streamed), in
// one language per file, the organiser's choice. Each file starts with one line that names what it
// is, whether it is provisional, the SHA-256 of the answer key and the SHA-256 of the list itself
// (of its data: lib/results/tables.ts dataHash). Exporting a test's second-stage list publishes it: the list
// is kept (lib/results/published.ts), and the console shows the hash the file carries without ranking again.
import "server-only";
import { PassThrough, Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { inSnapshot, reportDb, type Transaction } from "@/lib/db/client";
import { listState } from "@/lib/final-list/final";
import { messagesOf } from "@/lib/i18n/catalogues";
import { callLocaleNow } from "@/lib/i18n/server";
import { keyHash } from "@/lib/results/key";
import { keepRanking, keptRanking } from "@/lib/results/published";
import { allResults } from "@/lib/results/ranking";
import type { Covered } from "@/lib/results/ranking-sql";
import { type ExportFormat, ExportScope } from "@/lib/results/schema";
import { resultsState } from "@/lib/results/state";
import { summaryRows } from "@/lib/results/summary";
import { allRows, type Cell, dataHash, type Table, topRows, type Words, wordsOf } from "@/lib/results/tables";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent } from "@/shared/time";

export type ExportFile = {
  fileName: string;
  sheetName: string;
  provisional: boolean;
  keyHash: string;
  contentHash: string;
  /** The first line: what, which tests, provisional or final, both hashes, when. */
  info: string[];
  header: string[];
  rows: Cell[][];
};

/** The CSV text of the header and rows: the exported body. */
function csvBody(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows], { record_delimiter: "windows", escape_formulas: true });
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The list of a scope as its file holds it: header and rows, in the file's language, and its data. */
async function tableOf(words: Words, tx: Transaction, covered: Covered, scope: ExportScope): Promise<Table> {
  if (scope === ExportScope.Summary) return summaryRows(words, tx, covered);
  return scope === ExportScope.Top5
    ? topRows(words, await allResults({ ...covered, top: true, locale: words.locale }, tx))
    : allRows(words, await allResults({ ...covered, locale: words.locale }, tx));
}

/**
 * The file for a scope in `lang` (the caller's language when not chosen), of one test or of a
 * season's tests (no test: the season named, else the current one), or null when the test does not
 * exist. Its name and first line name the season.
 */
export async function buildExport({
  testId,
  seasonId,
  scope,
  format,
  lang = callLocaleNow(),
  now = new Date(),
}: {
  testId?: number;
  seasonId?: number;
  scope: ExportScope;
  format: ExportFormat;
  lang?: Locale;
  now?: Date;
}): Promise<ExportFile | null> {
  const words = wordsOf(lang);
  const { t, local } = words;
  // One snapshot: the list, whether it is provisional and the key it was scored with agree.
  const of: Covered = testId !== undefined ? { testId } : { seasonId };
  const read = await inSnapshot(async (tx) => {
    const covered = await resultsState(tx, of, now);
    if (testId !== undefined && covered.tests === 0) return null;
    const kept = scope === ExportScope.Top5 && testId !== undefined ? await keptRanking(tx, testId) : null;
    const list = await listState(tx, of);
    return { covered, kept, list, table: await tableOf(words, tx, of, scope), key: await keyHash(of, tx) };
  }, reportDb);
  if (!read) return null;
  const { covered, kept, list, table, key } = read;
  const provisional = list.state === "provisional";
  const contentHash = dataHash(table.data);
  // A test's second-stage list, exported, is published: kept, unless the very same list already is.
  if (kept && kept.topHash !== contentHash) await keepRanking(kept, table.data, contentHash, now);
  const which = covered.subjectName ? gradeAndSubject(messagesOf(lang), covered.grade, local(covered.subjectName)) : t.allTests;
  const stamp = now.toISOString().slice(0, 10);
  const f = t.fileName;
  const parts = [
    f.prefix,
    ...(covered.year === null ? [] : [String(covered.year)]),
    f.scope[scope],
    covered.subjectName ? f.test({ grade: covered.grade ?? 0, subject: slug(covered.subjectName) }) : f.allTests,
    stamp,
    ...(provisional ? [f.provisional] : []),
    contentHash.slice(0, 12),
  ];
  return {
    fileName: `${parts.join("_")}.${format}`,
    sheetName: t.sheetName[scope],
    provisional,
    keyHash: key,
    contentHash,
    info: [
      t.scopeTitle[scope],
      ...(covered.year === null ? [] : [t.season({ year: covered.year })]),
      which,
      (provisional ? t.provisional : t.final)({ time: formatTashkent(list.since.toISOString()) }),
      t.keyHashLine({ hash: key }),
      t.contentHashLine({ hash: contentHash }),
      t.madeAt({ time: formatTashkent(now.toISOString()) }),
    ],
    header: table.header,
    rows: table.rows,
  };
}

/** The CSV file: a BOM (Excel then reads oʻ, gʻ and Cyrillic right), the info line, the body. */
export function toCsv(file: ExportFile): string {
  return `\uFEFF${stringify([file.info], { record_delimiter: "windows", escape_formulas: true })}${csvBody(file.header, file.rows)}`;
}

/** The XLSX file, written row by row into the response as exceljs makes it. */
export function toXlsxStream(file: Pick<ExportFile, "sheetName" | "info" | "header" | "rows">): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const write = async () => {
    const sheet = book.addWorksheet(file.sheetName, { views: [{ state: "frozen", ySplit: 2 }] });
    sheet.columns = file.header.map((name) => ({ width: Math.min(40, Math.max(10, name.length + 4)) }));
    sheet.addRow(file.info).commit();
    const header = sheet.addRow(file.header);
    header.font = { bold: true };
    header.commit();
    for (const row of file.rows) sheet.addRow(row).commit();
    sheet.commit();
    await book.commit();
  };
  write().catch((error) => out.destroy(error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
