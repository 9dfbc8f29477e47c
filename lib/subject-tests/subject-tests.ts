// The organiser sets up a subject's stage-one test: window, duration, PIN, counts and points.
import "server-only";
import { and, asc, count, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { attempts, subjects, tests } from "@/db/schema";
import { anyAttempt, currentAttempt, olympiadSubjectSql, runningAttempt } from "@/lib/attempts/counting";
import { bankChanged } from "@/lib/attempts/papers";
import { isPastGrace } from "@/lib/attempts/rules";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { boardTests } from "@/lib/board/board";
import { config } from "@/lib/config";
import { db, type Transaction } from "@/lib/db/client";
import { AppError, businessError, notFound } from "@/lib/http/errors";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { callLocaleNow, callMessages } from "@/lib/i18n/server";
import { publishChange } from "@/lib/live/changes";
import { logEvent } from "@/lib/log.mjs";
import { assertSeasonOpen } from "@/lib/seasons/closed";
import { inSeason } from "@/lib/seasons/period";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { pointsToTenths, tenthsToPoints } from "@/shared/attempts/scoring";
import { ErrorCode } from "@/shared/http/contract";
import { isNameOf } from "@/shared/i18n/names";
import type { TestSettings } from "@/shared/subject-tests/schema";

export type TestView = Omit<TestSettings, "easyPoints" | "mediumPoints" | "hardPoints" | "confirmSubjectName" | "reason"> & {
  testId: number;
  subjectId: number;
  easyPoints: number;
  mediumPoints: number;
  hardPoints: number;
  /** What the organiser should know about these settings (in the caller's language), e.g. that `afterEnd` leaks the key. */
  warnings: string[];
};

function view(row: typeof tests.$inferSelect): TestView {
  return {
    testId: row.id,
    subjectId: row.subjectId,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt.toISOString(),
    durationMinutes: row.durationMinutes,
    pinCode: row.pinCode,
    easyCount: row.easyCount,
    mediumCount: row.mediumCount,
    hardCount: row.hardCount,
    easyPoints: tenthsToPoints(row.easyPointsTenths),
    mediumPoints: tenthsToPoints(row.mediumPointsTenths),
    hardPoints: tenthsToPoints(row.hardPointsTenths),
    reviewPolicy: row.reviewPolicy as TestView["reviewPolicy"],
    certificateDate: row.certificateDate,
    checkInMinutes: row.checkInMinutes,
    warnings: row.reviewPolicy === ReviewPolicy.AfterEnd ? [callOrganiserMessages().afterEndWarning] : [],
  };
}

/** Attempts of the test that may still save an answer. */
async function runningAttempts(tx: Transaction, testId: number, now: Date): Promise<number> {
  const [{ running }] = await tx
    .select({ running: count() })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), runningAttempt(now)));
  return Number(running);
}

/** Attempts of the test that ended (their review may have shown the key once the window closed). */
async function endedAttempts(tx: Transaction, testId: number): Promise<number> {
  const [{ ended }] = await tx
    .select({ ended: count() })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), isNotNull(attempts.endedAt), currentAttempt()));
  return Number(ended);
}

/**
 * Creates or changes the subject's stage-one test; fields left out keep their value (or default).
 * A change of the window, duration or review policy while pupils are testing, and reopening a
 * closed test whose key may have been shown, need the subject's name typed (4007); its counts and
 * points are fixed once a pupil has started (4010). Every change is audited. (The schema holds
 * counts and points to a total of 50.0.)
 */
export async function upsertSubjectTest({
  subjectId,
  settings,
  organiserId,
  now = new Date(),
}: {
  subjectId: number;
  /** With the organiser's reason (the audit log); the demo's seed and the test data give none. */
  settings: Omit<TestSettings, "reason"> & { reason?: string };
  /** Who changes it (the audit log); the demo's seed has no one. */
  organiserId?: number;
  now?: Date;
}): Promise<TestView> {
  const [subject] = await db.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.id, subjectId));
  if (!subject) throw notFound();
  await assertSeasonOpen(db, { subjectId });
  const values = {
    openedAt: new Date(settings.openedAt),
    closedAt: new Date(settings.closedAt),
    pinCode: settings.pinCode,
    ...(settings.durationMinutes !== undefined && { durationMinutes: settings.durationMinutes }),
    ...(settings.easyCount !== undefined && { easyCount: settings.easyCount }),
    ...(settings.mediumCount !== undefined && { mediumCount: settings.mediumCount }),
    ...(settings.hardCount !== undefined && { hardCount: settings.hardCount }),
    ...(settings.easyPoints !== undefined && { easyPointsTenths: pointsToTenths(settings.easyPoints) }),
    ...(settings.mediumPoints !== undefined && { mediumPointsTenths: pointsToTenths(settings.mediumPoints) }),
    ...(settings.hardPoints !== undefined && { hardPointsTenths: pointsToTenths(settings.hardPoints) }),
    ...(settings.reviewPolicy !== undefined && { reviewPolicy: settings.reviewPolicy }),
    ...(settings.certificateDate !== undefined && { certificateDate: settings.certificateDate }),
    ...(settings.checkInMinutes !== undefined && { checkInMinutes: settings.checkInMinutes }),
  };
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(tests)
      .where(and(eq(tests.subjectId, subjectId), eq(tests.stage, 1)))
      .for("update");
    if (before) {
      const confirmed = isNameOf(callMessages(), callLocaleNow(), subject.name, settings.confirmSubjectName);
      // A change of the window, the duration or what review shows, while pupils are testing.
      const timing =
        before.openedAt.getTime() !== values.openedAt.getTime() ||
        before.closedAt.getTime() !== values.closedAt.getTime() ||
        (values.durationMinutes !== undefined && values.durationMinutes !== before.durationMinutes) ||
        (values.reviewPolicy !== undefined && values.reviewPolicy !== before.reviewPolicy);
      const running = timing ? await runningAttempts(tx, before.id, now) : 0;
      if (running > 0 && !confirmed) {
        throw new AppError(400, ErrorCode.ConfirmationRequired, callOrganiserMessages().validation.confirmSubjectName({ count: running }));
      }
      // Reopening a closed test whose key review may have shown: a pupil who never started would
      // take it knowing the answers. Only with the name typed, told what it means.
      const reopens = isPastGrace(before.closedAt, now) && values.closedAt > now;
      if (reopens && !confirmed) {
        const ended = await endedAttempts(tx, before.id);
        if (ended > 0)
          throw new AppError(400, ErrorCode.ConfirmationRequired, callOrganiserMessages().validation.confirmReopen({ count: ended }));
      }
      // Scores are stored in these points and re-derived with them (recompute, regrade), and the
      // papers were drawn with these counts: once a pupil has started, a change of either would
      // make every stored score, and the papers taken, disagree with the test. Both refused (4010).
      const rescored = (
        ["easyCount", "mediumCount", "hardCount", "easyPointsTenths", "mediumPointsTenths", "hardPointsTenths"] as const
      ).some((column) => values[column] !== undefined && values[column] !== before[column]);
      if (rescored) {
        // Any attempt, a reset one too: its stored score was scored with these points.
        const [started] = await tx
          .select({ id: attempts.id })
          .from(attempts)
          .where(and(eq(attempts.testId, before.id), anyAttempt()))
          .limit(1);
        if (started) throw businessError(ErrorCode.PointsLocked);
      }
    }
    const [saved] = await tx
      .insert(tests)
      .values({ subjectId, stage: 1, ...values })
      .onConflictDoUpdate({ target: [tests.subjectId, tests.stage], set: { ...values, updatedAt: sql`now()` } })
      .returning();
    // Papers drawn at check-in are drawn anew only when the counts they follow changed: any other
    // save (a window, the check-in minutes, a PIN) keeps every pupil checked in.
    const recounted =
      !before ||
      (["easyCount", "mediumCount", "hardCount"] as const).some(
        (column) => values[column] !== undefined && values[column] !== before[column],
      );
    if (recounted) await bankChanged(tx, { subjectId });
    // An earlier close caps every running attempt's deadline in the same transaction:
    // no one answers past the close while the key may open. A later close extends nothing, and a
    // save that leaves the close where it was keeps the extra minutes given past it.
    const capped =
      before && saved.closedAt < before.closedAt
        ? await tx
            .update(attempts)
            .set({ deadlineAt: saved.closedAt })
            .where(and(eq(attempts.testId, saved.id), isNull(attempts.endedAt), gt(attempts.deadlineAt, saved.closedAt)))
            .returning({ attemptId: attempts.id, userId: attempts.userId })
        : [];
    if (organiserId !== undefined) {
      await recordAction(tx, {
        organiserId,
        action: AuditAction.TestSave,
        targetType: "test",
        targetId: saved.id,
        reason: settings.reason,
        details: { subject: subject.name, before: before ? view(before) : null, after: view(saved) },
      });
    }
    return { saved, capped };
  });
  for (const attempt of row.capped)
    logEvent("attempt.deadline", { ...attempt, deadlineAt: row.saved.closedAt.toISOString(), why: "test closes" });
  // Their open pages read their new remaining time at once.
  await publishChange(
    row.capped.map((a) => a.userId),
    { kind: "deadline" },
  );
  return view(row.saved);
}

/**
 * "Hozir yopish": the test closes at the server's now, whatever the organiser's clock says; every
 * running attempt's deadline is capped there (upsertSubjectTest). Always with the subject's name
 * typed (4007) and a reason; a test not open yet (4003) or already closed is left as it is.
 */
export async function closeTestNow({
  subjectId,
  organiserId,
  confirmSubjectName,
  reason,
  now = new Date(),
}: {
  subjectId: number;
  organiserId: number;
  confirmSubjectName: string;
  reason: string;
  now?: Date;
}): Promise<TestView> {
  const [row] = await db
    .select({ test: tests, subjectName: subjects.name })
    .from(tests)
    .innerJoin(subjects, eq(subjects.id, tests.subjectId))
    .where(and(eq(tests.subjectId, subjectId), eq(tests.stage, 1)));
  if (!row) throw notFound();
  const current = view(row.test);
  if (row.test.closedAt <= now) return current;
  if (row.test.openedAt > now) throw businessError(ErrorCode.TestNotOpen);
  if (!isNameOf(callMessages(), callLocaleNow(), row.subjectName, confirmSubjectName)) {
    throw new AppError(400, ErrorCode.ConfirmationRequired, callOrganiserMessages().validation.confirmClose);
  }
  const { openedAt, pinCode, durationMinutes, reviewPolicy } = current;
  return upsertSubjectTest({
    subjectId,
    organiserId,
    settings: { openedAt, closedAt: now.toISOString(), pinCode, durationMinutes, reviewPolicy, confirmSubjectName, reason },
    now,
  });
}

export type SubjectTest = {
  subjectId: number;
  grade: number;
  subjectName: string;
  test: TestView | null;
  /** Its window is open now (by the server's clock): it may be closed now. */
  open: boolean;
  /** Its window has closed (by the server's clock): it has results and appeals. */
  closed: boolean;
  running: number;
  /** The pupils who paid, and how long check-in must last for them at the measured sign-in rate. */
  checkIn: { pupils: number; minutesNeeded: number; perSecond: number };
};

/**
 * The minutes check-in must last for `pupils` at `perSecond` sign-ins a second: twice the time
 * they would take arriving evenly (they do not), and never less than a minute.
 */
export function checkInMinutesNeeded(pupils: number, perSecond: number): number {
  return Math.max(1, Math.ceil((2 * pupils) / perSecond / 60));
}

/** Every subject with its stage-one test (or none yet), and how many pupils are testing in it now. */
export async function listTests({ now = new Date(), seasonId }: { now?: Date; seasonId?: number } = {}): Promise<SubjectTest[]> {
  const rows = await db
    .select({ subject: subjects, test: tests })
    .from(subjects)
    .leftJoin(tests, and(eq(tests.subjectId, subjects.id), eq(tests.stage, 1)))
    .where(and(olympiadSubjectSql(), inSeason(seasonId)))
    .orderBy(asc(subjects.grade), asc(subjects.name));
  const board = await boardTests(now, seasonId);
  const counts = new Map(board.map((b) => [b.subjectId, b.counts]));
  const perSecond = config().signInsPerSecond;
  return rows.map((r) => ({
    subjectId: r.subject.id,
    grade: r.subject.grade,
    subjectName: r.subject.name,
    test: r.test ? view(r.test) : null,
    open: r.test !== null && r.test.openedAt <= now && now < r.test.closedAt,
    closed: r.test !== null && r.test.closedAt <= now,
    running: counts.get(r.subject.id)?.inProgress ?? 0,
    checkIn: {
      pupils: counts.get(r.subject.id)?.paid ?? 0,
      minutesNeeded: checkInMinutesNeeded(counts.get(r.subject.id)?.paid ?? 0, perSecond),
      perSecond,
    },
  }));
}
