// The day's board: per subject and grade, the test's window and state, the bank per
// difficulty, and the live counts (one statement, grouped CTEs); the check-ins by region and the
// opening's starts a second beside it. Polled every 5 s by each open console: `npm run bench:board`
// measures it at 10 000 attempts.
import "server-only";
import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import { attempts, drawnPapers, questions, regions, registrations, subjects, tests, users } from "@/db/schema";
import { anyAttempt, countingAttempt, currentAttempt, olympiadSubjectSql, runningAttempt } from "@/lib/attempts/counting";
import { drawableSql } from "@/lib/attempts/papers";
import { checkInOf } from "@/lib/attempts/rules";
import { checkInBegunSql } from "@/lib/attempts/rules-sql";
import { db } from "@/lib/db/client";
import { blockedPupil } from "@/lib/identity/blocked";
import { type AdmissionNow, metrics } from "@/lib/metrics.mjs";
import { fiscalItem } from "@/lib/payments/fiscal";
import { inSeason } from "@/lib/seasons/period";
import { Difficulty, STUDY_LANGUAGES, type StudyLanguage } from "@/shared/attempts/enums";
import { UserRole } from "@/shared/identity/roles";
import { RegistrationStatus } from "@/shared/registration/status";

export type TestState = "notOpen" | "open" | "closed";

export type BoardCounts = {
  registered: number;
  paid: number;
  signedIn: number;
  /** Checked in: a paper drawn (or the test already started), from check-in on. */
  checkedIn: number;
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
  checkInAt: string | null;
  /**
   * Questions in the bank (not retired) per difficulty in each study language that has questions
   * or paid pupils (Uzbek at least), with those pupils: a pupil is drawn questions of their language only.
   */
  banks: { language: StudyLanguage; easy: number; medium: number; hard: number; pupils: number }[];
  /** How many the test draws per difficulty. */
  needed: { easy: number; medium: number; hard: number } | null;
  counts: BoardCounts;
};

const n = (value: unknown) => Number(value ?? 0);

export function testState(test: { openedAt: Date; closedAt: Date }, now: Date): TestState {
  if (now < test.openedAt) return "notOpen";
  return now < test.closedAt ? "open" : "closed";
}

/** The day's board: each subject's test with its counts, the check-ins by region, and how the opening goes. */
export async function loadBoard({
  now = new Date(),
  seasonId,
}: {
  now?: Date;
  /** The console's season (lib/seasons/console-season.ts); by default the current one. */
  seasonId?: number;
} = {}): Promise<{ tests: BoardRow[]; checkIns: CheckInRow[]; opening: Opening; serverTime: string; receipts: boolean }> {
  return {
    serverTime: now.toISOString(),
    // Whether the fee's fiscal receipts are registered (the FISCAL_* settings): the board says when not.
    receipts: fiscalItem() !== null,
    tests: await boardTests(now, seasonId),
    checkIns: await loadCheckIns({ now, seasonId }),
    opening: await openingNow(now),
  };
}

/** The bank's stock per study language, for the languages that have questions or paid pupils (Uzbek always). */
function banksOf(stock: unknown[][] | null, paid: unknown[] | null): BoardRow["banks"] {
  return STUDY_LANGUAGES.map((language) => {
    const [easy, medium, hard] = (stock?.[language] ?? []).map(n);
    return { language, easy: easy ?? 0, medium: medium ?? 0, hard: hard ?? 0, pupils: n(paid?.[language]) };
  }).filter((bank) => bank.language === 0 || bank.easy + bank.medium + bank.hard + bank.pupils > 0);
}

/** Each subject with its test, bank and live counts: one statement (grouped CTEs). */
export async function boardTests(now = new Date(), seasonId?: number): Promise<BoardRow[]> {
  const pupils = db.$with("pupils").as(
    db
      .select({
        subjectId: users.subjectId,
        registered: sql<number>`count(*)`.as("registered"),
        paid: sql<number>`count(*) filter (where ${registrations.status} = ${RegistrationStatus.Paid})`.as("paid"),
        signedIn: sql<number>`count(*) filter (where ${users.lastSignInAt} is not null)`.as("signed_in"),
        blocked: sql<number>`count(*) filter (where ${blockedPupil()})`.as("blocked"),
        // Paid pupils per study language, [uz, ru, kaa].
        paidByLanguage: sql<number[]>`array[${sql.join(
          STUDY_LANGUAGES.map(
            (language) =>
              sql`count(*) filter (where ${registrations.status} = ${RegistrationStatus.Paid} and ${users.language} = ${language})`,
          ),
          sql`, `,
        )}]`.as("paid_by_language"),
      })
      .from(users)
      .innerJoin(registrations, eq(registrations.userId, users.id))
      .where(and(eq(users.role, UserRole.Default), inSeason(seasonId, registrations.seasonId)))
      .groupBy(users.subjectId),
  );
  const taken = db.$with("taken").as(
    db
      .select({
        testId: attempts.testId,
        started: sql<number>`count(*)`.as("started"),
        inProgress: sql<number>`count(*) filter (where ${runningAttempt(now)})`.as("in_progress"),
      })
      .from(attempts)
      .where(countingAttempt())
      .groupBy(attempts.testId),
  );
  const papers = db.$with("papers").as(
    db
      .select({ testId: drawnPapers.testId, drawn: sql<number>`count(*)`.as("drawn") })
      .from(drawnPapers)
      .groupBy(drawnPapers.testId),
  );
  const bank = db.$with("bank").as(
    db
      .select({
        subjectId: questions.subjectId,
        // Per study language, per difficulty: [[uz easy, medium, hard], [ru …], [kaa …]].
        byLanguage: sql<number[][]>`array[${sql.join(
          STUDY_LANGUAGES.map(
            (language) =>
              sql`array[${sql.join(
                [Difficulty.Easy, Difficulty.Medium, Difficulty.Hard].map(
                  (difficulty) =>
                    sql`count(*) filter (where ${questions.difficulty} = ${difficulty} and jsonb_exists(${questions.texts}, ${String(language)}))`,
                ),
                sql`, `,
              )}]`,
          ),
          sql`, `,
        )}]`.as("by_language"),
      })
      .from(questions)
      // Only what papers draw is stock: not a voided question, not an exposed one left out.
      .where(drawableSql())
      .groupBy(questions.subjectId),
  );

  const rows = await db
    .with(pupils, taken, papers, bank)
    .select({
      subject: subjects,
      test: tests,
      registered: pupils.registered,
      paid: pupils.paid,
      signedIn: pupils.signedIn,
      blocked: pupils.blocked,
      paidByLanguage: pupils.paidByLanguage,
      started: taken.started,
      inProgress: taken.inProgress,
      drawn: papers.drawn,
      bankByLanguage: bank.byLanguage,
    })
    .from(subjects)
    .leftJoin(tests, and(eq(tests.subjectId, subjects.id), eq(tests.stage, 1)))
    .leftJoin(pupils, eq(pupils.subjectId, subjects.id))
    .leftJoin(taken, eq(taken.testId, tests.id))
    .leftJoin(papers, eq(papers.testId, tests.id))
    .leftJoin(bank, eq(bank.subjectId, subjects.id))
    .where(and(olympiadSubjectSql(), inSeason(seasonId))) // a rehearsal is no olympiad: none of its counts here
    .orderBy(asc(subjects.grade), asc(subjects.name));

  return rows.map((r) => ({
    testId: r.test?.id ?? null,
    subjectId: r.subject.id,
    grade: r.subject.grade,
    subjectName: r.subject.name,
    state: r.test ? testState(r.test, now) : null,
    openedAt: r.test?.openedAt.toISOString() ?? null,
    closedAt: r.test?.closedAt.toISOString() ?? null,
    checkInAt: r.test ? checkInOf(r.test).toISOString() : null,
    banks: banksOf(r.bankByLanguage, r.paidByLanguage),
    needed: r.test ? { easy: r.test.easyCount, medium: r.test.mediumCount, hard: r.test.hardCount } : null,
    counts: {
      registered: n(r.registered),
      paid: n(r.paid),
      signedIn: n(r.signedIn),
      checkedIn: n(r.drawn) + n(r.started),
      started: n(r.started),
      inProgress: n(r.inProgress),
      ended: n(r.started) - n(r.inProgress),
      blocked: n(r.blocked),
    },
  }));
}

/** How the opening goes: starts a second over the last 10 s (every instance), and this instance's queue. */
export type Opening = { startsPerSecond: number; queue: AdmissionNow | null };

const STARTS_WINDOW_SECONDS = 10;

async function openingNow(now: Date): Promise<Opening> {
  const since = new Date(now.getTime() - STARTS_WINDOW_SECONDS * 1000);
  const [{ started }] = await db
    .select({ started: count() })
    .from(attempts)
    // A rehearsal's starts too: a rehearsal is the opening played through, watched on this board.
    .where(and(gt(attempts.startedAt, since), lte(attempts.startedAt, now), anyAttempt()));
  return { startsPerSecond: Math.round((10 * Number(started)) / STARTS_WINDOW_SECONDS) / 10, queue: metrics().admissionNow() };
}

export type CheckInRow = { testId: number; regionId: number; regionName: string; paid: number; checkedIn: number };

/**
 * Per test whose check-in has begun and which has not closed, and per region: the pupils who paid
 * and those checked in (a paper drawn, or started). Polled with the board.
 */
export async function loadCheckIns({ now = new Date(), seasonId }: { now?: Date; seasonId?: number } = {}): Promise<CheckInRow[]> {
  const rows = await db
    .select({
      testId: tests.id,
      regionId: regions.id,
      regionName: regions.name,
      paid: sql<number>`count(*) filter (where ${registrations.status} = ${RegistrationStatus.Paid})`,
      checkedIn: sql<number>`count(*) filter (where ${drawnPapers.userId} is not null or ${attempts.id} is not null)`,
    })
    .from(tests)
    .innerJoin(subjects, and(eq(subjects.id, tests.subjectId), olympiadSubjectSql(), inSeason(seasonId)))
    .innerJoin(users, and(eq(users.subjectId, tests.subjectId), eq(users.role, UserRole.Default)))
    .innerJoin(registrations, eq(registrations.userId, users.id))
    .innerJoin(regions, eq(regions.id, users.regionId))
    .leftJoin(drawnPapers, and(eq(drawnPapers.userId, users.id), eq(drawnPapers.testId, tests.id)))
    .leftJoin(attempts, and(eq(attempts.userId, users.id), eq(attempts.testId, tests.id), currentAttempt()))
    .where(and(eq(tests.stage, 1), checkInBegunSql(tests, now)))
    .groupBy(tests.id, regions.id, regions.name)
    .orderBy(asc(tests.id), asc(regions.name));
  return rows.map((r) => ({ ...r, paid: n(r.paid), checkedIn: n(r.checkedIn) }));
}
