// Which attempts, pupils and subjects a read may see (countingAttempt, currentAttempt,
// olympiadAttempt, anyAttempt, runningAttempt, the olympiad's tests and pupils), and the facts every
// read of an attempt agrees on: whether it counts, is running, its total, its deadline. Each rule is
// a function with its SQL twin, tested on one table of cases; house-rules fails a read that names
// none of them (docs/architecture.md, the rules' home for attempts).
import "server-only";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { attempts, subjects, users } from "@/db/schema";
import { blockedPupil, unblockedPupil } from "@/lib/identity/blocked";
import { isPastGrace } from "./rules";
import { withinGraceSql } from "./rules-sql";

/** What the rules read of an attempt, as columns of the table or of an alias in raw SQL. */
export type AttemptColumns = {
  testId: SQLWrapper;
  resetAt: SQLWrapper;
  voidedAt: SQLWrapper;
  endedAt: SQLWrapper;
  deadlineAt: SQLWrapper;
  easyScoreTenths: SQLWrapper;
  mediumScoreTenths: SQLWrapper;
  hardScoreTenths: SQLWrapper;
};

/** An alias of a raw statement, checked: it is written into the SQL as it is. */
function aliasOf(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  return alias;
}

/** The columns of `attempts` under an alias of a raw statement (`from attempts a` → attemptAlias("a")). */
export function attemptAlias(alias: string): AttemptColumns {
  aliasOf(alias);
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    testId: column("test_id"),
    resetAt: column("reset_at"),
    voidedAt: column("voided_at"),
    endedAt: column("ended_at"),
    deadlineAt: column("deadline_at"),
    easyScoreTenths: column("easy_score_tenths"),
    mediumScoreTenths: column("medium_score_tenths"),
    hardScoreTenths: column("hard_score_tenths"),
  };
}

const columnsOf = (a: AttemptColumns | string): AttemptColumns => (typeof a === "string" ? attemptAlias(a) : a);

// ─── Subjects and tests: a rehearsal is no olympiad ─────────────────────────────────────────

/** A subject (and so its tests, attempts and pupils) belongs to the olympiad, not to a rehearsal. */
export const isOlympiadSubject = (subject: { rehearsal: boolean }): boolean => !subject.rehearsal;

/** isOlympiadSubject in SQL, of a subject's `rehearsal` column (the table's, or an alias's). */
export const olympiadSubjectSql = (rehearsal: SQLWrapper = subjects.rehearsal): SQL => sql`(not ${rehearsal})`;

/** Whether the test of `testId` is a rehearsal's, in SQL. */
const rehearsalTestSql = (testId: SQLWrapper): SQL =>
  sql`exists (select 1 from tests rehearsal_test join subjects rehearsal_subject on rehearsal_subject.id = rehearsal_test.subject_id
              where rehearsal_test.id = ${testId} and rehearsal_subject.rehearsal)`;

/**
 * The olympiad's tests joined to their subjects, as a from-clause of a raw statement
 * (`from ${olympiadTests("t", "s")} where …`): a rehearsal's tests are never among them.
 */
export const olympiadTests = (test = "t", subject = "s"): SQL =>
  sql`tests ${sql.raw(aliasOf(test))} join subjects ${sql.raw(aliasOf(subject))}
        on ${sql.raw(subject)}.id = ${sql.raw(test)}.subject_id and ${olympiadSubjectSql(sql.raw(`${subject}.rehearsal`))}`;

/**
 * Every test or subject, a rehearsal's included: for the organiser's own pages of tests and
 * subjects, the record of one by its id, and setting up. Naming it says a rehearsal is meant too.
 */
export const anyTest = (): SQL => sql`true`;

// ─── Pupils: a rehearsal's synthetic pupils are never listed, exported or certified ─────────

/**
 * A user row that is no rehearsal's pupil (its subject, if any, is the olympiad's), in SQL: the
 * pupils search, the logins lists and the certificates read pupils through it.
 */
export const olympiadPupil = (subjectId: SQLWrapper = users.subjectId): SQL =>
  sql`not exists (select 1 from ${subjects} where ${subjects.id} = ${subjectId} and ${subjects.rehearsal})`;

// ─── Attempts: which count ──────────────────────────────────────────────────────────────────

/**
 * An attempt counts when it was not reset, not voided by an organiser (answer copying, decided on
 * a screening's evidence) and is not a rehearsal's.
 */
export const attemptCounts = (a: { resetAt: Date | null; voidedAt: Date | null; rehearsal: boolean }): boolean =>
  a.resetAt === null && a.voidedAt === null && !a.rehearsal;

/** attemptCounts in SQL, of expressions (the twin the tests compare on the same cases). */
export const attemptCountsSql = (a: { resetAt: SQLWrapper; voidedAt: SQLWrapper; rehearsal: SQLWrapper }): SQL =>
  sql`(${a.resetAt} is null and ${a.voidedAt} is null and not ${a.rehearsal})`;

/** The attempts that count, as a condition on the table (default) or on an alias of a raw statement. */
export const countingAttempt = (a: AttemptColumns | string = attempts): SQL => {
  const columns = columnsOf(a);
  return attemptCountsSql({ resetAt: columns.resetAt, voidedAt: columns.voidedAt, rehearsal: rehearsalTestSql(columns.testId) });
};

/** An attempt an organiser voided, on a screening's evidence of answer copying. */
export const isVoided = (a: { voidedAt: Date | null }): boolean => a.voidedAt !== null;

/**
 * A ranked attempt: one that counts, of a pupil not blocked (attemptExclusion is null). The
 * certificates and the item statistics read these, so that a question is judged on the same pupils
 * the ranking ranks. `blockedAt` is the pupil's users.blocked_at (the table's, or an alias's).
 */
export const rankedAttempt = (a: AttemptColumns | string = attempts, blockedAt: SQLWrapper | string = users.blockedAt): SQL =>
  sql`(${countingAttempt(a)} and ${unblockedPupil(blockedAt)})`;

/** Why an ended attempt of the olympiad is listed in the ranking but not ranked; null: it is ranked. */
export type Exclusion = "reset" | "voided" | "blocked";

/** The exclusion of an attempt of a pupil: reset first (it was replaced), then voided, then the pupil blocked. */
export const attemptExclusion = (a: { resetAt: Date | null; voidedAt: Date | null; blocked: boolean }): Exclusion | null =>
  a.resetAt !== null ? "reset" : a.voidedAt !== null ? "voided" : a.blocked ? "blocked" : null;

/** attemptExclusion in SQL: `blockedAt` is the pupil's users.blocked_at (the table's, or an alias's). */
export const attemptExclusionSql = (a: AttemptColumns | string, blockedAt: SQLWrapper | string): SQL => {
  const c = columnsOf(a);
  return sql`(case when ${c.resetAt} is not null then 'reset' when ${c.voidedAt} is not null then 'voided'
                   when ${blockedPupil(blockedAt)} then 'blocked' end)`;
};

/** The pupil's live attempt (not reset): the only one the pupil's own flows read. */
export const currentAttempt = (a: AttemptColumns | string = attempts): SQL => sql`(${columnsOf(a).resetAt} is null)`;

/** Every attempt of the olympiad, reset and voided ones included (listed apart), a rehearsal's never. */
export const olympiadAttempt = (a: AttemptColumns | string = attempts): SQL => sql`(not ${rehearsalTestSql(columnsOf(a).testId)})`;

/**
 * Every attempt, reset and rehearsal ones included: for reads of the record itself (a pupil's
 * own data, the story of one attempt, an act on one attempt by its id). Naming it says so.
 */
export const anyAttempt = (): SQL => sql`true`;

// ─── Attempts: running ──────────────────────────────────────────────────────────────────────

/** Running: not ended, not reset, and not past its deadline and grace (an answer may still come). */
export const isRunning = (a: { endedAt: Date | null; resetAt: Date | null; deadlineAt: Date }, now: Date): boolean =>
  a.endedAt === null && a.resetAt === null && !isPastGrace(a.deadlineAt, now);

/** isRunning in SQL. `now` is a Date or a moment in SQL. */
export const runningAttempt = (now: Date | SQLWrapper, a: AttemptColumns | string = attempts): SQL => {
  const columns = columnsOf(a);
  return sql`(${columns.endedAt} is null and ${columns.resetAt} is null and ${withinGraceSql(columns.deadlineAt, now)})`;
};

// ─── The total score ────────────────────────────────────────────────────────────────────────

type Parts = { easyScoreTenths: number | null; mediumScoreTenths: number | null; hardScoreTenths: number | null };

/** One difficulty's part in tenths of a point: a part not scored counts 0. */
export const partTenths = (part: number | null): number => part ?? 0;

/** The total in tenths of a point: the three difficulties' parts, a part not scored counting 0. */
export const totalTenths = (a: Parts): number =>
  partTenths(a.easyScoreTenths) + partTenths(a.mediumScoreTenths) + partTenths(a.hardScoreTenths);

/** totalTenths in SQL. */
export const totalTenthsSql = (a: AttemptColumns | string = attempts): SQL => {
  const c = columnsOf(a);
  return sql`(coalesce(${c.easyScoreTenths}, 0) + coalesce(${c.mediumScoreTenths}, 0) + coalesce(${c.hardScoreTenths}, 0))`;
};

// ─── Moving a running attempt's deadline ────────────────────────────────────────────────────

/**
 * Extra minutes given while an attempt runs (a pupil's accommodation, or time for an incident)
 * move its deadline by exactly that much, past the window's close if need be: they make up time
 * the pupil lost or is owed, which the close must not take back. (At the start the close does cap
 * the deadline: deadlineOf.) The key stays hidden while such an attempt may still answer
 * (mayRevealKey). Fewer minutes move it back the same way. Only an attempt with time left moves:
 * one past its deadline is not reopened (ended, it is for a reset).
 */
export function extendedDeadline(
  a: { endedAt: Date | null; resetAt: Date | null; deadlineAt: Date },
  minutes: number,
  now: Date,
): Date | null {
  if (a.endedAt !== null || a.resetAt !== null || a.deadlineAt.getTime() < now.getTime()) return null;
  return new Date(a.deadlineAt.getTime() + minutes * 60_000);
}

/** The attempts extendedDeadline moves, in SQL (the update's condition). */
export const extendableAttempt = (now: Date, a: AttemptColumns | string = attempts): SQL => {
  const c = columnsOf(a);
  return sql`(${c.endedAt} is null and ${c.resetAt} is null and ${c.deadlineAt} >= ${now.toISOString()}::timestamptz)`;
};

/** The moved deadline in SQL (the update's new value), for an attempt extendableAttempt admits. */
export const extendedDeadlineSql = (minutes: number | SQLWrapper, a: AttemptColumns | string = attempts): SQL =>
  sql`${columnsOf(a).deadlineAt} + make_interval(mins => ${minutes})`;
