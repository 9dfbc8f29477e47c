// Starting the test: whether it may start, the pupil's attempt status, New, and the PIN check.
import "server-only";
import { and, eq } from "drizzle-orm";
import { attemptQuestions, attempts, drawnPapers, registrations, tests, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { businessError, notFound } from "@/lib/http/errors";
import { type Access, recordAccess, UNKNOWN_ACCESS } from "@/lib/identity/access";
import { forbidden } from "@/lib/identity/session";
import { logEvent, noteRequest } from "@/lib/log.mjs";
import { metrics } from "@/lib/metrics.mjs";
import { ErrorCode } from "@/shared/http/contract";
import { RegistrationStatus } from "@/shared/registration/status";
import { currentAttempt } from "./counting";
import { expireIfDue } from "./ending";
import { drawPaper, preparePaper, startFromPaper, takePaper } from "./papers";
import { loadLatestAttempt, loadPupilTest } from "./queries";
import { checkInOf, deadlineOf, hasCheckInBegun, isWindowOpen, remainingSeconds } from "./rules";
import { type PaperOpening, paperKey } from "./sealed-paper";

/**
 * `serverTime` lets the countdown run on the server's clock, not the phone's. `allowedAtOpening`:
 * before the opening, whether isAllowed turns true at `openedAt` (paid, nothing ended) unless the
 * organiser changes the test; false once the opening has passed. The page shows "Testni boshlash"
 * when its countdown reaches zero without every pupil's phone asking at once (New decides anyway).
 */
export type AllowTestAttempt = {
  isAllowed: boolean;
  allowedAtOpening: boolean;
  openedAt: string | null;
  closedAt: string | null;
  /** When check-in opens (before it, the start page counts down to it and draws no paper). */
  checkInAt: string | null;
  serverTime: string;
  /** What the start page says before the start: the pupil's minutes (with any extra) and questions. */
  durationMinutes: number | null;
  questionCount: number | null;
};

export async function allowTestAttempt({ userId, now = new Date() }: { userId: number; now?: Date }): Promise<AllowTestAttempt> {
  return (await startAllowance({ userId, now })).allow;
}

/** AllowTestAttempt and whether the pupil has paid, from its one statement (the start page shows both). */
export async function startAllowance({
  userId,
  now = new Date(),
}: {
  userId: number;
  now?: Date;
}): Promise<{ allow: AllowTestAttempt; paid: boolean }> {
  // One statement: every countdown reaches zero at the opening and asks this.
  const [row] = await db
    .select({
      test: tests,
      status: registrations.status,
      live: attempts.id,
      endedAt: attempts.endedAt,
      hasPaper: drawnPapers.userId,
      extraMinutes: users.extraMinutes,
      language: users.language,
    })
    .from(users)
    .leftJoin(registrations, eq(registrations.userId, users.id))
    .leftJoin(tests, and(eq(tests.subjectId, users.subjectId), eq(tests.stage, 1)))
    .leftJoin(attempts, and(eq(attempts.userId, users.id), eq(attempts.testId, tests.id), currentAttempt()))
    // A paper drawn in another language than the pupil's now is none: check-in draws theirs.
    .leftJoin(
      drawnPapers,
      and(eq(drawnPapers.userId, users.id), eq(drawnPapers.testId, tests.id), eq(drawnPapers.language, users.language)),
    )
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const { test } = row;
  const paid = row.status === RegistrationStatus.Paid;
  if (!test) {
    const allow = {
      isAllowed: false,
      allowedAtOpening: false,
      openedAt: null,
      closedAt: null,
      checkInAt: null,
      serverTime: now.toISOString(),
      durationMinutes: null,
      questionCount: null,
    };
    return { allow, paid };
  }
  const ended = row.endedAt !== null;
  // Checked in and nothing started yet: draw the pupil's paper now, so the opening's New is one
  // statement (a started attempt has its questions: no paper for it). A drawn paper is the check-in.
  if (paid && row.live === null && row.hasPaper === null && hasCheckInBegun(test, now))
    await preparePaper({ userId, test, language: row.language });
  const allow = {
    isAllowed: paid && isWindowOpen(test, now) && !ended,
    allowedAtOpening: paid && !ended && now < test.openedAt,
    openedAt: test.openedAt.toISOString(),
    closedAt: test.closedAt.toISOString(),
    checkInAt: checkInOf(test).toISOString(),
    serverTime: now.toISOString(),
    durationMinutes: test.durationMinutes + row.extraMinutes,
    questionCount: test.easyCount + test.mediumCount + test.hardCount,
  };
  return { allow, paid };
}

export type IsThereAttempt = { isThereAttempt: boolean; isEnded: boolean; attemptId: number | null };

export async function isThereAttempt({ userId, now = new Date() }: { userId: number; now?: Date }): Promise<IsThereAttempt> {
  const latest = await loadLatestAttempt({ userId });
  if (!latest) return { isThereAttempt: false, isEnded: false, attemptId: null };
  const attempt = await expireIfDue(latest.attempt, now);
  return { isThereAttempt: true, isEnded: attempt.endedAt !== null, attemptId: attempt.id };
}

/**
 * New: refused outside the window (4003), with a wrong PIN (4001), while an unfinished attempt
 * exists (4000, with nothing created), after an ended one (4004), or when the bank is short
 * (3000). At the opening the pupil's paper is ready and one statement makes the attempt from it;
 * otherwise each rule is checked in turn and the paper drawn now. Either way the questions are
 * numbered and each one's choices shuffled once; the database's one-attempt-per-pupil-per-test
 * index makes concurrent calls create one attempt. Where the start came from (`from`) is recorded
 * with it (access_events), in the same statement or transaction.
 */
export async function newAttempt({
  userId,
  pinCode,
  from = UNKNOWN_ACCESS,
  now = new Date(),
}: {
  userId: number;
  pinCode: string;
  /** The request's device and address (lib/identity/access.ts accessOf). */
  from?: Access;
  now?: Date;
}): Promise<{ attemptId: number; paper?: PaperOpening }> {
  // A paper gone stale under a concurrent bank change (a question deleted) is drawn anew below.
  const fast = await startFromPaper({ userId, pinCode, from, now }).catch(() => null);
  if (fast !== null) {
    started({ attemptId: fast.attemptId, userId, testId: fast.testId, deadlineAt: fast.deadlineAt, paper: "drawn at check-in" });
    // What opens the paper the device was given sealed during check-in (sealed-paper.ts).
    const paper = {
      key: paperKey({ userId, testId: fast.testId, contentVersion: fast.contentVersion, language: fast.language, paper: fast.paper }),
      testAttemptQuestionIds: fast.testAttemptQuestionIds,
      remainingTime: remainingSeconds(fast.deadlineAt, now),
    };
    return { attemptId: fast.attemptId, paper };
  }
  const { user, paid, test } = await loadPupilTest({ userId });
  if (!paid) throw forbidden();
  if (!test || !isWindowOpen(test, now)) throw businessError(ErrorCode.TestNotOpen);
  if (pinCode !== test.pinCode) throw businessError(ErrorCode.WrongPinCode);

  const existing = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), currentAttempt()));
  for (const attempt of existing) {
    const current = await expireIfDue(attempt, now);
    if (!current.endedAt) throw businessError(ErrorCode.ThereIsNotEndedAttempt);
    if (attempt.testId === test.id) throw businessError(ErrorCode.AttemptAlreadyTaken);
  }
  // The pupil's study language (the profile's, not the request's): the paper is drawn in it.
  const fresh = await drawPaper(test, user.language);

  const created = await db.transaction(async (tx) => {
    // The pupil's row, shared, and the subject checked again under it: a change of subject sent
    // with this New (updateProfile locks the row) either came first, and the test is not theirs
    // any more, or waits and then sees this attempt.
    const [pupil] = await tx
      .select({ subjectId: users.subjectId, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for("share");
    if (pupil?.subjectId !== test.subjectId || pupil.language !== user.language) throw businessError(ErrorCode.TestNotOpen);
    const [created] = await tx
      .insert(attempts)
      .values({
        userId,
        testId: test.id,
        language: user.language,
        startedAt: now,
        deadlineAt: deadlineOf({
          startedAt: now,
          durationMinutes: test.durationMinutes,
          extraMinutes: user.extraMinutes,
          closedAt: test.closedAt,
        }),
      })
      .onConflictDoNothing()
      .returning({ id: attempts.id, deadlineAt: attempts.deadlineAt });
    // Another New of this pupil won the race: theirs is the attempt.
    if (!created) throw businessError(ErrorCode.ThereIsNotEndedAttempt);
    // A paper drawn earlier could not be used (or went stale): it goes, the fresh draw counts.
    await takePaper(tx, { userId, testId: test.id });
    await tx
      .insert(attemptQuestions)
      .values(fresh.map(([questionId, choiceOrder], index) => ({ attemptId: created.id, questionId, number: index + 1, choiceOrder })));
    await recordAccess(tx, { userId, testId: test.id, kind: "start", from, at: now });
    return created;
  });
  started({ attemptId: created.id, userId, testId: test.id, deadlineAt: created.deadlineAt, paper: "drawn at start" }); // once committed
  return { attemptId: created.id };
}

/** A started attempt, counted and logged once committed. */
function started(attempt: { attemptId: number; userId: number; testId: number; deadlineAt: Date; paper: string }) {
  metrics().attemptsStarted.inc();
  noteRequest({ attemptId: attempt.attemptId });
  logEvent("attempt.started", { ...attempt, deadlineAt: attempt.deadlineAt.toISOString() });
}

/** CheckPinCode: the PIN of the test of the pupil's current (unfinished) attempt. */
export async function checkPinCode({ userId, pinCode }: { userId: number; pinCode: string }): Promise<{ isValid: true }> {
  const latest = await loadLatestAttempt({ userId });
  if (!latest || pinCode !== latest.test.pinCode) throw businessError(ErrorCode.WrongPinCode);
  return { isValid: true };
}
