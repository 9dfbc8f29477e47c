// Which season the console shows: the one the organiser chose in the switcher (every console page's
// header), else the current season. Each console list reads it and passes its id to inSeason.
import "server-only";
import { desc } from "drizzle-orm";
import { cookies } from "next/headers";
import { seasons } from "@/db/schema";
import { db } from "@/lib/db/client";
import { CONSOLE_SEASON_COOKIE, type SeasonChoice } from "@/shared/seasons/console";
import { currentSeasonOf } from "./period";

export type ConsoleSeason = SeasonChoice & { current: boolean; choices: SeasonChoice[] };

/** The console's season (`year`: the switcher's choice; by default the cookie's), with every season to choose from. */
export async function consoleSeason(year?: number): Promise<ConsoleSeason> {
  const all = await db
    .select({ seasonId: seasons.id, year: seasons.year, title: seasons.title, takingRegistrations: seasons.takingRegistrations })
    .from(seasons)
    .orderBy(desc(seasons.year));
  const chosen = year ?? Number((await cookies()).get(CONSOLE_SEASON_COOKIE)?.value);
  const current = currentSeasonOf(all);
  const season = all.find((s) => s.year === chosen) ?? current ?? all[0];
  const choices = all.map(({ seasonId, year: y, title }) => ({ seasonId, year: y, title }));
  return { seasonId: season.seasonId, year: season.year, title: season.title, current: season.seasonId === current?.seasonId, choices };
}
