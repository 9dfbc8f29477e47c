// The season the organiser's console shows, as its switcher keeps it: the year, in a cookie of the
// console's (read by its pages and calls on the server, lib/seasons/console-season.ts).
export const CONSOLE_SEASON_COOKIE = "olimpiada-season";

/** A season as the switcher offers it; with `href`, choosing it leads there (a test's page: the same page of that season's test). */
export type SeasonChoice = { seasonId: number; year: number; title: string; href?: string };
