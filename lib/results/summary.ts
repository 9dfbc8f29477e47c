// The summary per test, region and district (and a line per region): pupils ranked, mean, median
// and the cut, as its file holds it (./tables.ts). Read from the ranking's statement itself.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { tenthsToPointsSql } from "@/lib/attempts/scoring-sql";
import { selectRows, type Transaction } from "@/lib/db/client";
import { nameOrder } from "@/lib/reference/queries";
import { tieAtCut } from "./ranking";
import { type Covered, intArray, rankingCtes, TOP } from "./ranking-sql";
import type { Table, Words } from "./tables";

const summaryRow = z.object({
  grade: z.number(),
  subjectId: z.number(),
  subjectName: z.string(),
  regionId: z.number().nullable(),
  regionName: z.string().nullable(),
  districtId: z.number().nullable(),
  districtName: z.string().nullable(),
  regionTotal: z.boolean(),
  pupils: z.number(),
  mean: z.number(),
  median: z.number(),
  cutoff: z.number().nullable(),
  selected: z.number(),
  lastRank: z.number().nullable(),
});
type SummaryRow = z.infer<typeof summaryRow>;

/**
 * Per test, region and district (and a line per region): pupils ranked, mean, median, the cut;
 * regions and districts in the order the file's language sorts their names.
 */
export async function summaryRows({ t, local, locale }: Words, tx: Transaction, covered: Covered): Promise<Table> {
  const order = await nameOrder({ locale, runner: tx });
  const rows = await selectRows(
    summaryRow,
    tx,
    sql`
      with ${rankingCtes(covered)}
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
