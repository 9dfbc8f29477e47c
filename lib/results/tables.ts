// The results' lists as their files hold them: all results and the second-stage list, each as a
// table in the file's language (header and rows) and as data (ids, SOATO codes, scores, ranks and
// codes under fixed keys, never words). The published hash of a list is of its data (`dataHash`):
// the file in any language, its XLSX twin and the console carry the same one. The summary per
// region and district is ./summary.ts; the files themselves are lib/final-list/files.ts.
import "server-only";
import { createHash } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { type OrganiserMessages, organiserMessagesOf } from "@/lib/i18n/organiser";
import { localNameIn } from "@/lib/i18n/server";
import type { Locale } from "@/shared/i18n/locale.mjs";
import type { ResultRow } from "./ranking";

/** The file's words and names, in the language the organiser chose for it. */
export type Words = { locale: Locale; t: OrganiserMessages["results"]; local: (name: string) => string };

export function wordsOf(locale: Locale): Words {
  return { locale, t: organiserMessagesOf(locale).results, local: localNameIn(locale) };
}

export type Cell = string | number;

/** A list as data: ids, SOATO codes, scores, ranks and codes under fixed keys, never words. */
export type ListData = { keys: string[]; rows: Cell[][] };

/** A list as its file holds it: header and rows in the file's language, and its data. */
export type Table = { header: string[]; rows: Cell[][]; data: ListData };

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

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

export function allRows({ t, local }: Words, rows: ResultRow[]): Table {
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

/**
 * The second-stage list's data: what the console's and every file's published hash is of, and what
 * is kept of it (./published.ts). A column read from a table that published_rankings' triggers do
 * not watch needs a trigger there too (db/migrations/0021_published_rankings_triggers.sql).
 */
export function topData(rows: ResultRow[]): ListData {
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

export function topRows({ t, local }: Words, rows: ResultRow[]): Table {
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
