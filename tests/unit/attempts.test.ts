// The test, on a controllable clock: the window, New's refusals, the deadline and its
// grace, expiry without a browser, extra minutes, the key never shown early, scoring, races.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { secondsLeft } from "@/components/attempts/timer";
import { attemptQuestions, attempts, endedSessions, questionChoices, questions, subjects, users } from "@/db/schema";
import { recompute } from "@/lib/appeals/rescoring";
import { attemptResult, finishAttempt, sweepExpiredAttempts } from "@/lib/attempts/ending";
import { ANSWER_GRACE_SECONDS } from "@/lib/attempts/rules";
import { allowTestAttempt, checkPinCode, isThereAttempt, newAttempt } from "@/lib/attempts/start";
import { getAttempt, getRemainingTime, saveAnswer } from "@/lib/attempts/taking";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { getCurrentUser } from "@/lib/identity/users";
import { updateProfile } from "@/lib/pupils/profile";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { EndedBy, ReviewPolicy } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { createPupil } from "../support/pupils";

setUpDatabase();

const T0 = new Date("2025-06-01T05:00:00Z"); // the window opens
const T_CLOSE = new Date("2025-06-01T15:00:00Z"); // and closes
/** A pupil's session as a fresh sign-in's token carries it. */
const sessionOf = (userId: number, sessionId = "device-a") => ({ userId, role: 1, sessionVersion: 0, sessionId });
const at = (minutes: number, seconds = 0) => new Date(T0.getTime() + minutes * 60_000 + seconds * 1000);
const afterClose = (seconds: number) => new Date(T_CLOSE.getTime() + seconds * 1000);

async function olympiad(options: Parameters<typeof createTestOlympiad>[0] = {}) {
  return createTestOlympiad({ openedAt: T0, closedAt: T_CLOSE, durationMinutes: 90, ...options });
}

async function codeOf(promise: Promise<unknown>): Promise<number | null> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error.code ?? error.status;
}

/** The key, read straight from the database: which choice of each attempt question is correct. */
async function keyOf(attemptId: number) {
  const rows = await db
    .select({
      id: attemptQuestions.id,
      difficulty: questions.difficulty,
      choiceId: questionChoices.id,
      isCorrect: questionChoices.isCorrect,
    })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .innerJoin(questionChoices, eq(questionChoices.questionId, questions.id))
    .where(eq(attemptQuestions.attemptId, attemptId));
  const key = new Map<number, { correct: number; wrong: number; difficulty: number }>();
  for (const r of rows) {
    const entry = key.get(r.id) ?? { correct: 0, wrong: 0, difficulty: r.difficulty };
    if (r.isCorrect) entry.correct = r.choiceId;
    else entry.wrong = r.choiceId;
    key.set(r.id, entry);
  }
  return key;
}

async function started(options: Parameters<typeof createTestOlympiad>[0] = {}, pupilOptions = {}) {
  const o = await olympiad(options);
  const pupil = await createPupil({ subjectId: o.subjectId, ...pupilOptions });
  const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(10) });
  return { o, pupil, attemptId };
}

describe("AllowTestAttempt", () => {
  it("is true only inside [openedAt, closedAt)", async () => {
    const o = await olympiad();
    const { userId } = await createPupil({ subjectId: o.subjectId });
    const allowed = async (now: Date) => (await allowTestAttempt({ userId, now })).isAllowed;
    expect(await allowed(new Date(T0.getTime() - 1))).toBe(false);
    expect(await allowed(T0)).toBe(true);
    expect(await allowed(new Date(T_CLOSE.getTime() - 1))).toBe(true);
    expect(await allowed(T_CLOSE)).toBe(false);
    expect(await allowTestAttempt({ userId, now: T0 })).toEqual({
      isAllowed: true,
      allowedAtOpening: false,
      openedAt: T0.toISOString(),
      closedAt: T_CLOSE.toISOString(),
      // Check-in: 60 minutes before the opening by default.
      checkInAt: new Date(T0.getTime() - 60 * 60_000).toISOString(),
      serverTime: T0.toISOString(),
      // What the start page says before the start: the test's minutes and its three counts summed.
      durationMinutes: expect.any(Number),
      questionCount: expect.any(Number),
    });
  });

  it("says before the opening whether it turns true at openedAt: paid, and nothing ended", async () => {
    const o = await olympiad();
    const before = new Date(T0.getTime() - 60_000);
    const pupil = await createPupil({ subjectId: o.subjectId });
    expect(await allowTestAttempt({ userId: pupil.userId, now: before })).toMatchObject({ isAllowed: false, allowedAtOpening: true });
    const unpaid = await createPupil({ subjectId: o.subjectId, paid: false });
    expect(await allowTestAttempt({ userId: unpaid.userId, now: before })).toMatchObject({ isAllowed: false, allowedAtOpening: false });
  });

  it("is false for a pupil who has not paid, and after an ended attempt", async () => {
    const o = await olympiad();
    const unpaid = await createPupil({ subjectId: o.subjectId, paid: false });
    expect((await allowTestAttempt({ userId: unpaid.userId, now: at(1) })).isAllowed).toBe(false);
    const pupil = await createPupil({ subjectId: o.subjectId });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(1) });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(2) });
    expect((await allowTestAttempt({ userId: pupil.userId, now: at(3) })).isAllowed).toBe(false);
  });
});

describe("New", () => {
  it("outside the window → 4003; a wrong PIN → 4001; nothing is created", async () => {
    const o = await olympiad();
    const { userId } = await createPupil({ subjectId: o.subjectId });
    expect(await codeOf(newAttempt({ userId, pinCode: o.pinCode, now: new Date(T0.getTime() - 1000) }))).toBe(4003);
    expect(await codeOf(newAttempt({ userId, pinCode: o.pinCode, now: T_CLOSE }))).toBe(4003);
    expect(await codeOf(newAttempt({ userId, pinCode: "0000", now: at(1) }))).toBe(4001);
    expect(await db.select().from(attempts).where(eq(attempts.userId, userId))).toHaveLength(0);
  });

  it("an unpaid pupil is refused (403)", async () => {
    const o = await olympiad();
    const { userId } = await createPupil({ subjectId: o.subjectId, paid: false });
    expect(await codeOf(newAttempt({ userId, pinCode: o.pinCode, now: at(1) }))).toBe(403);
  });

  it("draws the counts, numbers easy → medium → hard with reading-text questions together", async () => {
    const { attemptId, pupil } = await started({ bankPerDifficulty: 5, counts: { easy: 3, medium: 4, hard: 2 } });
    const rows = await db
      .select({
        number: attemptQuestions.number,
        difficulty: questions.difficulty,
        readingTextId: questions.readingTextId,
        order: attemptQuestions.choiceOrder,
        questionId: questions.id,
      })
      .from(attemptQuestions)
      .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
      .where(eq(attemptQuestions.attemptId, attemptId))
      .orderBy(attemptQuestions.number);
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.map((r) => r.difficulty)).toEqual([1, 1, 1, 2, 2, 2, 2, 3, 3]);
    const withText = rows.map((r, i) => (r.readingTextId ? i : -1)).filter((i) => i >= 0);
    if (withText.length > 1) expect(withText.at(-1)! - withText[0]).toBe(withText.length - 1);
    for (const r of rows) {
      const choices = await db.select({ id: questionChoices.id }).from(questionChoices).where(eq(questionChoices.questionId, r.questionId));
      expect([...r.order].sort()).toEqual(choices.map((c) => c.id).sort());
    }
    const view = await getAttempt({ userId: pupil.userId, attemptId, now: at(11) });
    expect(view.questions).toHaveLength(9);
  });

  it("while an unfinished attempt exists → 4000, nothing created; after an ended one → 4004", async () => {
    const { o, pupil, attemptId } = await started();
    expect(await codeOf(newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(11) }))).toBe(4000);
    expect(await db.select().from(attempts).where(eq(attempts.userId, pupil.userId))).toHaveLength(1);
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(12) });
    expect(await codeOf(newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(13) }))).toBe(4004);
  });

  it("a bank short of a difficulty → 3000", async () => {
    const o = await olympiad({ bankPerDifficulty: 2, counts: { easy: 2, medium: 2, hard: 3 } });
    const { userId } = await createPupil({ subjectId: o.subjectId });
    expect(await codeOf(newAttempt({ userId, pinCode: o.pinCode, now: at(1) }))).toBe(3000);
  });

  it("five concurrent calls for one pupil create one attempt", async () => {
    const o = await olympiad();
    const { userId } = await createPupil({ subjectId: o.subjectId });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => newAttempt({ userId, pinCode: o.pinCode, now: at(1) })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).code).toBe(4000);
    expect(await db.select().from(attempts).where(eq(attempts.userId, userId))).toHaveLength(1);
  });
});

describe("the deadline", () => {
  it("is start + duration; the pupil's extra minutes extend it; the window's close caps it", async () => {
    const plain = await started();
    const [a] = await db.select().from(attempts).where(eq(attempts.id, plain.attemptId));
    expect(a.deadlineAt).toEqual(at(100));
    const extra = await started({}, { extraMinutes: 15 });
    const [b] = await db.select().from(attempts).where(eq(attempts.id, extra.attemptId));
    expect(b.deadlineAt).toEqual(at(115));
    const late = await olympiad({ closedAt: at(60) });
    const pupil = await createPupil({ subjectId: late.subjectId });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: late.pinCode, now: at(30) });
    const [c] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(c.deadlineAt).toEqual(at(60));
  });

  it("GetRemainingTime: whole seconds to the deadline, never negative", async () => {
    const { pupil, attemptId } = await started();
    const remaining = (now: Date) => getRemainingTime({ userId: pupil.userId, attemptId, now });
    expect(await remaining(at(10))).toEqual({ remainingTime: 5400 });
    expect(await remaining(at(99, 59.5))).toEqual({ remainingTime: 0 });
    expect(await remaining(at(40, 0.4))).toEqual({ remainingTime: 3599 });
    expect(await remaining(at(130))).toEqual({ remainingTime: 0 });
  });

  it("the page's clock never shows more than the server would say at that moment", () => {
    // The server floors; the clock counts from when it asked, so every begun second is gone.
    const deadline = 5_400_400; // ms after the moment the clock asked
    for (let answeredAfter = 0; answeredAfter <= 900; answeredAfter += 150) {
      const server = { remainingTime: Math.floor((deadline - answeredAfter) / 1000), receivedAt: 0 };
      for (let now = 0; now <= 5_000; now += 50) {
        expect(secondsLeft(server, now)).toBeLessThanOrEqual(Math.floor((deadline - now) / 1000));
        expect(secondsLeft(server, now)).toBeGreaterThanOrEqual(Math.floor((deadline - now) / 1000) - 2);
      }
    }
  });

  it("an answer is accepted up to 15 s after the deadline, refused after (4002)", async () => {
    const { pupil, attemptId } = await started();
    const [first] = [...(await keyOf(attemptId)).entries()];
    const answer = (now: Date) =>
      saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: first[0], answerId: first[1].correct, now });
    await expect(answer(at(100, 15))).resolves.toBeTruthy();
    expect(await codeOf(answer(at(100, 16)))).toBe(4002);
  });

  it("an answer from a blocked pupil, or a session ended everywhere, is refused (401) and not kept", async () => {
    const { pupil, attemptId } = await started();
    const [[question, key]] = [...(await keyOf(attemptId)).entries()];
    const answer = (session: ReturnType<typeof sessionOf>) =>
      saveAnswer({ session, testAttemptQuestionId: question, answerId: key.correct, now: at(11) });
    await db
      .update(users)
      .set({ blockedAt: at(10) })
      .where(eq(users.id, pupil.userId));
    await expect(answer(sessionOf(pupil.userId))).rejects.toMatchObject({ status: 401 });
    await db.update(users).set({ blockedAt: null, sessionVersion: 1 }).where(eq(users.id, pupil.userId));
    await expect(answer(sessionOf(pupil.userId))).rejects.toMatchObject({ status: 401 });
    const [row] = await db.select().from(attemptQuestions).where(eq(attemptQuestions.id, question));
    expect(row.answerChoiceId).toBeNull();
    await expect(answer({ ...sessionOf(pupil.userId), sessionVersion: 1 })).resolves.toBeTruthy();
  });

  it("an answer from a device signed out there (Chiqish) is refused; the pupil's other device answers on", async () => {
    const { pupil, attemptId } = await started();
    const [[question, key]] = [...(await keyOf(attemptId)).entries()];
    const phone = sessionOf(pupil.userId, "parents-phone");
    const school = sessionOf(pupil.userId, "school-computer");
    await db.insert(endedSessions).values({ sessionId: phone.sessionId, expiresAt: at(86_400) });
    await expect(saveAnswer({ session: phone, testAttemptQuestionId: question, answerId: key.correct, now: at(11) })).rejects.toMatchObject(
      {
        status: 401,
      },
    );
    await expect(getAttempt({ userId: pupil.userId, attemptId, session: phone, now: at(11) })).rejects.toMatchObject({ status: 401 });
    await expect(
      saveAnswer({ session: school, testAttemptQuestionId: question, answerId: key.correct, now: at(12) }),
    ).resolves.toBeTruthy();
    expect((await getAttempt({ userId: pupil.userId, attemptId, session: school, now: at(12) })).testAttemptId).toBe(attemptId);
  });

  it("an attempt past its deadline is ended and scored with no browser: on the next read", async () => {
    const { pupil, attemptId } = await started();
    const key = await keyOf(attemptId);
    const [q] = [...key.entries()];
    await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: q[0], answerId: q[1].correct, now: at(20) });
    expect(await isThereAttempt({ userId: pupil.userId, now: at(100, 10) })).toMatchObject({ isEnded: false });
    expect(await isThereAttempt({ userId: pupil.userId, now: at(101) })).toEqual({ isThereAttempt: true, isEnded: true, attemptId });
    const [a] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(a).toMatchObject({ endedAt: at(100), endedBy: EndedBy.Clock });
    expect(a.easyScoreTenths! + a.mediumScoreTenths! + a.hardScoreTenths!).toBeGreaterThan(0);
  });

  it("…and by the periodic sweep", async () => {
    const o = await olympiad();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const pupil = await createPupil({ subjectId: o.subjectId });
      ids.push((await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(5) })).attemptId);
    }
    const ours = () => db.select().from(attempts).where(eq(attempts.testId, o.testId));
    await sweepExpiredAttempts({ now: at(95) }); // deadline at(95) + 15 s grace: not yet
    expect((await ours()).every((r) => r.endedAt === null)).toBe(true);
    expect(await sweepExpiredAttempts({ now: at(96) })).toBeGreaterThanOrEqual(3);
    expect(await sweepExpiredAttempts({ now: at(96) })).toBe(0);
    const rows = await ours();
    expect(rows.every((r) => r.endedAt?.getTime() === at(95).getTime() && r.endedBy === EndedBy.Clock)).toBe(true);
    expect(rows.every((r) => r.easyScoreTenths === 0)).toBe(true);
  });
});

describe("the sweep, set-based", () => {
  it("ends due attempts in batches, each scored from its answers exactly as recompute scores it", async () => {
    const o = await olympiad();
    const ids: number[] = [];
    for (let right = 0; right < 5; right++) {
      const pupil = await createPupil({ subjectId: o.subjectId });
      const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(5) });
      ids.push(attemptId);
      const key = [...(await keyOf(attemptId)).entries()];
      for (const [question, choices] of key.slice(0, right))
        await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: question, answerId: choices.correct, now: at(10) });
      if (right === 4)
        await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: key[4][0], answerId: key[4][1].wrong, now: at(10) });
    }
    expect(await sweepExpiredAttempts({ now: at(96), limit: 2 })).toBeGreaterThanOrEqual(5);
    const rows = await db.select().from(attempts).where(eq(attempts.testId, o.testId)).orderBy(attempts.id);
    expect(rows.map((r) => r.endedAt?.getTime())).toEqual(ids.map(() => at(95).getTime()));
    expect(new Set(rows.map((r) => r.easyScoreTenths! + r.mediumScoreTenths! + r.hardScoreTenths!)).size).toBeGreaterThan(1);
    expect(await recompute({ testId: o.testId })).toMatchObject({ checked: 5, differences: [] });
  });
});

describe("Get never reveals the key early", () => {
  it("while running: no correctAnswerId, no isAnswerCorrect, no flag on a choice", async () => {
    const { pupil, attemptId } = await started();
    const [q] = [...(await keyOf(attemptId)).entries()];
    await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: q[0], answerId: q[1].correct, now: at(11) });
    const view = await getAttempt({ userId: pupil.userId, attemptId, now: at(12) });
    expect(view.isEnded).toBe(false);
    for (const question of view.questions) {
      expect(question.correctAnswerId).toBeNull();
      expect(question.isAnswerCorrect).toBeNull();
      for (const choice of question.questionChoices) expect(Object.keys(choice).sort()).toEqual(["questionChoiceId", "text"]);
    }
    expect(JSON.stringify(view)).not.toMatch(/isCorrect|"correct"/);
    expect(view.questions.find((x) => x.testAttemptQuestionId === q[0])?.answerId).toBe(q[1].correct);
  });

  it("review policy afterClose: not after the pupil ends, only once the window has closed and its grace passed", async () => {
    const { pupil, attemptId } = await started({ reviewPolicy: ReviewPolicy.AfterClose });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(20) });
    const early = await getAttempt({ userId: pupil.userId, attemptId, now: at(21) });
    expect(early.isEnded).toBe(true);
    expect(early.questions.every((q) => q.correctAnswerId === null && q.isAnswerCorrect === null)).toBe(true);
    const atClose = await getAttempt({ userId: pupil.userId, attemptId, now: T_CLOSE });
    expect(atClose.questions.every((q) => q.correctAnswerId === null)).toBe(true);
    const late = await getAttempt({ userId: pupil.userId, attemptId, now: afterClose(16) });
    expect(late.questions.every((q) => q.correctAnswerId !== null && q.isAnswerCorrect === false)).toBe(true);
  });

  it("review policy afterEnd: as soon as the pupil's own attempt has ended", async () => {
    const { pupil, attemptId } = await started({ reviewPolicy: ReviewPolicy.AfterEnd });
    const key = await keyOf(attemptId);
    const [q] = [...key.entries()];
    await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: q[0], answerId: q[1].correct, now: at(11) });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(20) });
    const view = await getAttempt({ userId: pupil.userId, attemptId, now: at(21) });
    const answered = view.questions.find((x) => x.testAttemptQuestionId === q[0])!;
    expect(answered).toMatchObject({ correctAnswerId: q[1].correct, isAnswerCorrect: true });
    for (const question of view.questions) expect(question.correctAnswerId).toBe(key.get(question.testAttemptQuestionId)!.correct);
  });

  it("another pupil's attempt is not found (404), on every call", async () => {
    const { o, attemptId } = await started();
    const other = await createPupil({ subjectId: o.subjectId });
    const [q] = [...(await keyOf(attemptId)).entries()];
    expect(await codeOf(getAttempt({ userId: other.userId, attemptId, now: at(11) }))).toBe(404);
    expect(await codeOf(getRemainingTime({ userId: other.userId, attemptId, now: at(11) }))).toBe(404);
    expect(
      await codeOf(saveAnswer({ session: sessionOf(other.userId), testAttemptQuestionId: q[0], answerId: q[1].correct, now: at(11) })),
    ).toBe(404);
    expect(await codeOf(finishAttempt({ userId: other.userId, attemptId, isEndedByUser: true, now: at(11) }))).toBe(404);
    expect(await codeOf(attemptResult({ userId: other.userId, attemptId, now: at(11) }))).toBe(404);
  });
});

describe("the key opens only when no attempt can still save an answer", () => {
  /** One pupil who finished early, one whose deadline is the close (started 30 minutes before it). */
  async function earlyAndLate() {
    const o = await olympiad({ reviewPolicy: ReviewPolicy.AfterClose });
    const early = await createPupil({ subjectId: o.subjectId });
    const late = await createPupil({ subjectId: o.subjectId });
    const earlyAttempt = (await newAttempt({ userId: early.userId, pinCode: o.pinCode, now: at(10) })).attemptId;
    const lateAttempt = (await newAttempt({ userId: late.userId, pinCode: o.pinCode, now: afterClose(-30 * 60) })).attemptId;
    await finishAttempt({ userId: early.userId, attemptId: earlyAttempt, isEndedByUser: true, now: at(20) });
    const keyShown = async (now: Date) =>
      (await getAttempt({ userId: early.userId, attemptId: earlyAttempt, now })).questions.some((q) => q.correctAnswerId !== null);
    const [[question, key]] = [...(await keyOf(lateAttempt)).entries()];
    const lateAnswers = (now: Date) =>
      saveAnswer({ session: sessionOf(late.userId), testAttemptQuestionId: question, answerId: key.correct, now });
    return { o, late, lateAttempt, keyShown, lateAnswers };
  }

  it("at closedAt − 1 s, closedAt + 1 s (answers still arriving) and closedAt + grace + 1 s", async () => {
    const { keyShown, lateAnswers } = await earlyAndLate();
    expect(await keyShown(afterClose(-1))).toBe(false);
    expect(await keyShown(afterClose(1))).toBe(false);
    await expect(lateAnswers(afterClose(1))).resolves.toBeTruthy(); // still within the grace
    expect(await keyShown(afterClose(ANSWER_GRACE_SECONDS + 1))).toBe(true);
    expect(await codeOf(lateAnswers(afterClose(ANSWER_GRACE_SECONDS + 1)))).toBe(4002);
  });

  it("an attempt whose deadline runs past the close keeps the key shut until it has ended", async () => {
    const { late, lateAttempt, keyShown } = await earlyAndLate();
    // Extra minutes given to a running attempt move its deadline past the close.
    await db
      .update(attempts)
      .set({ deadlineAt: afterClose(10 * 60) })
      .where(eq(attempts.id, lateAttempt));
    expect(await keyShown(afterClose(ANSWER_GRACE_SECONDS + 1))).toBe(false);
    expect(await keyShown(afterClose(5 * 60))).toBe(false);
    await finishAttempt({ userId: late.userId, attemptId: lateAttempt, isEndedByUser: true, now: afterClose(5 * 60) });
    expect(await keyShown(afterClose(5 * 60 + 1))).toBe(true);
  });

  it("closing early caps every running attempt's deadline at the new close; closing later extends none", async () => {
    const o = await olympiad({ reviewPolicy: ReviewPolicy.AfterClose });
    const early = await createPupil({ subjectId: o.subjectId });
    const running = await createPupil({ subjectId: o.subjectId });
    const earlyAttempt = (await newAttempt({ userId: early.userId, pinCode: o.pinCode, now: at(5) })).attemptId;
    const runningAttempt = (await newAttempt({ userId: running.userId, pinCode: o.pinCode, now: at(10) })).attemptId;
    await finishAttempt({ userId: early.userId, attemptId: earlyAttempt, isEndedByUser: true, now: at(15) });
    const settings = (closedAt: Date) => ({ openedAt: T0.toISOString(), closedAt: closedAt.toISOString(), pinCode: o.pinCode });
    const remaining = (now: Date) => getRemainingTime({ userId: running.userId, attemptId: runningAttempt, now });
    expect(await remaining(at(20))).toEqual({ remainingTime: 80 * 60 });

    // A pupil is testing: the change needs the subject's name typed (4007), and changes nothing till then.
    expect(await codeOf(upsertSubjectTest({ subjectId: o.subjectId, settings: settings(at(30)), now: at(20) }))).toBe(4007);
    expect(await remaining(at(20))).toEqual({ remainingTime: 80 * 60 });
    const [{ name }] = await db.select({ name: subjects.name }).from(subjects).where(eq(subjects.id, o.subjectId));
    await upsertSubjectTest({ subjectId: o.subjectId, settings: { ...settings(at(30)), confirmSubjectName: name }, now: at(20) });
    expect(await remaining(at(20))).toEqual({ remainingTime: 10 * 60 });
    const shown = async (now: Date) =>
      (await getAttempt({ userId: early.userId, attemptId: earlyAttempt, now })).questions.some((q) => q.correctAnswerId !== null);
    expect(await shown(at(30, 1))).toBe(false);
    expect(await shown(at(30, ANSWER_GRACE_SECONDS + 1))).toBe(true);

    // Moving the close later again gives the running attempt nothing back.
    await upsertSubjectTest({ subjectId: o.subjectId, settings: settings(T_CLOSE) });
    const [row] = await db.select().from(attempts).where(eq(attempts.id, runningAttempt));
    expect(row.deadlineAt).toEqual(at(30));
  });
});

describe("Answer", () => {
  it("re-answering replaces; a choice of another question → 4005", async () => {
    const { pupil, attemptId } = await started();
    const [[q1, k1], [q2, k2]] = [...(await keyOf(attemptId)).entries()];
    await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: q1, answerId: k1.wrong, now: at(11) });
    await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: q1, answerId: k1.correct, now: at(12) });
    const [row] = await db.select().from(attemptQuestions).where(eq(attemptQuestions.id, q1));
    expect(row.answerChoiceId).toBe(k1.correct);
    expect(
      await codeOf(saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: q1, answerId: k2.correct, now: at(13) })),
    ).toBe(4005);
    expect(q2).toBeGreaterThan(0);
  });

  it("after Finish → 4002", async () => {
    const { pupil, attemptId } = await started();
    const [[q, k]] = [...(await keyOf(attemptId)).entries()];
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(20) });
    expect(await codeOf(saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: q, answerId: k.correct, now: at(21) }))).toBe(
      4002,
    );
  });
});

describe("Finish and scoring", () => {
  it("scores each difficulty's correct answers × its points (1, 1.5, 2.5)", async () => {
    const { pupil, attemptId } = await started({ counts: { easy: 3, medium: 3, hard: 3 } });
    const key = await keyOf(attemptId);
    const wanted = { 1: 2, 2: 1, 3: 2 } as Record<number, number>;
    for (const [id, k] of key) {
      const right = wanted[k.difficulty]-- > 0;
      await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: id, answerId: right ? k.correct : k.wrong, now: at(11) });
    }
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(40) });
    expect(await attemptResult({ userId: pupil.userId, attemptId, now: at(41) })).toEqual({
      easyScore: 2,
      mediumScore: 1.5,
      hardScore: 5,
      timeSpent: 30 * 60,
      maxScore: 15,
      endedBy: EndedBy.Pupil,
      voided: false,
    });
  });

  it("is idempotent; a late Finish records the end at the deadline, not ended by the pupil", async () => {
    const { pupil, attemptId } = await started();
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(100, 5) });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(120) });
    const [a] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(a).toMatchObject({ endedAt: at(100), endedBy: EndedBy.Clock });
    expect((await attemptResult({ userId: pupil.userId, attemptId, now: at(121) })).timeSpent).toBe(90 * 60);
  });

  it("Result of a running attempt → 4000", async () => {
    const { pupil, attemptId } = await started();
    expect(await codeOf(attemptResult({ userId: pupil.userId, attemptId, now: at(11) }))).toBe(4000);
  });

  it("two Finishes at once end it once", async () => {
    const { pupil, attemptId } = await started();
    await Promise.all([
      finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(30) }),
      finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(31) }),
    ]);
    const [a] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect([at(30).getTime(), at(31).getTime()]).toContain(a.endedAt!.getTime());
  });

  it("answers racing Finish: every acknowledged answer is saved and scored", async () => {
    const { pupil, attemptId } = await started({ counts: { easy: 3, medium: 3, hard: 3 } });
    const key = await keyOf(attemptId);
    const answers = [...key.entries()].map(([id, k]) =>
      saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: id, answerId: k.correct, now: at(30) }).then(
        () => ({ id, k, acknowledged: true }),
        () => ({ id, k, acknowledged: false }),
      ),
    );
    const [settled] = await Promise.all([
      Promise.all(answers),
      finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(30) }),
    ]);
    const points = { 1: 10, 2: 15, 3: 25 } as Record<number, number>;
    const expected = settled.filter((s) => s.acknowledged).reduce((sum, s) => sum + points[s.k.difficulty], 0);
    const [a] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(a.easyScoreTenths! + a.mediumScoreTenths! + a.hardScoreTenths!).toBe(expected);
    for (const s of settled.filter((x) => x.acknowledged)) {
      const [row] = await db
        .select()
        .from(attemptQuestions)
        .where(and(eq(attemptQuestions.id, s.id)));
      expect(row.answerChoiceId).toBe(s.k.correct);
    }
  });
});

describe("the profile once a test was started", () => {
  it("keeps grade and subject (4006) and the certificate's name (4012); other details may change", async () => {
    const { pupil } = await started();
    const me = await getCurrentUser({ userId: pupil.userId });
    const profile = {
      regionId: me.regionId!,
      districtId: me.districtId!,
      organizationId: 0,
      grade: me.grade!,
      subjectId: me.subjectId!,
      firstName: me.firstName,
      lastName: me.lastName,
      middleName: me.middleName ?? "Sinovovich",
      birthDate: "2012-01-01",
      phoneNumber: "901112233",
    };
    await expect(updateProfile({ userId: pupil.userId, profile })).resolves.toMatchObject({ phoneNumber: "901112233" });
    expect(await codeOf(updateProfile({ userId: pupil.userId, profile: { ...profile, firstName: "Boshqa" } }))).toBe(4012);
    const [other] = await db
      .select()
      .from(subjects)
      .where(and(eq(subjects.name, "Kimyo"), eq(subjects.grade, me.grade!)));
    expect(await codeOf(updateProfile({ userId: pupil.userId, profile: { ...profile, subjectId: other.id } }))).toBe(4006);
  });
});

describe("CheckPinCode", () => {
  it("checks the PIN of the test of the pupil's current attempt", async () => {
    const { o, pupil } = await started({ pinCode: "7391" });
    await expect(checkPinCode({ userId: pupil.userId, pinCode: "7391" })).resolves.toEqual({ isValid: true });
    expect(await codeOf(checkPinCode({ userId: pupil.userId, pinCode: "1111" }))).toBe(4001);
    expect(o.pinCode).toBe("7391");
  });
});
