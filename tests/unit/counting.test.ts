// Which attempts count, which run, their total and how a running one's deadline moves
// (lib/attempts/counting.ts), each rule on one table of cases, in code and in the database: the
// twin a statement applies cannot drift from the rule the code applies.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subjects } from "@/db/schema";
import {
  type AttemptColumns,
  anyTest,
  attemptCounts,
  attemptCountsSql,
  attemptExclusion,
  attemptExclusionSql,
  countingAttempt,
  extendableAttempt,
  extendedDeadline,
  extendedDeadlineSql,
  isOlympiadSubject,
  isRunning,
  isVoided,
  olympiadAttempt,
  olympiadSubjectSql,
  olympiadTests,
  rankedAttempt,
  runningAttempt,
  totalTenths,
  totalTenthsSql,
} from "@/lib/attempts/counting";
import { ANSWER_GRACE_SECONDS } from "@/lib/attempts/rules";
import { db, selectRows } from "@/lib/db/client";
import { idRow } from "@/lib/db/rows";
import { blockedPupil, isBlocked, unblockedPupil } from "@/lib/identity/blocked";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { evaluate, setUpDatabase } from "../support/database";

setUpDatabase();

const T = new Date("2026-06-01T05:00:00Z");
const at = (minutes: number, seconds = 0) => new Date(T.getTime() + minutes * 60_000 + seconds * 1000);

const moment = (value: Date | null) => (value ? sql`${value.toISOString()}::timestamptz` : sql`null::timestamptz`);
const tenths = (value: number | null) => (value === null ? sql`null::int` : sql`${value}::int`);

/** An attempt's columns as values, for the SQL twins. */
function columnsOf(a: {
  testId?: number;
  resetAt?: Date | null;
  voidedAt?: Date | null;
  endedAt?: Date | null;
  deadlineAt?: Date;
  easyScoreTenths?: number | null;
  mediumScoreTenths?: number | null;
  hardScoreTenths?: number | null;
}): AttemptColumns {
  return {
    testId: sql`${a.testId ?? 0}::int`,
    resetAt: moment(a.resetAt ?? null),
    voidedAt: moment(a.voidedAt ?? null),
    endedAt: moment(a.endedAt ?? null),
    deadlineAt: moment(a.deadlineAt ?? T),
    easyScoreTenths: tenths(a.easyScoreTenths ?? null),
    mediumScoreTenths: tenths(a.mediumScoreTenths ?? null),
    hardScoreTenths: tenths(a.hardScoreTenths ?? null),
  };
}

describe("an attempt counts: not reset, not voided, not a rehearsal's", () => {
  const cases = [
    { name: "a live attempt of the olympiad", resetAt: null, voidedAt: null, rehearsal: false, counts: true },
    { name: "a reset attempt", resetAt: at(5), voidedAt: null, rehearsal: false, counts: false },
    { name: "a voided attempt", resetAt: null, voidedAt: at(200), rehearsal: false, counts: false },
    { name: "a rehearsal's attempt", resetAt: null, voidedAt: null, rehearsal: true, counts: false },
    { name: "a reset attempt of a rehearsal", resetAt: at(5), voidedAt: null, rehearsal: true, counts: false },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(attemptCounts(c)).toBe(c.counts);
      const twin = attemptCountsSql({ resetAt: moment(c.resetAt), voidedAt: moment(c.voidedAt), rehearsal: sql`${c.rehearsal}::boolean` });
      expect(await evaluate(twin)).toBe(c.counts);
    });
  }

  it("reads the rehearsal from the attempt's test", async () => {
    const olympiad = await createTestOlympiad();
    const rehearsal = await createTestOlympiad();
    await db.update(subjects).set({ rehearsal: true }).where(eq(subjects.id, rehearsal.subjectId));
    expect(await evaluate(countingAttempt(columnsOf({ testId: olympiad.testId })))).toBe(true);
    expect(await evaluate(countingAttempt(columnsOf({ testId: rehearsal.testId })))).toBe(false);
    expect(await evaluate(countingAttempt(columnsOf({ testId: olympiad.testId, resetAt: at(1) })))).toBe(false);
    expect(await evaluate(olympiadAttempt(columnsOf({ testId: olympiad.testId, resetAt: at(1) })))).toBe(true);
    expect(await evaluate(countingAttempt(columnsOf({ testId: olympiad.testId, voidedAt: at(1) })))).toBe(false);
    expect(await evaluate(olympiadAttempt(columnsOf({ testId: olympiad.testId, voidedAt: at(1) })))).toBe(true);
    expect(await evaluate(olympiadAttempt(columnsOf({ testId: rehearsal.testId })))).toBe(false);
    for (const rehearsalSubject of [true, false]) {
      expect(isOlympiadSubject({ rehearsal: rehearsalSubject })).toBe(!rehearsalSubject);
      expect(await evaluate(olympiadSubjectSql(sql`${rehearsalSubject}::boolean`))).toBe(!rehearsalSubject);
    }
  });
});

describe("the olympiad's tests: a rehearsal's never", () => {
  it("olympiadTests lists a test when, and only when, isOlympiadSubject says so of its subject", async () => {
    const olympiad = await createTestOlympiad();
    const rehearsal = await createTestOlympiad();
    await db.update(subjects).set({ rehearsal: true }).where(eq(subjects.id, rehearsal.subjectId));
    for (const { testId, subjectRehearsal } of [
      { testId: olympiad.testId, subjectRehearsal: false },
      { testId: rehearsal.testId, subjectRehearsal: true },
    ]) {
      const listed = await selectRows(idRow, db, sql`select t.id from ${olympiadTests("t", "s")} where t.id = ${testId}`);
      expect(listed.length === 1).toBe(isOlympiadSubject({ rehearsal: subjectRehearsal }));
      const any = await selectRows(idRow, db, sql`select t.id from tests t where t.id = ${testId} and ${anyTest()}`);
      expect(any).toHaveLength(1);
    }
  });
});

describe("blocked, voided and ranked: an attempt is ranked when it counts and its pupil is not blocked", () => {
  const cases = [
    { name: "a live attempt, its pupil free", resetAt: null, voidedAt: null, blockedAt: null, voided: false, blocked: false, ranked: true },
    { name: "its pupil blocked", resetAt: null, voidedAt: null, blockedAt: at(3), voided: false, blocked: true, ranked: false },
    { name: "voided", resetAt: null, voidedAt: at(200), blockedAt: null, voided: true, blocked: false, ranked: false },
    { name: "reset", resetAt: at(5), voidedAt: null, blockedAt: null, voided: false, blocked: false, ranked: false },
    { name: "voided, its pupil blocked", resetAt: null, voidedAt: at(200), blockedAt: at(3), voided: true, blocked: true, ranked: false },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(isBlocked(c)).toBe(c.blocked);
      expect(await evaluate(blockedPupil(moment(c.blockedAt)))).toBe(c.blocked);
      expect(await evaluate(unblockedPupil(moment(c.blockedAt)))).toBe(!c.blocked);
      expect(isVoided(c)).toBe(c.voided);
      // Ranked is what attemptExclusion calls no exclusion, of an attempt that counts.
      expect(attemptExclusion({ ...c, blocked: c.blocked }) === null).toBe(c.ranked);
      const olympiad = await createTestOlympiad();
      expect(await evaluate(rankedAttempt(columnsOf({ ...c, testId: olympiad.testId }), moment(c.blockedAt)))).toBe(c.ranked);
    });
  }
});

describe("why an ended attempt is listed but not ranked: reset, then voided, then its pupil blocked", () => {
  const cases = [
    { name: "ranked", resetAt: null, voidedAt: null, blocked: false, exclusion: null },
    { name: "reset", resetAt: at(5), voidedAt: null, blocked: false, exclusion: "reset" },
    { name: "voided", resetAt: null, voidedAt: at(200), blocked: false, exclusion: "voided" },
    { name: "voided, its pupil blocked", resetAt: null, voidedAt: at(200), blocked: true, exclusion: "voided" },
    { name: "reset and voided", resetAt: at(5), voidedAt: at(200), blocked: false, exclusion: "reset" },
    { name: "its pupil blocked", resetAt: null, voidedAt: null, blocked: true, exclusion: "blocked" },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(attemptExclusion(c)).toBe(c.exclusion);
      expect(await evaluate(attemptExclusionSql(columnsOf(c), c.blocked ? moment(at(1)) : moment(null)))).toBe(c.exclusion);
    });
  }
});

describe(`running: not ended, not reset, not past its deadline and the ${ANSWER_GRACE_SECONDS} s grace`, () => {
  const deadlineAt = at(90);
  const cases = [
    { name: "before the deadline", endedAt: null, resetAt: null, now: at(30), running: true },
    { name: "in the grace", endedAt: null, resetAt: null, now: at(90, ANSWER_GRACE_SECONDS), running: true },
    { name: "past the grace", endedAt: null, resetAt: null, now: at(90, ANSWER_GRACE_SECONDS + 1), running: false },
    { name: "ended", endedAt: at(20), resetAt: null, now: at(30), running: false },
    { name: "reset", endedAt: null, resetAt: at(20), now: at(30), running: false },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(isRunning({ ...c, deadlineAt }, c.now)).toBe(c.running);
      expect(await evaluate(runningAttempt(c.now, columnsOf({ ...c, deadlineAt })))).toBe(c.running);
    });
  }
});

describe("the total: the three parts in tenths, a part not scored counting 0", () => {
  const cases = [
    { name: "all three", easyScoreTenths: 30, mediumScoreTenths: 45, hardScoreTenths: 70, total: 145 },
    { name: "nothing earned", easyScoreTenths: 0, mediumScoreTenths: 0, hardScoreTenths: 0, total: 0 },
    { name: "not scored yet", easyScoreTenths: null, mediumScoreTenths: null, hardScoreTenths: null, total: 0 },
    { name: "one part missing", easyScoreTenths: 10, mediumScoreTenths: null, hardScoreTenths: 25, total: 35 },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(totalTenths(c)).toBe(c.total);
      expect(await evaluate(totalTenthsSql(columnsOf(c)))).toBe(c.total);
    });
  }
});

describe("extra minutes move a running attempt's deadline, past the close if need be", () => {
  const cases = [
    { name: "ten more minutes", endedAt: null, resetAt: null, deadlineAt: at(90), minutes: 10, now: at(30), moved: at(100) },
    { name: "past the window's close", endedAt: null, resetAt: null, deadlineAt: at(600), minutes: 30, now: at(590), moved: at(630) },
    { name: "fewer minutes move it back", endedAt: null, resetAt: null, deadlineAt: at(90), minutes: -15, now: at(30), moved: at(75) },
    { name: "at its deadline", endedAt: null, resetAt: null, deadlineAt: at(90), minutes: 5, now: at(90), moved: at(95) },
    { name: "past its deadline: not reopened", endedAt: null, resetAt: null, deadlineAt: at(90), minutes: 5, now: at(90, 1), moved: null },
    { name: "ended", endedAt: at(40), resetAt: null, deadlineAt: at(90), minutes: 5, now: at(50), moved: null },
    { name: "reset", endedAt: null, resetAt: at(40), deadlineAt: at(90), minutes: 5, now: at(50), moved: null },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(extendedDeadline(c, c.minutes, c.now)?.toISOString() ?? null).toBe(c.moved?.toISOString() ?? null);
      const columns = columnsOf(c);
      const value = await evaluate(
        sql`case when ${extendableAttempt(c.now, columns)} then ${extendedDeadlineSql(sql`${c.minutes}::int`, columns)} end`,
      );
      expect(value === null ? null : new Date(value as string).toISOString()).toBe(c.moved?.toISOString() ?? null);
    });
  }
});
