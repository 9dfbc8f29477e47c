// Results and the second-stage ranking: one statement (./ranking-sql.ts, set-based, window
// functions) defines it, and every list, export and regrade reads it here. Per district (at
// registration) × grade × subject: ended attempts by total, the hard part, the medium part, less
// time; equal on all four share a rank, and every rank up to 5 goes on (docs/console.md, results).
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Exclusion, olympiadTests, partTenths } from "@/lib/attempts/counting";
import { type Database, db, reportDb, selectRows, type Transaction } from "@/lib/db/client";
import { studyLanguage } from "@/lib/db/rows";
import { notFound } from "@/lib/http/errors";
import { type NameOrder, nameOrder } from "@/lib/reference/queries";
import { inSeason } from "@/lib/seasons/period";
import { EndedBy, type StudyLanguage } from "@/shared/attempts/enums";
import { tenthsToPoints } from "@/shared/attempts/scoring";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { fullName } from "@/shared/identity/names";
import { type Covered, conditions, listed, type ResultsFilter, rankingCtes, rankingStatement, TOP } from "./ranking-sql";
import { resultsState } from "./state";

export const RESULTS_PAGE_SIZE = 50;

export type { Exclusion };

/**
 * Ties at the cut: when more than five pupils are within the top five of a district, the last
 * rank inside it is shared; "5-o'rin uchun teng natija: 2 nafar". Null when the cut is clean.
 */
export function tieAtCut(topCount: number, lastRank: number | null): { rank: number; pupils: number } | null {
  if (lastRank === null || topCount <= TOP) return null;
  // rank() leaves lastRank − 1 pupils strictly ahead of the tied group.
  return { rank: lastRank, pupils: topCount - (lastRank - 1) };
}

export type ResultRow = {
  attemptId: number;
  userId: number;
  fullName: string;
  username: string | null;
  phoneNumber: string | null;
  regionId: number | null;
  regionName: string | null;
  districtId: number | null;
  districtName: string | null;
  organizationId: number | null;
  schoolName: string | null;
  grade: number;
  subjectId: number;
  subjectName: string;
  easyScore: number;
  mediumScore: number;
  hardScore: number;
  totalScore: number;
  timeSpent: number;
  endedBy: EndedBy;
  /** The study language the attempt was drawn in; the ranking is one list across languages. */
  language: StudyLanguage;
  rank: number | null;
  inTop5: boolean;
  excluded: Exclusion | null;
  /** The district's tie at the cut, if any (the same on every row of that district). */
  tieAtCut: { rank: number; pupils: number } | null;
};

/** A row as the statement reads it: names apart, scores in tenths, the district's cut. */
const rawRow = z.object({
  attemptId: z.number(),
  userId: z.number(),
  username: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  regionId: z.number().nullable(),
  regionName: z.string().nullable(),
  districtId: z.number().nullable(),
  districtName: z.string().nullable(),
  organizationId: z.number().nullable(),
  schoolName: z.string().nullable(),
  grade: z.number(),
  subjectId: z.number(),
  subjectName: z.string(),
  timeSpent: z.number(),
  language: studyLanguage,
  rank: z.number().nullable(),
  excluded: z.enum(["reset", "voided", "blocked"] satisfies Exclusion[]).nullable(),
  lastName: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  easy: z.number().nullable(),
  medium: z.number().nullable(),
  hard: z.number().nullable(),
  total: z.number(),
  endedBy: z.custom<EndedBy>((value) => Object.values(EndedBy).includes(value as EndedBy)).nullable(),
  topCount: z.number(),
  lastRank: z.number().nullable(),
  rows: z.number(),
}) satisfies z.ZodType<
  Omit<ResultRow, "fullName" | "easyScore" | "mediumScore" | "hardScore" | "totalScore" | "endedBy" | "inTop5" | "tieAtCut">
>;
type RawRow = z.infer<typeof rawRow>;
/** A row of the list or of the second-stage part beside it. */
const partRow = rawRow.extend({ part: z.enum(["list", "top"]) });

/** The ranking's rows in reading order, a page of them if asked. */
async function rankedRows(
  runner: Database | Transaction,
  filter: Covered & Omit<ResultsFilter, "testId">,
  order: NameOrder,
  page?: { limit: number; offset: number },
): Promise<RawRow[]> {
  const { testId, seasonId, ...rest } = filter;
  return selectRows(rawRow, runner, sql`with ${rankingCtes({ testId, seasonId })} ${listed("list", conditions(rest), order, page)}`);
}

/**
 * A page of one test's list and, when `withTop`, its whole second-stage list, from one ranking:
 * both read the one `ranked` of one statement (PostgreSQL computes a CTE read twice once).
 */
async function rankedPageAndTop(
  runner: Database | Transaction,
  { testId, ...rest }: ResultsFilter,
  order: NameOrder,
  page: { limit: number; offset: number },
  withTop: boolean,
): Promise<{ rows: RawRow[]; top: RawRow[] | null }> {
  const rows = await selectRows(partRow, runner, rankingStatement({ testId, ...rest }, order, page, withTop));
  return { rows: rows.filter((r) => r.part === "list"), top: withTop ? rows.filter((r) => r.part === "top") : null };
}

function toResult(r: RawRow): ResultRow {
  return {
    attemptId: r.attemptId,
    userId: r.userId,
    fullName: fullName(r),
    username: r.username,
    phoneNumber: r.phoneNumber,
    regionId: r.regionId,
    regionName: r.regionName,
    districtId: r.districtId,
    districtName: r.districtName,
    organizationId: r.organizationId,
    schoolName: r.schoolName,
    grade: r.grade,
    subjectId: r.subjectId,
    subjectName: r.subjectName,
    easyScore: tenthsToPoints(partTenths(r.easy)),
    mediumScore: tenthsToPoints(partTenths(r.medium)),
    hardScore: tenthsToPoints(partTenths(r.hard)),
    totalScore: tenthsToPoints(r.total),
    timeSpent: r.timeSpent,
    endedBy: r.endedBy ?? EndedBy.Clock,
    language: r.language,
    rank: r.rank,
    inTop5: r.rank !== null && r.rank <= TOP,
    excluded: r.excluded,
    tieAtCut: tieAtCut(r.topCount, r.lastRank),
  };
}

/**
 * Every ranked row (no paging) of one test or of all, grouped as `locale` sorts the names (the
 * caller's by default): the exports and the regrade read this.
 */
export async function allResults(
  { locale, ...filter }: Covered & { top?: boolean; attemptIds?: number[]; locale?: Locale },
  runner: Database | Transaction = db,
): Promise<ResultRow[]> {
  return (await rankedRows(runner, filter, await nameOrder({ locale, runner }))).map(toResult);
}

/** A page's place in the list. */
const pageOf = (page: number) => ({ limit: RESULTS_PAGE_SIZE, offset: (page - 1) * RESULTS_PAGE_SIZE });

/** How many rows the list has: the page's own count, or (a page past the end) a count without the page. */
async function listTotal(runner: Database | Transaction, filter: ResultsFilter, order: NameOrder, rows: RawRow[], page: number) {
  if (rows.length > 0) return rows[0].rows;
  return page > 1 ? ((await rankedRows(runner, filter, order, { limit: 1, offset: 0 }))[0]?.rows ?? 0) : 0;
}

/** One page of a test's results, with how many attempts are not ended yet (the sweep ends them). */
export async function listResults({ page = 1, locale, ...filter }: ResultsFilter & { page?: number; locale?: Locale }) {
  const order = await nameOrder({ locale, runner: reportDb });
  const [rows, state] = await Promise.all([
    rankedRows(reportDb, filter, order, pageOf(page)),
    resultsState(reportDb, filter.testId, new Date()),
  ]);
  if (state.tests === 0) throw notFound();
  return { items: rows.map(toResult), total: await listTotal(reportDb, filter, order, rows, page), notEnded: state.attemptsNotEnded };
}

/**
 * One page of a test's results in `tx`'s snapshot and, when `withTop`, its whole second-stage
 * list, ranked once for both (the results page, which shows the list's hash: lib/results/published.ts).
 */
export async function resultsPageAndTop(
  tx: Transaction,
  { page = 1, locale, ...filter }: ResultsFilter & { page?: number; locale?: Locale },
  withTop: boolean,
): Promise<{ items: ResultRow[]; total: number; top: ResultRow[] | null }> {
  const order = await nameOrder({ locale, runner: tx });
  const { rows, top } = await rankedPageAndTop(tx, filter, order, pageOf(page), withTop);
  return { items: rows.map(toResult), total: await listTotal(tx, filter, order, rows, page), top: top?.map(toResult) ?? null };
}

export type ResultsTest = { testId: number; grade: number; subjectName: string; closedAt: string };

/** The tests the results page can show in a season (undefined: the current one), by grade and subject. */
export async function resultsTests(seasonId?: number): Promise<ResultsTest[]> {
  return selectRows(
    z.object({ testId: z.number(), grade: z.number(), subjectName: z.string(), closedAt: z.string() }),
    reportDb,
    sql`select t.id as "testId", s.grade, s.name as "subjectName", to_json(t.closed_at)#>>'{}' as "closedAt"
        from ${olympiadTests("t", "s")} where ${inSeason(seasonId, sql.raw("s.season_id"))} order by s.grade, s.name`,
  );
}
