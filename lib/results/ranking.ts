// Results and the second-stage ranking: one statement defines the ranking, set-based
// with window functions, and every list, export and regrade reads it.
//
// The rules, per district × grade × subject (a test is one subject of one grade):
// - only ended attempts count; a reset or voided attempt and a blocked pupil are listed with a note,
//   unranked (lib/attempts/counting.ts attemptExclusion);
// - total descending, then the hard part's score, then the medium part's, then less time spent
//   (whole seconds, as the pupil's result shows it); pupils equal on all four share a rank
//   (1, 2, 2, 4 …: SQL's rank());
// - the second stage takes every rank up to 5, so everyone tied at the cut goes;
// - the district is the one at registration (registrations.district_id), not a later profile
//   change: a pupil cannot move to an easier district's list after seeing the results.
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { attemptExclusionSql, type Exclusion, olympiadAttempt, olympiadTests, totalTenthsSql } from "@/lib/attempts/counting";
import { type Database, db, reportDb, selectRows, type Transaction } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { type NameOrder, nameOrder } from "@/lib/reference/queries";
import { likePattern } from "@/lib/validation/search";
import { EndedBy, type StudyLanguage } from "@/shared/attempts/enums";
import { tenthsToPoints } from "@/shared/attempts/scoring";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { fullName } from "@/shared/identity/names";
import { resultsState } from "./state";

export const TOP = 5;
export const RESULTS_PAGE_SIZE = 50;

export type { Exclusion };

/**
 * Every ended attempt (of one test, or of all) with its place: columns of `ranked` are
 * attempt_id, user_id, test_id, subject_id, grade, region_id, district_id, organization_id,
 * easy, medium, hard, total (tenths), time_spent, ended_by, excluded, rank;
 * `cut` has per test and district: top_count (pupils within the cut), last_rank, cutoff (tenths).
 */
export function rankingCtes(testId?: number): SQL {
  const ofTest = testId === undefined ? sql`` : sql`and a.test_id = ${testId}`;
  return sql`
    base as (
      select a.id as attempt_id, a.user_id, a.test_id, s.id as subject_id, s.grade,
             coalesce(r.region_id, u.region_id) as region_id,
             coalesce(r.district_id, u.district_id) as district_id,
             case when r.district_id is not null then r.organization_id else u.organization_id end as organization_id,
             a.easy_score_tenths as easy, a.medium_score_tenths as medium, a.hard_score_tenths as hard,
             ${totalTenthsSql("a")} as total,
             round(extract(epoch from (a.ended_at - a.started_at)))::int as time_spent,
             a.ended_by, a.language,
             ${attemptExclusionSql("a", "u")} as excluded
      from attempts a
      join users u on u.id = a.user_id
      join tests t on t.id = a.test_id
      join subjects s on s.id = t.subject_id
      left join registrations r on r.user_id = a.user_id
      where a.ended_at is not null and ${olympiadAttempt("a")} ${ofTest}
    ),
    ranked as (
      select base.*,
             case when excluded is null then
               rank() over (partition by test_id, district_id, excluded is null
                            order by total desc, hard desc, medium desc, time_spent asc)
             end::int as rank
      from base
    ),
    cut as (
      select test_id, district_id,
             (count(*) filter (where rank <= ${TOP}))::int as top_count,
             max(rank) filter (where rank <= ${TOP}) as last_rank,
             min(total) filter (where rank <= ${TOP}) as cutoff
      from ranked
      group by test_id, district_id
    )`;
}

/**
 * Ties at the cut: when more than five pupils are within the top five of a district, the last
 * rank inside it is shared; "5-o'rin uchun teng natija: 2 nafar". Null when the cut is clean.
 */
export function tieAtCut(topCount: number, lastRank: number | null): { rank: number; pupils: number } | null {
  if (lastRank === null || topCount <= TOP) return null;
  // rank() leaves lastRank − 1 pupils strictly ahead of the tied group.
  return { rank: lastRank, pupils: topCount - (lastRank - 1) };
}

export type ResultsFilter = {
  testId: number;
  regionId?: number;
  districtId?: number;
  organizationId?: number;
  q?: string;
  /** Only the second-stage list: pupils within the top five of their district. */
  top?: boolean;
  /** Only these attempts' rows (ranked among all: the ranking is of the whole test). */
  attemptIds?: number[];
};

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
type RawRow = Omit<ResultRow, "fullName" | "easyScore" | "mediumScore" | "hardScore" | "totalScore" | "endedBy" | "inTop5" | "tieAtCut"> & {
  lastName: string;
  firstName: string;
  middleName: string | null;
  easy: number;
  medium: number;
  hard: number;
  total: number;
  endedBy: EndedBy | null;
  topCount: number;
  lastRank: number | null;
  rows: number;
};

function conditions({ regionId, districtId, organizationId, q, top, attemptIds }: Omit<ResultsFilter, "testId">): SQL {
  const where: SQL[] = [sql`true`];
  if (attemptIds) where.push(sql`ranked.attempt_id = any(${intArray(attemptIds)})`);
  if (regionId) where.push(sql`ranked.region_id = ${regionId}`);
  if (districtId) where.push(sql`ranked.district_id = ${districtId}`);
  if (organizationId) where.push(sql`ranked.organization_id = ${organizationId}`);
  if (top) where.push(sql`ranked.rank <= ${TOP}`);
  const term = q?.trim();
  if (term) {
    const like = likePattern(term);
    where.push(sql`(u.last_name || ' ' || u.first_name || ' ' || coalesce(u.middle_name, '')) ilike ${like}`);
  }
  return sql.join(where, sql` and `);
}

/** Ids as one parameter, PostgreSQL's array literal: the same on both drivers, whatever their number. */
export const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** The reading order of a list: subject, region, district (as the reader's language sorts their names), rank (unranked last), name. */
function readingOrder(order: NameOrder): SQL {
  // Names in the reader's order (ids sorted by them), pupils' names by collate "C": the same order on any database's locale.
  return sql`s.grade, array_position(${intArray(order.subjects)}, ranked.subject_id) nulls last, ranked.subject_id,
             array_position(${intArray(order.regions)}, ranked.region_id) nulls last, ranked.region_id,
             array_position(${intArray(order.districts)}, ranked.district_id) nulls last, ranked.district_id,
             ranked.rank nulls last, u.last_name collate "C", u.first_name collate "C", ranked.attempt_id`;
}

/** One list read from `ranked` and `cut`: the rows `where` keeps, in reading order (`ord`), with their count (`rows`). */
function listed(part: "list" | "top", where: SQL, order: NameOrder, page?: { limit: number; offset: number }): SQL {
  return sql`
      select ${part}::text as part, ranked.attempt_id as "attemptId", ranked.user_id as "userId",
             u.last_name as "lastName", u.first_name as "firstName", u.middle_name as "middleName",
             u.username, u.phone_number as "phoneNumber",
             ranked.region_id as "regionId", rg.name as "regionName",
             ranked.district_id as "districtId", d.name as "districtName",
             ranked.organization_id as "organizationId", o.name as "schoolName",
             ranked.grade, ranked.subject_id as "subjectId", s.name as "subjectName",
             ranked.easy, ranked.medium, ranked.hard, ranked.total, ranked.time_spent as "timeSpent",
             ranked.ended_by as "endedBy", ranked.language, ranked.excluded, ranked.rank,
             cut.top_count as "topCount", cut.last_rank as "lastRank",
             (count(*) over ())::int as rows, (row_number() over (order by ${readingOrder(order)}))::int as ord
      from ranked
      join users u on u.id = ranked.user_id
      join subjects s on s.id = ranked.subject_id
      left join regions rg on rg.id = ranked.region_id
      left join districts d on d.id = ranked.district_id
      left join organizations o on o.id = ranked.organization_id
      -- coalesce, not "is not distinct from": equality lets PostgreSQL hash the join (30 000 rows).
      join cut on cut.test_id = ranked.test_id and coalesce(cut.district_id, 0) = coalesce(ranked.district_id, 0)
      where ${where}
      order by ord
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

/** The ranking's rows in reading order, a page of them if asked. */
async function rankedRows(
  runner: Database | Transaction,
  filter: { testId?: number } & Omit<ResultsFilter, "testId">,
  order: NameOrder,
  page?: { limit: number; offset: number },
): Promise<RawRow[]> {
  const { testId, ...rest } = filter;
  return selectRows<RawRow>(runner, sql`with ${rankingCtes(testId)} ${listed("list", conditions(rest), order, page)}`);
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
  const rows = await selectRows<RawRow & { part: "list" | "top" }>(runner, rankingStatement({ testId, ...rest }, order, page, withTop));
  return { rows: rows.filter((r) => r.part === "list"), top: withTop ? rows.filter((r) => r.part === "top") : null };
}

/**
 * The statement of a page of one test's list and, when `withTop`, its whole second-stage list.
 * Every column it reads is in lib/results/ranking-inputs.ts (tests/unit/ranking-inputs.test.ts).
 */
export function rankingStatement(
  { testId, ...rest }: ResultsFilter,
  order: NameOrder,
  page: { limit: number; offset: number },
  withTop: boolean,
): SQL {
  const list = listed("list", conditions(rest), order, page);
  return withTop
    ? sql`with ${rankingCtes(testId)} (${list}) union all (${listed("top", conditions({ top: true }), order)}) order by part, ord`
    : sql`with ${rankingCtes(testId)} ${list}`;
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
    easyScore: tenthsToPoints(r.easy),
    mediumScore: tenthsToPoints(r.medium),
    hardScore: tenthsToPoints(r.hard),
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
  { locale, ...filter }: { testId?: number; top?: boolean; attemptIds?: number[]; locale?: Locale },
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

/** The tests the results page can show, by grade and subject. */
export async function resultsTests(): Promise<ResultsTest[]> {
  return selectRows<ResultsTest>(
    reportDb,
    sql`select t.id as "testId", s.grade, s.name as "subjectName", to_json(t.closed_at)#>>'{}' as "closedAt"
        from ${olympiadTests("t", "s")} order by s.grade, s.name`,
  );
}
