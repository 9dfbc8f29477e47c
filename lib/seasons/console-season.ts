// Which season the console shows: the one the organiser chose in the switcher (every console page's
// header), else the current season. Each console list reads it and passes its id to inSeason.
import "server-only";
import { desc } from "drizzle-orm";
import { cookies } from "next/headers";
import { seasons } from "@/db/schema";
import { db } from "@/lib/db/client";
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
