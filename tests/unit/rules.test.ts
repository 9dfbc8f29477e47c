// The test's rules (lib/attempts/rules.ts) as tables of cases, and their SQL twins
// (lib/attempts/rules-sql.ts, sessionHoldsSql) run in the database on the same cases: a rule the
// server applies in a statement cannot drift from the one it applies in code. Then the other pure
// rules, each a table: when the key may be shown, the numbering, provisional, the tie at the cut,
// the point-biserial, a test's state.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { endedSessions, users } from "@/db/schema";
import {
  ANSWER_GRACE_SECONDS,
  checkInOf,
  deadlineOf,
  hasCheckInBegun,
  isPastGrace,
  isProvisional,
  isWindowOpen,
  mayRevealKey,
  numberQuestions,
} from "@/lib/attempts/rules";
import { checkInBegunSql, checkInOfSql, deadlineSql, pastGraceSql, windowOpenSql, withinGraceSql } from "@/lib/attempts/rules-sql";
import { testState } from "@/lib/board/board";
import { db } from "@/lib/db/client";
import { sessionHoldsSql, userOfClaims } from "@/lib/identity/session";
import { tieAtCut } from "@/lib/results/ranking";
import { pointBiserial } from "@/lib/statistics/moodle";
import { Difficulty, ReviewPolicy } from "@/shared/attempts/enums";
import { evaluate, setUpDatabase } from "../support/database";
import { createPupil } from "../support/pupils";

setUpDatabase();

const T = new Date("2026-06-01T05:00:00Z");
const at = (minutes: number, seconds = 0) => new Date(T.getTime() + minutes * 60_000 + seconds * 1000);

describe("the deadline: start + duration + extra minutes, never past the close", () => {
  const cases = [
    { name: "well before the close", startedAt: at(0), durationMinutes: 90, extraMinutes: 0, closedAt: at(600), deadline: at(90) },
    { name: "extra minutes", startedAt: at(10), durationMinutes: 90, extraMinutes: 15, closedAt: at(600), deadline: at(115) },
    { name: "cut by the close", startedAt: at(550), durationMinutes: 90, extraMinutes: 0, closedAt: at(600), deadline: at(600) },
    { name: "exactly at the close", startedAt: at(510), durationMinutes: 90, extraMinutes: 0, closedAt: at(600), deadline: at(600) },
    {
      name: "extra minutes cut by the close",
      startedAt: at(500),
      durationMinutes: 90,
      extraMinutes: 30,
      closedAt: at(600),
      deadline: at(600),
    },
    { name: "a start a second in", startedAt: at(0, 1), durationMinutes: 1, extraMinutes: 0, closedAt: at(600), deadline: at(1, 1) },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(deadlineOf(c).toISOString()).toBe(c.deadline.toISOString());
      const value = await evaluate(
        deadlineSql({
          startedAt: c.startedAt,
          durationMinutes: sql`${c.durationMinutes}::int`,
          extraMinutes: sql`${c.extraMinutes}::int`,
          closedAt: c.closedAt,
        }),
      );
      expect(new Date(value as string).toISOString()).toBe(c.deadline.toISOString());
    });
  }
});

describe("the window: open from its opening (included) to its close (excluded)", () => {
  const window = { openedAt: at(0), closedAt: at(600) };
  const cases = [
    { now: at(-1), open: false },
    { now: at(0, -1), open: false },
    { now: at(0), open: true },
    { now: at(300), open: true },
    { now: at(600, -1), open: true },
    { now: at(600), open: false },
    { now: at(601), open: false },
  ];
  for (const c of cases) {
    it(`at ${c.now.toISOString()}: ${c.open ? "open" : "not open"}`, async () => {
      expect(isWindowOpen(window, c.now)).toBe(c.open);
      expect(Boolean(await evaluate(windowOpenSql(window, c.now)))).toBe(c.open);
    });
  }
});

describe("check-in: from its minutes before the opening (included) to the close (excluded)", () => {
  const test = { openedAt: at(0), closedAt: at(600), checkInMinutes: 60 };
  const cases = [
    { now: at(-61), begun: false },
    { now: at(-60, -1), begun: false },
    { now: at(-60), begun: true },
    { now: at(-1), begun: true },
    { now: at(0), begun: true },
    { now: at(600, -1), begun: true },
    { now: at(600), begun: false },
  ];
  it("opens 60 minutes before by default, or as set", () => {
    expect(checkInOf(test).toISOString()).toBe(at(-60).toISOString());
    expect(checkInOf({ ...test, checkInMinutes: 0 }).toISOString()).toBe(at(0).toISOString());
  });
  it("its SQL twin opens at the same moment", async () => {
    for (const checkInMinutes of [60, 0, 1440]) {
      const twin = await evaluate(
        sql`${checkInOfSql({ openedAt: test.openedAt, checkInMinutes: sql`${checkInMinutes}::int` })} = ${checkInOf({ ...test, checkInMinutes }).toISOString()}::timestamptz`,
      );
      expect(twin).toBe(true);
    }
  });
  for (const c of cases) {
    it(`at ${c.now.toISOString()}: ${c.begun ? "begun" : "not begun"}`, async () => {
      expect(hasCheckInBegun(test, c.now)).toBe(c.begun);
      const sqlTest = { openedAt: test.openedAt, closedAt: test.closedAt, checkInMinutes: sql`${test.checkInMinutes}::int` };
      expect(Boolean(await evaluate(checkInBegunSql(sqlTest, c.now)))).toBe(c.begun);
    });
  }
});

describe(`the grace: an answer may arrive up to ${ANSWER_GRACE_SECONDS} s after the deadline`, () => {
  const deadline = at(90);
  const cases = [
    { now: at(60), past: false },
    { now: deadline, past: false },
    { now: at(90, ANSWER_GRACE_SECONDS - 1), past: false },
    { now: at(90, ANSWER_GRACE_SECONDS), past: false },
    { now: new Date(at(90, ANSWER_GRACE_SECONDS).getTime() + 1), past: true },
    { now: at(90, ANSWER_GRACE_SECONDS + 1), past: true },
    { now: at(200), past: true },
  ];
  for (const c of cases) {
    it(`at deadline + ${(c.now.getTime() - deadline.getTime()) / 1000} s: ${c.past ? "past" : "within"}`, async () => {
      expect(isPastGrace(deadline, c.now)).toBe(c.past);
      expect(Boolean(await evaluate(pastGraceSql(deadline, c.now)))).toBe(c.past);
      expect(Boolean(await evaluate(withinGraceSql(deadline, c.now)))).toBe(!c.past);
      // As the hot statements bind it: a placeholder for now.
      const [row] = await db
        .select({ past: pastGraceSql(deadline, sql.placeholder("now")).mapWith(Boolean) })
        .from(users)
        .limit(1)
        .prepare(`grace_case_${c.now.getTime()}`)
        .execute({ now: c.now.toISOString() });
      expect(row.past).toBe(c.past);
    });
  }
});

describe("the session holds: not blocked, not signed out everywhere, not signed out on this device", () => {
  const holdsInSql = async (claims: { userId: number; sessionVersion: number; sessionId: string }) => {
    const [row] = await db
      .select({ holds: sessionHoldsSql().mapWith(Boolean) })
      .from(users)
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare(`session_case_${claims.userId}_${claims.sessionVersion}_${claims.sessionId}`)
      .execute(claims);
    return row?.holds ?? false;
  };
  const cases: { name: string; change: (userId: number) => Promise<unknown>; sessionVersion?: number; holds: boolean }[] = [
    { name: "a fresh sign-in", change: async () => {}, holds: true },
    { name: "blocked", change: (userId) => db.update(users).set({ blockedAt: T }).where(eq(users.id, userId)), holds: false },
    {
      name: "signed out everywhere (a new password)",
      change: (userId) => db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, userId)),
      holds: false,
    },
    {
      name: "a token of the new version",
      change: (userId) => db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, userId)),
      sessionVersion: 1,
      holds: true,
    },
    {
      name: "signed out on this device",
      change: () => db.insert(endedSessions).values({ sessionId: "this-device", expiresAt: at(60 * 24) }),
      holds: false,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { userId } = await createPupil();
      await c.change(userId);
      const claims = { userId, role: 1, sessionVersion: c.sessionVersion ?? 0, sessionId: "this-device" };
      expect((await userOfClaims(claims)) !== null).toBe(c.holds);
      expect(await holdsInSql(claims)).toBe(c.holds);
      await db.delete(endedSessions).where(eq(endedSessions.sessionId, "this-device"));
    });
  }
});

describe("when review may show the key", () => {
  const closedAt = at(600);
  const base = { endedAt: at(100), reviewPolicy: ReviewPolicy.AfterClose as string, closedAt, now: at(700), answersStillPossible: false };
  const cases = [
    { name: "after the close and its grace, nobody answering", ...base, shown: true },
    { name: "the attempt still running", ...base, endedAt: null, shown: false },
    { name: "still running, practice round", ...base, endedAt: null, reviewPolicy: ReviewPolicy.AfterEnd, shown: false },
    { name: "ended, window open", ...base, now: at(300), shown: false },
    { name: "ended, the close's grace not over", ...base, now: at(600, ANSWER_GRACE_SECONDS), shown: false },
    { name: "ended, past the grace, someone's extra minutes still running", ...base, answersStillPossible: true, shown: false },
    { name: "practice round (afterEnd), window open", ...base, reviewPolicy: ReviewPolicy.AfterEnd, now: at(300), shown: true },
  ];
  for (const c of cases) it(c.name, () => expect(mayRevealKey(c)).toBe(c.shown));
});

describe("numbering: easy, medium, hard; a reading text's questions together where the first fell", () => {
  const q = (id: number, difficulty: number, readingTextId: number | null = null) => ({ id, difficulty, readingTextId });
  const cases = [
    {
      name: "by difficulty, drawn order kept within",
      drawn: [q(1, Difficulty.Hard), q(2, Difficulty.Easy), q(3, Difficulty.Medium), q(4, Difficulty.Easy)],
      order: [2, 4, 3, 1],
    },
    {
      name: "a reading text's questions pulled to its first",
      drawn: [q(1, Difficulty.Easy, 9), q(2, Difficulty.Easy), q(3, Difficulty.Easy, 9), q(4, Difficulty.Easy)],
      order: [1, 3, 2, 4],
    },
    {
      name: "a reading text across difficulties stays within each",
      drawn: [
        q(1, Difficulty.Medium, 9),
        q(2, Difficulty.Easy, 9),
        q(3, Difficulty.Medium),
        q(4, Difficulty.Easy),
        q(5, Difficulty.Medium, 9),
      ],
      order: [2, 4, 1, 5, 3],
    },
    { name: "nothing drawn", drawn: [], order: [] },
  ];
  for (const c of cases) it(c.name, () => expect(numberQuestions(c.drawn).map((x) => x.id)).toEqual(c.order));
});

describe("provisional: answers may still arrive, or an attempt has not ended", () => {
  const closedAt = at(600);
  const cases = [
    { name: "open", now: at(300), attemptsNotEnded: 0, provisional: true },
    { name: "in the close's grace", now: at(600, ANSWER_GRACE_SECONDS), attemptsNotEnded: 0, provisional: true },
    { name: "past the grace, one attempt not ended", now: at(700), attemptsNotEnded: 1, provisional: true },
    { name: "past the grace, all ended", now: at(700), attemptsNotEnded: 0, provisional: false },
  ];
  for (const c of cases)
    it(c.name, () => expect(isProvisional({ closedAt, now: c.now, attemptsNotEnded: c.attemptsNotEnded })).toBe(c.provisional));
});

describe("the tie at the cut: more than five within the top five of a district", () => {
  const cases = [
    { name: "five, no tie", topCount: 5, lastRank: 5, tie: null },
    { name: "fewer than five", topCount: 3, lastRank: 3, tie: null },
    { name: "nobody ranked", topCount: 0, lastRank: null, tie: null },
    { name: "two share 5th", topCount: 6, lastRank: 5, tie: { rank: 5, pupils: 2 } },
    { name: "three share 4th", topCount: 6, lastRank: 4, tie: { rank: 4, pupils: 3 } },
    { name: "everyone shares 1st", topCount: 7, lastRank: 1, tie: { rank: 1, pupils: 7 } },
  ];
  for (const c of cases) it(c.name, () => expect(tieAtCut(c.topCount, c.lastRank)).toEqual(c.tie));
});

describe("the point-biserial from its sums", () => {
  // x the item's 0/1 per attempt, y the rest of the score: r = (nΣxy − ΣxΣy) / √((nΣx − (Σx)²)(nΣy² − (Σy)²)).
  const sums = (xs: number[], ys: number[]) => ({
    n: xs.length,
    sx: xs.reduce((a, b) => a + b, 0),
    sy: ys.reduce((a, b) => a + b, 0),
    sxy: xs.reduce((a, x, i) => a + x * ys[i], 0),
    syy: ys.reduce((a, y) => a + y * y, 0),
  });
  const cases = [
    { name: "the strong answer it, the weak do not", ...sums([1, 1, 0, 0], [30, 20, 10, 0]), r: 0.894 },
    { name: "the weak answer it: negative", ...sums([0, 0, 1, 1], [30, 20, 10, 0]), r: -0.894 },
    { name: "everyone right: no spread, no index", ...sums([1, 1, 1], [30, 20, 10]), r: null },
    { name: "the same rest for all: no index", ...sums([1, 0, 1], [10, 10, 10]), r: null },
    { name: "one attempt: no index", ...sums([1], [10]), r: null },
  ];
  for (const c of cases)
    it(c.name, () => {
      const r = pointBiserial(c);
      if (c.r === null) expect(r).toBeNull();
      else expect(r).toBeCloseTo(c.r, 3);
    });
});

describe("a test's state on the board", () => {
  const window = { openedAt: at(0), closedAt: at(600) };
  const cases = [
    { now: at(-1), state: "notOpen" },
    { now: at(0), state: "open" },
    { now: at(600, -1), state: "open" },
    { now: at(600), state: "closed" },
  ];
  for (const c of cases) it(`at ${c.now.toISOString()}: ${c.state}`, () => expect(testState(window, c.now)).toBe(c.state));
});
