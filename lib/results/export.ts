// Exports for the camp office: all results, the second-stage list and a summary per
// region and district, as CSV (UTF-8 with a BOM, formula-safe, csv-stringify) or XLSX (exceljs,
// streamed), in one language per file, the organiser's choice. Each file starts with one line that
// names what it is, whether it is provisional, the SHA-256 of the answer key and the SHA-256 of the
// list itself. The list's hash is of its data, not its words (`dataHash`): the file in any
// language, its XLSX twin and the console carry the same one.
import "server-only";
import { createHash } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { inSnapshot, reportDb, selectRows, type Transaction } from "@/db/client";
import { tenthsToPointsSql } from "@/lib/attempts/scoring-sql";
import { messagesOf } from "@/lib/i18n/catalogues";
import type { Locale } from "@/lib/i18n/locale.mjs";
import { type OrganiserMessages, organiserMessagesOf } from "@/lib/i18n/organiser";
import { callLocaleNow, localNameIn } from "@/lib/i18n/server";
import { gradeAndSubject } from "@/lib/i18n/words";
import { nameOrder } from "@/lib/reference/queries";
import { formatTashkent } from "@/lib/time";
import { type ExportFormat, ExportScope } from "@/lib/validation/organiser";
import { keyHash } from "./key";
import { allResults, intArray, type ResultRow, rankingCtes, TOP, tieAtCut } from "./ranking";
import { resultsState } from "./state";

/** The file's words and names, in the language the organiser chose for it. */
type Words = { locale: Locale; t: OrganiserMessages["results"]; local: (name: string) => string };

function wordsOf(locale: Locale): Words {
  return { locale, t: organiserMessagesOf(locale).results, local: localNameIn(locale) };
}

type Cell = string | number;

/** A list as data: ids, SOATO codes, scores, ranks and codes under fixed keys, never words. */
type ListData = { keys: string[]; rows: Cell[][] };

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

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The published hash of a list: of its data, so that it does not depend on the language the file
 * was made in. The keys' line, then one CSV line per row (LF), the rows' lines in byte order:
 * `LC_ALL=C sort` orders them alike.
 */
export function dataHash({ keys, rows }: ListData): string {
  const line = (cells: Cell[]) => stringify([cells], { record_delimiter: "unix" });
  const lines = rows.map(line).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return sha256([line(keys), ...lines].join(""));
}

/** A district's tie at the cut, as data, on the rows it is noted on. */
const tieData = (r: ResultRow): Cell[] => (r.tieAtCut && r.rank === r.tieAtCut.rank ? [r.tieAtCut.rank, r.tieAtCut.pupils] : ["", ""]);

/** "90 123 45 67": the invitation's number without +998, text in Excel (never a number). */
const phone = (digits: string | null) =>
  digits ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}` : "";

function note(t: Words["t"], r: ResultRow): string {
  if (r.excluded) return t.excluded[r.excluded];
  if (r.tieAtCut && r.rank === r.tieAtCut.rank) return t.tieAtCut({ rank: r.tieAtCut.rank, count: r.tieAtCut.pupils });
  return "";
}

type Table = { header: string[]; rows: Cell[][]; data: ListData };

function allRows({ t, local }: Words, rows: ResultRow[]): Table {
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
      r.regionName ? local(r.regionName) : "",
      r.districtName ? local(r.districtName) : "",
      r.schoolName ? local(r.schoolName) : t.otherSchool,
      r.grade,
      local(r.subjectName),
      t.languageNames[r.language],
      r.easyScore,
      r.mediumScore,
      r.hardScore,
      r.totalScore,
      r.timeSpent,
      t.endedBy[r.endedBy],
      note(t, r),
    ]),
    data: {
      keys: [
        "rank",
        "userId",
        "fullName",
        "username",
        "regionSoato",
        "districtSoato",
        "schoolId",
        "grade",
        "subjectId",
        "language",
        "easy",
        "medium",
        "hard",
        "total",
        "timeSpent",
        "endedBy",
        "excluded",
        "tieRank",
        "tiePupils",
      ],
      rows: rows.map((r) => [
        r.rank ?? "",
        r.userId,
        r.fullName,
        r.username ?? "",
        r.regionId ?? "",
        r.districtId ?? "",
        r.organizationId ?? "",
        r.grade,
        r.subjectId,
        r.language,
        r.easyScore,
        r.mediumScore,
        r.hardScore,
        r.totalScore,
        r.timeSpent,
        r.endedBy,
        r.excluded ?? "",
        ...tieData(r),
      ]),
    },
  };
}

/** The second-stage list's data: what the console's and every file's published hash is of. */
function topData(rows: ResultRow[]): ListData {
  return {
    keys: [
      "rank",
      "userId",
      "fullName",
      "schoolId",
      "districtSoato",
      "regionSoato",
      "grade",
      "subjectId",
      "language",
      "total",
      "phone",
      "excluded",
      "tieRank",
      "tiePupils",
    ],
    rows: rows.map((r) => [
      r.rank ?? "",
      r.userId,
      r.fullName,
      r.organizationId ?? "",
      r.districtId ?? "",
      r.regionId ?? "",
      r.grade,
      r.subjectId,
      r.language,
      r.totalScore,
      r.phoneNumber ?? "",
      r.excluded ?? "",
      ...tieData(r),
    ]),
  };
}

function topRows({ t, local }: Words, rows: ResultRow[]): Table {
  const c = t.columns;
  return {
    header: [c.rank, c.fullName, c.school, c.district, c.region, c.grade, c.subject, c.language, c.total, c.phone, c.note],
    rows: rows.map((r) => [
      r.rank ?? "",
      r.fullName,
      r.schoolName ? local(r.schoolName) : t.otherSchool,
      r.districtName ? local(r.districtName) : "",
      r.regionName ? local(r.regionName) : "",
      r.grade,
      local(r.subjectName),
      t.languageNames[r.language],
      r.totalScore,
      phone(r.phoneNumber),
      note(t, r),
    ]),
    data: topData(rows),
  };
}

type SummaryRow = {
  grade: number;
  subjectId: number;
  subjectName: string;
  regionId: number | null;
  regionName: string | null;
  districtId: number | null;
  districtName: string | null;
  regionTotal: boolean;
  pupils: number;
  mean: number;
  median: number;
  cutoff: number | null;
  selected: number;
  lastRank: number | null;
};

/**
 * Per test, region and district (and a line per region): pupils ranked, mean, median, the cut;
 * regions and districts in the order the file's language sorts their names.
 */
async function summaryRows({ t, local, locale }: Words, tx: Transaction, testId?: number): Promise<Table> {
  const order = await nameOrder({ locale, runner: tx });
  const rows = await selectRows<SummaryRow>(
    tx,
    sql`
      with ${rankingCtes(testId)}
      select s.grade, s.id as "subjectId", s.name as "subjectName", ranked.region_id as "regionId", rg.name as "regionName",
             ranked.district_id as "districtId", d.name as "districtName",
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
        (s.grade, s.id, s.name, ranked.test_id, rg.name, ranked.region_id, d.name, ranked.district_id),
        (s.grade, s.id, s.name, ranked.test_id, rg.name, ranked.region_id)
      )
      order by s.grade, array_position(${intArray(order.subjects)}, s.id) nulls last, s.id, ranked.test_id,
               array_position(${intArray(order.regions)}, ranked.region_id) nulls last, ranked.region_id,
               grouping(ranked.district_id), array_position(${intArray(order.districts)}, ranked.district_id) nulls last, ranked.district_id`,
  );
  const c = t.columns;
  const ties = rows.map((r) => (r.regionTotal ? null : tieAtCut(r.selected, r.lastRank)));
  const cutoff = (r: SummaryRow) => (r.regionTotal || r.cutoff === null ? "" : r.cutoff);
  return {
    header: [c.grade, c.subject, c.region, c.district, c.pupils, c.mean, c.median, c.cutoff, c.selected, c.note],
    rows: rows.map((r, i) => {
      const tie = ties[i];
      return [
        r.grade,
        local(r.subjectName),
        r.regionName ? local(r.regionName) : "",
        r.regionTotal ? t.regionTotal : r.districtName ? local(r.districtName) : "",
        r.pupils,
        r.mean,
        r.median,
        cutoff(r),
        r.selected,
        tie ? t.tieAtCut({ rank: tie.rank, count: tie.pupils }) : "",
      ];
    }),
    data: {
      keys: [
        "grade",
        "subjectId",
        "regionSoato",
        "districtSoato",
        "regionTotal",
        "pupils",
        "mean",
        "median",
        "cutoff",
        "selected",
        "tieRank",
        "tiePupils",
      ],
      rows: rows.map((r, i) => [
        r.grade,
        r.subjectId,
        r.regionId ?? "",
        r.regionTotal ? "" : (r.districtId ?? ""),
        r.regionTotal ? 1 : 0,
        r.pupils,
        r.mean,
        r.median,
        cutoff(r),
        r.selected,
        ties[i]?.rank ?? "",
        ties[i]?.pupils ?? "",
      ]),
    },
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The list of a scope as its file holds it: header and rows, in the file's language, and its data. */
async function tableOf(words: Words, tx: Transaction, testId: number | undefined, scope: ExportScope): Promise<Table> {
  if (scope === ExportScope.Summary) return summaryRows(words, tx, testId);
  return scope === ExportScope.Top5
    ? topRows(words, await allResults({ testId, top: true, locale: words.locale }, tx))
    : allRows(words, await allResults({ testId, locale: words.locale }, tx));
}

export type PublishedState = { provisional: boolean; attemptsNotEnded: number; keyHash: string; topHash: string };

/**
 * What the results page shows of the second-stage list, without making a file: whether it is
 * provisional, and the hashes its export would carry (the key's, the list's: of its data, so the
 * same whatever language the page or the file is in). Null for no test.
 */
export async function publishedState({ testId, now = new Date() }: { testId: number; now?: Date }): Promise<PublishedState | null> {
  return inSnapshot(async (tx) => {
    const state = await resultsState(tx, testId, now);
    if (state.tests === 0) return null;
    const top = await allResults({ testId, top: true }, tx);
    return {
      provisional: state.provisional,
      attemptsNotEnded: state.attemptsNotEnded,
      keyHash: await keyHash(testId, tx),
      topHash: dataHash(topData(top)),
    };
  }, reportDb);
}

/**
 * The file for a scope in `lang` (the caller's language when not chosen), or null when the test
 * does not exist.
 */
export async function buildExport({
  testId,
  scope,
  format,
  lang = callLocaleNow(),
  now = new Date(),
}: {
  testId?: number;
  scope: ExportScope;
  format: ExportFormat;
  lang?: Locale;
  now?: Date;
}): Promise<ExportFile | null> {
  const words = wordsOf(lang);
  const { t, local } = words;
  // One snapshot: the list, whether it is provisional and the key it was scored with agree.
  const read = await inSnapshot(async (tx) => {
    const covered = await resultsState(tx, testId, now);
    if (testId !== undefined && covered.tests === 0) return null;
    return { covered, table: await tableOf(words, tx, testId, scope), key: await keyHash(testId, tx) };
  }, reportDb);
  if (!read) return null;
  const { covered, table, key } = read;
  const contentHash = dataHash(table.data);
  const which = covered.subjectName ? gradeAndSubject(messagesOf(lang), covered.grade, local(covered.subjectName)) : t.allTests;
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
