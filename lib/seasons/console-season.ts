// Which season the console shows: the one the organiser chose in the switcher (every console page's
// header), else the current season. Each console list reads it and passes its id to inSeason; a test's
// own pages show the test's season (testSeason).
import "server-only";
import { desc, sql } from "drizzle-orm";
import { cookies } from "next/headers";
import { z } from "zod";
import { seasons } from "@/db/schema";
import { olympiadTests } from "@/lib/attempts/counting";
import { db, selectRows } from "@/lib/db/client";
import { CONSOLE_SEASON_COOKIE, type SeasonChoice } from "@/shared/seasons/console";
import { currentSeasonOf } from "./period";

export type ConsoleSeason = SeasonChoice & { choices: SeasonChoice[] };

/** The console's season (the switcher's choice, kept in its cookie), with every season to choose from. */
export async function consoleSeason(): Promise<ConsoleSeason> {
  const all = await db
    .select({ seasonId: seasons.id, year: seasons.year, title: seasons.title, takingRegistrations: seasons.takingRegistrations })
    .from(seasons)
    .orderBy(desc(seasons.year));
  const chosen = Number((await cookies()).get(CONSOLE_SEASON_COOKIE)?.value);
  const season = all.find((s) => s.year === chosen) ?? currentSeasonOf(all) ?? all[0];
  const choices = all.map(({ seasonId, year, title }) => ({ seasonId, year, title }));
  return { seasonId: season.seasonId, year: season.year, title: season.title, choices };
}

const twinRow = z.object({ seasonId: z.number(), year: z.number(), title: z.string(), twinId: z.number().nullable(), own: z.boolean() });

/**
 * A test's own pages (its screening, item statistics, appeals, protocol) show the test's season: a
 * test is one season's. Choosing another season in the switcher leads to the same page of that
 * season's test of the same grade, subject and stage, or to that season's Tests page when it has none.
 * Null for a test that does not exist (the page answers 404) and for a rehearsal's (no season's olympiad).
 */
export async function testSeason(testId: number, pageOf: (twinId: number) => string): Promise<ConsoleSeason | null> {
  const rows = await selectRows(
    twinRow,
    db,
    sql`select se.id as "seasonId", se.year, se.title, twin.id as "twinId", se.id = s.season_id as own
          from ${olympiadTests("t", "s")}
          cross join seasons se
          left join subjects ts on ts.season_id = se.id and ts.name = s.name and ts.grade = s.grade
          left join tests twin on twin.subject_id = ts.id and twin.stage = t.stage
         where t.id = ${testId}
         order by se.year desc, twin.id`,
  );
  const own = rows.find((row) => row.own);
  if (!own) return null;
  const choices = rows
    .filter((row, i) => rows.findIndex((other) => other.seasonId === row.seasonId) === i)
    .map(({ seasonId, year, title, twinId, own: isOwn }) => ({
      seasonId,
      year,
      title,
      href: isOwn ? undefined : twinId === null ? "/admin/tests" : pageOf(twinId),
    }));
  return { seasonId: own.seasonId, year: own.year, title: own.title, choices };
}
