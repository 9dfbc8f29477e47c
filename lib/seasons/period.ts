// Whether a season takes registrations on a day: the one rule the registration page, the
// registration call and every payment provider read, with its SQL twin (tests/unit/seasons.test.ts).
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { seasons, subjects, users } from "@/db/schema";

/**
 * Before the first day; within the period, for the season taking registrations; or after: past the
 * last day, or any season not taking registrations once its first day has come.
 */
export type RegistrationPhase = "before" | "open" | "after";

export type PeriodOf = { registrationOpens: string; registrationCloses: string; takingRegistrations: boolean };

/** The phase of `season` on `today` ("2027-05-12", Tashkent). */
export const registrationPhase = (season: PeriodOf, today: string): RegistrationPhase =>
  today < season.registrationOpens ? "before" : today > season.registrationCloses || !season.takingRegistrations ? "after" : "open";

/** The same in SQL, of a `seasons` row (drizzle's columns by default) on `today`. */
export const registrationPhaseSql = (
  today: string,
  s: { opens: SQLWrapper; closes: SQLWrapper; taking: SQLWrapper } = {
    opens: seasons.registrationOpens,
    closes: seasons.registrationCloses,
    taking: seasons.takingRegistrations,
  },
): SQL<RegistrationPhase> =>
  sql<RegistrationPhase>`(case when ${today}::date < ${s.opens} then 'before' when ${today}::date > ${s.closes} or not ${s.taking} then 'after' else 'open' end)`;

/**
 * The current season: the one taking registrations, else the newest. What a row made without
 * naming its season belongs to, and which subjects a registration form offers.
 */
export const currentSeasonOf = <S extends { year: number; takingRegistrations: boolean }>(all: readonly S[]): S | null =>
  [...all].sort((a, b) => Number(b.takingRegistrations) - Number(a.takingRegistrations) || b.year - a.year)[0] ?? null;

/** The same in SQL: the database's current_season() (db/migrations/0029_seasons.sql), the columns' default. */
export const currentSeasonSql = (): SQL<number> => sql<number>`current_season()`;

/** A past season is closed: one older than the current season. What it holds stays, nothing new is decided in it. */
export const isClosedSeason = (season: { year: number }, current: { year: number } | null): boolean =>
  current !== null && season.year < current.year;

/** The same in SQL, of a season's year (drizzle's column by default). */
export const closedSeasonSql = (year: SQLWrapper = seasons.year): SQL<boolean> =>
  sql<boolean>`(${year} < (select cs.year from seasons cs where cs.id = current_season()))`;

/**
 * The season's scope every read that lists, counts or ranks tests, subjects or registrations names
 * (tests/unit/house-rules.test.ts holds it): rows of one season, by its id (undefined: the current
 * season's), of a subjects' (default) or registrations' season column.
 */
export const inSeason = (seasonId: number | undefined, column: SQLWrapper = subjects.seasonId): SQL =>
  sql`(${column} = ${seasonId ?? currentSeasonSql()})`;

/** Pupils of one season (undefined: the current one's): a pupil is their subject's season's. */
export const pupilInSeason = (seasonId: number | undefined): SQL =>
  sql`exists (select 1 from subjects s where s.id = ${users.subjectId} and ${inSeason(seasonId, sql.raw("s.season_id"))})`;

/** Every season's rows, on purpose: a count per season, a public check that finds any season's. */
export const anySeason = (): SQL => sql`true`;
