// The test's rules (lib/attempts/rules.ts) as tables of cases, and their SQL twins
// (lib/attempts/rules-sql.ts, sessionHoldsSql) run in the database on the same cases: a rule the
// server applies in a statement cannot drift from the one it applies in code.
import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, selectRows } from "@/db/client";
import { endedSessions, users } from "@/db/schema";
import { ANSWER_GRACE_SECONDS, deadlineOf, isPastGrace, isWindowOpen } from "@/lib/attempts/rules";
import { deadlineSql, pastGraceSql, windowOpenSql, withinGraceSql } from "@/lib/attempts/rules-sql";
import { sessionHoldsSql, userOfClaims } from "@/lib/identity/session";
import { setUpDatabase } from "../support/database";
import { createPupil } from "../support/pupils";

setUpDatabase();

const T = new Date("2026-06-01T05:00:00Z");
const at = (minutes: number, seconds = 0) => new Date(T.getTime() + minutes * 60_000 + seconds * 1000);

async function evaluate(expression: SQL): Promise<unknown> {
  const [row] = await selectRows<{ value: unknown }>(db, sql`select ${expression} as value`);
  return row.value;
}

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
