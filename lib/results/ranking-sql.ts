// The ranking's SQL: the common table expressions that rank every ended attempt (the rules are in
// ./ranking.ts's header), and the lists read from them, a page and the second-stage list, in the
// reader's order. ./ranking.ts runs them; ./summary.ts and the screening read `ranked` too.
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { attemptExclusionSql, olympiadAttempt, olympiadTests, totalTenthsSql } from "@/lib/attempts/counting";
import { likePattern } from "@/lib/db/like-pattern";
import type { NameOrder } from "@/lib/reference/queries";
import { inSeason } from "@/lib/seasons/period";

export const TOP = 5;

/** What a list or file covers: one test, or (no test) every olympiad test of a season (none named: the current one). */
export type Covered = { testId?: number; seasonId?: number };

/** The condition on a test id column (`a.test_id`, `t.id`) that keeps the tests a list covers. */
export const coveredTests = (column: string, { testId, seasonId }: Covered): SQL =>
  testId !== undefined
    ? sql`${sql.raw(column)} = ${testId}`
    : sql`${sql.raw(column)} in (select ct.id from ${olympiadTests("ct", "cs")} where ${inSeason(seasonId, sql.raw("cs.season_id"))})`;

/**
 * Every ended attempt (of one test, or of a season's tests) with its place: columns of `ranked` are
 * attempt_id, user_id, test_id, subject_id, grade, region_id, district_id, organization_id,
 * easy, medium, hard, total (tenths), time_spent, ended_by, excluded, rank;
 * `cut` has per test and district: top_count (pupils within the cut), last_rank, cutoff (tenths).
 */
export function rankingCtes(covered: Covered): SQL {
  const ofTest = sql`and ${coveredTests("a.test_id", covered)}`;
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

export function conditions({ regionId, districtId, organizationId, q, top, attemptIds }: Omit<ResultsFilter, "testId">): SQL {
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
export function listed(part: "list" | "top", where: SQL, order: NameOrder, page?: { limit: number; offset: number }): SQL {
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
    ? sql`with ${rankingCtes({ testId })} (${list}) union all (${listed("top", conditions({ top: true }), order)}) order by part, ord`
    : sql`with ${rankingCtes({ testId })} ${list}`;
}
