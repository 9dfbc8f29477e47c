// The day's board (DESIGN §8): per subject and grade, the test's window and state, the bank per
// difficulty, and the live counts. One statement (grouped CTEs), polled every 5 s by each open
// console: `npm run bench:board` measures it at 10 000 attempts.
import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { attempts, questions, registrations, subjects, tests, users } from "@/db/schema";
import { Difficulty } from "@/lib/attempts/enums";
import { withinGraceSql } from "@/lib/attempts/rules-sql";
import { UserRole } from "@/lib/identity/roles";
import { RegistrationStatus } from "@/lib/registration/status";

export type TestState = "notOpen" | "open" | "closed";

export type BoardCounts = {
  registered: number;
  paid: number;
  signedIn: number;
  started: number;
  inProgress: number;
  ended: number;
  blocked: number;
};

export type BoardRow = {
  testId: number | null;
  subjectId: number;
  grade: number;
  subjectName: string;
  state: TestState | null;
  openedAt: string | null;
  closedAt: string | null;
  /** Questions in the bank (not retired) per difficulty, and how many the test draws. */
  bank: { easy: number; medium: number; hard: number };
  needed: { easy: number; medium: number; hard: number } | null;
  counts: BoardCounts;
};

const n = (value: unknown) => Number(value ?? 0);

export function testState(test: { openedAt: Date; closedAt: Date }, now: Date): TestState {
  if (now < test.openedAt) return "notOpen";
  return now < test.closedAt ? "open" : "closed";
}

export async function loadBoard({ now = new Date() }: { now?: Date } = {}): Promise<{ tests: BoardRow[]; serverTime: string }> {
  const pupils = db.$with("pupils").as(
    db
      .select({
        subjectId: users.subjectId,
        registered: sql<number>`count(*)`.as("registered"),
        paid: sql<number>`count(*) filter (where ${registrations.status} = ${RegistrationStatus.Paid})`.as("paid"),
        signedIn: sql<number>`count(*) filter (where ${users.lastSignInAt} is not null)`.as("signed_in"),
        blocked: sql<number>`count(*) filter (where ${users.blockedAt} is not null)`.as("blocked"),
      })
      .from(users)
      .innerJoin(registrations, eq(registrations.userId, users.id))
      .where(eq(users.role, UserRole.Default))
      .groupBy(users.subjectId),
  );
  const taken = db.$with("taken").as(
    db
      .select({
        testId: attempts.testId,
        started: sql<number>`count(*)`.as("started"),
        inProgress: sql<number>`count(*) filter (where ${attempts.endedAt} is null and ${withinGraceSql(attempts.deadlineAt, now)})`.as(
          "in_progress",
        ),
      })
      .from(attempts)
      .where(isNull(attempts.resetAt))
      .groupBy(attempts.testId),
  );
  const bank = db.$with("bank").as(
    db
      .select({
        subjectId: questions.subjectId,
        easy: sql<number>`count(*) filter (where ${questions.difficulty} = ${Difficulty.Easy})`.as("easy"),
        medium: sql<number>`count(*) filter (where ${questions.difficulty} = ${Difficulty.Medium})`.as("medium"),
        hard: sql<number>`count(*) filter (where ${questions.difficulty} = ${Difficulty.Hard})`.as("hard"),
      })
      .from(questions)
      // A voided question is never drawn again: not stock.
      .where(and(isNull(questions.retiredAt), isNull(questions.voidAwards)))
      .groupBy(questions.subjectId),
  );

  const rows = await db
    .with(pupils, taken, bank)
    .select({
      subject: subjects,
      test: tests,
      registered: pupils.registered,
      paid: pupils.paid,
      signedIn: pupils.signedIn,
      blocked: pupils.blocked,
      started: taken.started,
      inProgress: taken.inProgress,
      easy: bank.easy,
      medium: bank.medium,
      hard: bank.hard,
    })
    .from(subjects)
    .leftJoin(tests, and(eq(tests.subjectId, subjects.id), eq(tests.stage, 1)))
    .leftJoin(pupils, eq(pupils.subjectId, subjects.id))
    .leftJoin(taken, eq(taken.testId, tests.id))
    .leftJoin(bank, eq(bank.subjectId, subjects.id))
    .orderBy(asc(subjects.grade), asc(subjects.name));

  return {
    serverTime: now.toISOString(),
    tests: rows.map((r) => ({
      testId: r.test?.id ?? null,
      subjectId: r.subject.id,
      grade: r.subject.grade,
      subjectName: r.subject.name,
      state: r.test ? testState(r.test, now) : null,
      openedAt: r.test?.openedAt.toISOString() ?? null,
      closedAt: r.test?.closedAt.toISOString() ?? null,
      bank: { easy: n(r.easy), medium: n(r.medium), hard: n(r.hard) },
      needed: r.test ? { easy: r.test.easyCount, medium: r.test.mediumCount, hard: r.test.hardCount } : null,
      counts: {
        registered: n(r.registered),
        paid: n(r.paid),
        signedIn: n(r.signedIn),
        started: n(r.started),
        inProgress: n(r.inProgress),
        ended: n(r.started) - n(r.inProgress),
        blocked: n(r.blocked),
      },
    })),
  };
}
