// Exports for the camp office (DESIGN §8): all results, the second-stage list and a summary per
// region and district, as CSV (UTF-8 with a BOM, formula-safe, csv-stringify) or XLSX (exceljs,
// streamed). Each file starts with one line that names what it is, whether it is provisional,
// the SHA-256 of the answer key and the SHA-256 of the list itself; the list's hash is of the CSV
// text from the second line to the end, so `tail -n +2 file.csv | sha256sum` checks a published
// list, and the XLSX of the same list carries the same hash.
import "server-only";
import { createHash } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { inSnapshot, reportDb, selectRows, type Transaction } from "@/db/client";
import { tenthsToPointsSql } from "@/lib/attempts/scoring-sql";
import { callOrganiserMessages, type OrganiserMessages } from "@/lib/i18n/organiser";
import { callMessages } from "@/lib/i18n/server";
import { gradeAndSubject } from "@/lib/i18n/words";
import { formatTashkent } from "@/lib/time";
import { type ExportFormat, ExportScope } from "@/lib/validation/organiser";
import { keyHash } from "./key";
import { allResults, type ResultRow, rankingCtes, TOP, tieAtCut } from "./ranking";
import { resultsState } from "./state";

/** The results' words, in the language of whoever reads the file (or the page). */
type Texts = OrganiserMessages["results"];

type Cell = string | number;

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

/** The CSV text of the header and rows: the exported body, and what the content hash is of. */
function csvBody(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows], { record_delimiter: "windows", escape_formulas: true });
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** "90 123 45 67": the invitation's number without +998, text in Excel (never a number). */
const phone = (digits: string | null) =>
  digits ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}` : "";

function note(t: Texts, r: ResultRow): string {
  if (r.excluded) return t.excluded[r.excluded];
  if (r.tieAtCut && r.rank === r.tieAtCut.rank) return t.tieAtCut({ rank: r.tieAtCut.rank, count: r.tieAtCut.pupils });
  return "";
}

function allRows(t: Texts, rows: ResultRow[]): { header: string[]; rows: Cell[][] } {
  const c = t.columns;
  return {
    header: [
      c.rank,
      c.fullName,
      c.username,
      c.region,
      c.district,
      c.school,
      c.grade,
      c.subject,
      c.language,
      c.easy,
      c.medium,
      c.hard,
      c.total,
      c.time,
      c.endedBy,
      c.note,
    ],
    rows: rows.map((r) => [
      r.rank ?? "",
      r.fullName,
      r.username ?? "",
      r.regionName ?? "",
      r.districtName ?? "",
      r.schoolName ?? t.otherSchool,
      r.grade,
      r.subjectName,
      t.languageNames[r.language],
      r.easyScore,
      r.mediumScore,
      r.hardScore,
      r.totalScore,
      r.timeSpent,
      t.endedBy[r.endedBy],
      note(t, r),
    ]),
  };
}

function topRows(t: Texts, rows: ResultRow[]): { header: string[]; rows: Cell[][] } {
  const c = t.columns;
  return {
    header: [c.rank, c.fullName, c.school, c.district, c.region, c.grade, c.subject, c.language, c.total, c.phone, c.note],
    rows: rows.map((r) => [
      r.rank ?? "",
      r.fullName,
      r.schoolName ?? t.otherSchool,
      r.districtName ?? "",
      r.regionName ?? "",
      r.grade,
      r.subjectName,
      t.languageNames[r.language],
      r.totalScore,
      phone(r.phoneNumber),
      note(t, r),
    ]),
  };
}

type SummaryRow = {
  grade: number;
  subjectName: string;
  regionName: string | null;
  districtName: string | null;
  regionTotal: boolean;
  pupils: number;
  mean: number;
  median: number;
  cutoff: number | null;
  selected: number;
  lastRank: number | null;
};

/** Per test, region and district (and a line per region): pupils ranked, mean, median, the cut. */
async function summaryRows(t: Texts, tx: Transaction, testId?: number): Promise<{ header: string[]; rows: Cell[][] }> {
  const rows = await selectRows<SummaryRow>(
    tx,
    sql`
      with ${rankingCtes(testId)}
      select s.grade, s.name as "subjectName", rg.name as "regionName", d.name as "districtName",
             grouping(ranked.district_id) = 1 as "regionTotal",
             count(*)::int as pupils,
             round(${tenthsToPointsSql(sql`avg(ranked.total)`)}, 2)::float8 as mean,
             round(${tenthsToPointsSql(sql`percentile_cont(0.5) within group (order by ranked.total)`)}::numeric, 2)::float8 as median,
             ${tenthsToPointsSql(sql`min(ranked.total) filter (where ranked.rank <= ${TOP})`)}::float8 as cutoff,
             (count(*) filter (where ranked.rank <= ${TOP}))::int as selected,
             max(ranked.rank) filter (where ranked.rank <= ${TOP}) as "lastRank"
      from ranked
      join subjects s on s.id = ranked.subject_id
      left join regions rg on rg.id = ranked.region_id
      left join districts d on d.id = ranked.district_id
      where ranked.excluded is null
      group by grouping sets (
        (s.grade, s.name, ranked.test_id, rg.name, ranked.region_id, d.name, ranked.district_id),
        (s.grade, s.name, ranked.test_id, rg.name, ranked.region_id)
      )
      order by s.grade, s.name collate "C", ranked.test_id, rg.name collate "C" nulls last, ranked.region_id,
               grouping(ranked.district_id), d.name collate "C" nulls last, ranked.district_id`,
  );
  const c = t.columns;
  return {
    header: [c.grade, c.subject, c.region, c.district, c.pupils, c.mean, c.median, c.cutoff, c.selected, c.note],
    rows: rows.map((r) => {
      const tie = r.regionTotal ? null : tieAtCut(r.selected, r.lastRank);
      return [
        r.grade,
        r.subjectName,
        r.regionName ?? "",
        r.regionTotal ? t.regionTotal : (r.districtName ?? ""),
        r.pupils,
        r.mean,
        r.median,
        r.regionTotal || r.cutoff === null ? "" : r.cutoff,
        r.selected,
        tie ? t.tieAtCut({ rank: tie.rank, count: tie.pupils }) : "",
      ];
    }),
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The list of a scope as its file holds it: header and rows. */
async function tableOf(t: Texts, tx: Transaction, testId: number | undefined, scope: ExportScope) {
  if (scope === ExportScope.Summary) return summaryRows(t, tx, testId);
  return scope === ExportScope.Top5
    ? topRows(t, await allResults({ testId, top: true }, tx))
    : allRows(t, await allResults({ testId }, tx));
}

export type PublishedState = { provisional: boolean; attemptsNotEnded: number; keyHash: string; topHash: string };

/**
 * What the results page shows of the second-stage list, without making a file: whether it is
 * provisional, and the hashes its export would carry (the key's, the list's). Null for no test.
 * The list's hash is of its text, header and notes included: in the language of the page that
 * passes its messages, as that page's visitor's export is.
 */
export async function publishedState(
  { testId, now = new Date() }: { testId: number; now?: Date },
  messages: OrganiserMessages = callOrganiserMessages(),
): Promise<PublishedState | null> {
  const t = messages.results;
  return inSnapshot(async (tx) => {
    const state = await resultsState(tx, testId, now);
    if (state.tests === 0) return null;
    const top = await tableOf(t, tx, testId, ExportScope.Top5);
    return {
      provisional: state.provisional,
      attemptsNotEnded: state.attemptsNotEnded,
      keyHash: await keyHash(testId, tx),
      topHash: sha256(csvBody(top.header, top.rows)),
    };
  }, reportDb);
}

/** The file for a scope, or null when the test does not exist. */
export async function buildExport({
  testId,
  scope,
  format,
  now = new Date(),
}: {
  testId?: number;
  scope: ExportScope;
  format: ExportFormat;
  now?: Date;
}): Promise<ExportFile | null> {
  const t = callOrganiserMessages().results;
  // One snapshot: the list, whether it is provisional and the key it was scored with agree.
  const read = await inSnapshot(async (tx) => {
    const covered = await resultsState(tx, testId, now);
    if (testId !== undefined && covered.tests === 0) return null;
    return { covered, table: await tableOf(t, tx, testId, scope), key: await keyHash(testId, tx) };
  }, reportDb);
  if (!read) return null;
  const { covered, table, key } = read;
  const contentHash = sha256(csvBody(table.header, table.rows));
  const which = covered.subjectName ? gradeAndSubject(callMessages(), covered.grade, covered.subjectName) : t.allTests;
  const stamp = now.toISOString().slice(0, 10);
  const f = t.fileName;
  const parts = [
    f.prefix,
    f.scope[scope],
    covered.subjectName ? f.test({ grade: covered.grade ?? 0, subject: slug(covered.subjectName) }) : f.allTests,
    stamp,
    ...(covered.provisional ? [f.provisional] : []),
    contentHash.slice(0, 12),
  ];
  return {
    fileName: `${parts.join("_")}.${format}`,
    sheetName: t.sheetName[scope],
    provisional: covered.provisional,
    keyHash: key,
    contentHash,
    info: [
      t.scopeTitle[scope],
      which,
      covered.provisional ? t.provisional : t.final,
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
export function toXlsxStream(file: ExportFile): ReadableStream<Uint8Array> {
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
