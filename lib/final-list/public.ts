// The list's minute: the one home of when a test's final list is public. Before it no family,
// pupil, public or chat-bot read shows who was selected (the console does, marked "not public
// yet"); from it every one does. The rule is read against the server's clock at each read, so every
// process turns at the same minute. Its SQL twin is tested on the same cases (tests/unit/list-minute.test.ts).
import { type SQL, sql } from "drizzle-orm";

/** A list is public once it is final and its minute (if the organiser set one) has come; null minute: from its finalisation. */
export function listIsPublic(list: { finalisedAt: Date | null; resultsAt: Date | null }, now: Date): boolean {
  return list.finalisedAt !== null && (list.resultsAt === null || list.resultsAt.getTime() <= now.getTime());
}

/**
 * The same rule in SQL: `finalisedAt` is the final list's finalisation (null when the test has none),
 * `resultsAt` the test's minute (tests.results_at).
 */
export function listPublicSql(columns: { finalisedAt: SQL; resultsAt: SQL }, now: Date): SQL {
  return sql`(${columns.finalisedAt} is not null and (${columns.resultsAt} is null or ${columns.resultsAt} <= ${now.toISOString()}::timestamptz))`;
}

/** The minute still to come that families are shown ("results on 20.06 at 10:00"), or null once it has come or none was set. */
export function announcedMinute(resultsAt: Date | null, now: Date): Date | null {
  return resultsAt !== null && resultsAt.getTime() > now.getTime() ? resultsAt : null;
}
