// The SQL twins of the rules in rules.ts, for statements that must apply a rule in the database
// (the opening's one-statement start, saving an answer, the sweep, the board, the exports). Each
// takes SQL expressions for its inputs and is tested against the same cases as its twin
// (tests/unit/rules.test.ts).
import "server-only";
import { is, Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { ANSWER_GRACE_SECONDS } from "./rules";

/** A moment: a column or expression, or a value bound as timestamptz (a Date, a placeholder). */
type Moment = SQLWrapper | Date;
const moment = (at: Moment): SQL =>
  at instanceof Date ? sql`${at.toISOString()}::timestamptz` : is(at, Placeholder) ? sql`${at}::timestamptz` : sql`${at}`;

/** deadlineOf: the start plus the duration and extra minutes, never past the window's close. */
export const deadlineSql = (a: { startedAt: Moment; durationMinutes: SQLWrapper; extraMinutes: SQLWrapper; closedAt: Moment }): SQL =>
  sql`least(${moment(a.startedAt)} + make_interval(mins => ${a.durationMinutes} + ${a.extraMinutes}), ${moment(a.closedAt)})`;

/** isWindowOpen: opened at or before `now`, closing after it. */
export const windowOpenSql = (window: { openedAt: Moment; closedAt: Moment }, now: Moment): SQL =>
  sql`(${moment(window.openedAt)} <= ${moment(now)} and ${moment(now)} < ${moment(window.closedAt)})`;

/** checkInOf: when check-in opens, the opening less its minutes. */
export const checkInOfSql = (test: { openedAt: Moment; checkInMinutes: SQLWrapper }): SQL =>
  sql`(${moment(test.openedAt)} - make_interval(mins => ${test.checkInMinutes}))`;

/** hasCheckInBegun: check-in (the opening less its minutes) at or before `now`, the window closing after it. */
export const checkInBegunSql = (test: { openedAt: Moment; closedAt: Moment; checkInMinutes: SQLWrapper }, now: Moment): SQL =>
  sql`(${checkInOfSql(test)} <= ${moment(now)} and ${moment(now)} < ${moment(test.closedAt)})`;

/** graceCutoff: the earliest deadline that still takes an answer at `now`. */
const graceCutoffSql = (now: Moment): SQL => sql`(${moment(now)} - make_interval(secs => ${sql.raw(String(ANSWER_GRACE_SECONDS))}))`;

/** isPastGrace: past the deadline and its network grace. */
export const pastGraceSql = (deadline: Moment, now: Moment): SQL => sql`(${moment(deadline)} < ${graceCutoffSql(now)})`;

/** Not isPastGrace: an answer sent before the deadline may still arrive. */
export const withinGraceSql = (deadline: Moment, now: Moment): SQL => sql`(${moment(deadline)} >= ${graceCutoffSql(now)})`;
