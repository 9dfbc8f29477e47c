// What a screening for answer copying reads, kept as it happens: every saved answer with the
// server's time and the page's (clamped), and the device and address of each sign-in and start,
// on one device id per browser whichever account signs in on it; gone with an erasure and expiry.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accessEvents, answerEvents, attemptQuestions, questionChoices, users } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { answerSchema } from "@/lib/attempts/schema";
import { allowTestAttempt, newAttempt } from "@/lib/attempts/start";
import { saveAnswer } from "@/lib/attempts/taking";
import { db } from "@/lib/db/client";
import { accessOf } from "@/lib/identity/access";
import { deviceCookie, deviceCookieValue } from "@/lib/identity/device";
import { login } from "@/lib/identity/login";
import { erasePupil, exportPupilData, removeExpiredPersonalData } from "@/lib/personal-data/personal-data";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

// The window opens a day ago, whole minutes: recent enough that another suite's expiry run on a
// shared database (personal-data.test.ts, from ten months) never removes these rows mid-test.
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 86_400_000);
const at = (minutes: number, seconds = 0) => new Date(T0.getTime() + minutes * 60_000 + seconds * 1000);
const sessionOf = (userId: number) => ({ userId, role: 1, sessionVersion: 0, sessionId: "device-a" });

/** A browser's cookie jar, as the route wrapper hands the request's and the answer's cookies to login. */
function browser(cookies: Record<string, string> = {}) {
  const jar = new Map(Object.entries(cookies));
  return { get: (name: string) => jar.get(name), set: (name: string, value: string) => void jar.set(name, value) };
}
const deviceOfJar = (jar: ReturnType<typeof browser>) => jar.get(deviceCookie().name)?.split(".")[1];

const eventsOf = (attemptId: number) =>
  db.select().from(answerEvents).where(eq(answerEvents.attemptId, attemptId)).orderBy(asc(answerEvents.id));
const accessesOf = (userId: number) => db.select().from(accessEvents).where(eq(accessEvents.userId, userId)).orderBy(asc(accessEvents.id));

async function started() {
  const o = await createTestOlympiad({ openedAt: T0, closedAt: at(600), durationMinutes: 90 });
  const pupil = await createPupil({ subjectId: o.subjectId });
  const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(10) });
  const [first, second] = await db
    .select()
    .from(attemptQuestions)
    .where(eq(attemptQuestions.attemptId, attemptId))
    .orderBy(asc(attemptQuestions.number));
  return { o, pupil, attemptId, first, second };
}

describe("Answer appends every save to answer_events", () => {
  it("saved, changed and saved again: three events in order, the server's time, the page's clamped to the attempt", async () => {
    const { pupil, attemptId, first } = await started();
    const [a, b] = first.choiceOrder;
    const session = sessionOf(pupil.userId);
    const q = first.id;
    // Chosen offline five minutes before it arrived; chosen "before the start"; chosen "in the future".
    await saveAnswer({ session, testAttemptQuestionId: q, answerId: a, chosenAt: at(15), now: at(20) });
    await saveAnswer({ session, testAttemptQuestionId: q, answerId: b, chosenAt: at(1), now: at(21) });
    await saveAnswer({ session, testAttemptQuestionId: q, answerId: b, chosenAt: at(40), now: at(22) });
    const events = await eventsOf(attemptId);
    expect(events.map(({ questionId, choiceId, receivedAt, chosenAt }) => ({ questionId, choiceId, receivedAt, chosenAt }))).toEqual([
      { questionId: first.questionId, choiceId: a, receivedAt: at(20), chosenAt: at(15) },
      { questionId: first.questionId, choiceId: b, receivedAt: at(21), chosenAt: at(10) }, // never before the start
      { questionId: first.questionId, choiceId: b, receivedAt: at(22), chosenAt: at(22) }, // never after it arrived
    ]);
    // The save and its event agree: the answer kept is the last event's.
    const [row] = await db.select().from(attemptQuestions).where(eq(attemptQuestions.id, q));
    expect(row).toMatchObject({ answerChoiceId: b, answeredAt: at(22) });
  });

  it("a page that does not say when keeps no chosen time", async () => {
    const { pupil, attemptId, second } = await started();
    await saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: second.id, answerId: second.choiceOrder[0], now: at(12) });
    expect(await eventsOf(attemptId)).toEqual([expect.objectContaining({ receivedAt: at(12), chosenAt: null })]);
  });

  it("a refused answer leaves none: after the deadline, another pupil's, a choice of another question", async () => {
    const { o, pupil, attemptId, first, second } = await started();
    const other = await createPupil({ subjectId: o.subjectId });
    const [otherQuestionChoice] = await db.select().from(questionChoices).where(eq(questionChoices.questionId, second.questionId));
    const tries = [
      saveAnswer({ session: sessionOf(other.userId), testAttemptQuestionId: first.id, answerId: first.choiceOrder[0], now: at(11) }),
      saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: first.id, answerId: otherQuestionChoice.id, now: at(11) }),
      saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: first.id, answerId: first.choiceOrder[0], now: at(101) }),
    ];
    const codes = await Promise.all(
      tries.map((t) =>
        t.then(
          () => null,
          (error: { code?: number; status?: number }) => error.code ?? error.status,
        ),
      ),
    );
    expect(codes).toEqual([404, 4005, 4002]);
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(30) });
    await expect(
      saveAnswer({ session: sessionOf(pupil.userId), testAttemptQuestionId: first.id, answerId: first.choiceOrder[0], now: at(31) }),
    ).rejects.toMatchObject({ code: 4002 });
    expect(await eventsOf(attemptId)).toEqual([]);
  });

  it("the body's chosenAt is epoch ms or an ISO time, read as a Date; anything else is refused", () => {
    const body = { testAttemptQuestionId: 1, answerId: 2 };
    expect(answerSchema.parse({ ...body, chosenAt: at(3).getTime() }).chosenAt).toEqual(at(3));
    const tashkent = new Date(at(3).getTime() + 5 * 3_600_000).toISOString().replace("Z", "+05:00");
    expect(answerSchema.parse({ ...body, chosenAt: tashkent }).chosenAt).toEqual(at(3));
    expect(answerSchema.parse(body).chosenAt).toBeUndefined();
    for (const chosenAt of ["yesterday", -1, 1.5, 9e15, null]) expect(answerSchema.safeParse({ ...body, chosenAt }).success).toBe(false);
  });
});

describe("sign-ins and starts record their device and address in access_events", () => {
  it("a sign-in records the device id its cookie carries and the client's address", async () => {
    const pupil = await createPupil();
    const jar = browser();
    await login({
      input: { username: pupil.username, password: pupil.password },
      clientAddress: "10.20.30.40",
      cookies: jar,
      now: at(-30),
    });
    const deviceId = deviceOfJar(jar);
    expect(deviceId).toMatch(/^[\w-]{22}$/);
    expect(await accessesOf(pupil.userId)).toEqual([
      expect.objectContaining({ kind: "sign-in", testId: null, deviceId, address: "10.20.30.40", at: at(-30) }),
    ]);
    // Signing in again on that browser keeps its id.
    await login({
      input: { username: pupil.username, password: pupil.password },
      clientAddress: "10.20.30.41",
      cookies: jar,
      now: at(-29),
    });
    expect(deviceOfJar(jar)).toBe(deviceId);
  });

  it("two accounts signed in on one browser share its device id", async () => {
    const [first, second] = [await createPupil(), await createPupil()];
    const jar = browser();
    await login({ input: { username: first.username, password: first.password }, clientAddress: "10.0.5.1", cookies: jar, now: at(-20) });
    await login({ input: { username: second.username, password: second.password }, clientAddress: "10.0.5.2", cookies: jar, now: at(-19) });
    const [[one], [two]] = [await accessesOf(first.userId), await accessesOf(second.userId)];
    expect(one.deviceId).toBeTruthy();
    expect(two.deviceId).toBe(one.deviceId);
    // The cookie now names the second account, signed for it, on the same device.
    const [name] = jar.get(deviceCookie().name)!.split(".");
    expect(Buffer.from(name, "base64url").toString()).toBe(second.username);
    expect(deviceOfJar(jar)).toBe(one.deviceId);
  });

  it("a forged device cookie gives a fresh id, never the one it names", async () => {
    const [victim, forger] = [await createPupil(), await createPupil()];
    const jar = browser();
    await login({ input: { username: victim.username, password: victim.password }, clientAddress: "10.0.6.1", cookies: jar, now: at(-20) });
    const victims = deviceOfJar(jar)!;
    // The victim's device id under the forger's name, with the victim's signature: not valid.
    const [, , signature] = jar.get(deviceCookie().name)!.split(".");
    const forged = `${Buffer.from(forger.username).toString("base64url")}.${victims}.${signature}`;
    for (const value of [forged, `${Buffer.from(forger.username).toString("base64url")}.${victims}.x`, "rubbish"]) {
      const theirs = browser({ [deviceCookie().name]: value });
      await login({
        input: { username: forger.username, password: forger.password },
        clientAddress: "10.0.6.2",
        cookies: theirs,
        now: at(-19),
      });
      expect(deviceOfJar(theirs)).not.toBe(victims);
    }
    const recorded = await accessesOf(forger.userId);
    expect(recorded).toHaveLength(3);
    expect(recorded.map((r) => r.deviceId)).not.toContain(victims);
    expect(new Set(recorded.map((r) => r.deviceId)).size).toBe(3);
  });

  it("a start records the browser's device id and address, or none without a cookie; at the opening from the paper too", async () => {
    const o = await createTestOlympiad({ openedAt: T0, closedAt: at(600), durationMinutes: 90 });
    const [signedIn, bare, ready] = [
      await createPupil({ subjectId: o.subjectId }),
      await createPupil({ subjectId: o.subjectId }),
      await createPupil({ subjectId: o.subjectId }),
    ];
    const jar = browser();
    await login({
      input: { username: signedIn.username, password: signedIn.password },
      clientAddress: "10.0.7.1",
      cookies: jar,
      now: at(-5),
    });
    const deviceId = deviceOfJar(jar);
    await newAttempt({
      userId: signedIn.userId,
      pinCode: o.pinCode,
      from: accessOf({ clientAddress: "10.0.7.9", cookies: jar }),
      now: at(1),
    });
    expect((await accessesOf(signedIn.userId)).at(-1)).toMatchObject({
      kind: "start",
      testId: o.testId,
      deviceId,
      address: "10.0.7.9",
      at: at(1),
    });

    await newAttempt({
      userId: bare.userId,
      pinCode: o.pinCode,
      from: accessOf({ clientAddress: "unknown", cookies: browser() }),
      now: at(2),
    });
    expect(await accessesOf(bare.userId)).toEqual([expect.objectContaining({ kind: "start", deviceId: null, address: null, at: at(2) })]);

    // Checked in before the opening: the paper is drawn, and New makes the attempt in one statement.
    await allowTestAttempt({ userId: ready.userId, now: at(-10) });
    const theirs = browser({ [deviceCookie().name]: deviceCookieValue(ready.username, "a-device-of-their-own") });
    const opened = await newAttempt({
      userId: ready.userId,
      pinCode: o.pinCode,
      from: accessOf({ clientAddress: "10.0.7.3", cookies: theirs }),
      now: at(0, 1),
    });
    expect(opened.paper).toBeDefined();
    expect(await accessesOf(ready.userId)).toEqual([
      expect.objectContaining({ kind: "start", testId: o.testId, deviceId: "a-device-of-their-own", address: "10.0.7.3", at: at(0, 1) }),
    ]);
  });
});

describe("kept with the pupil's personal data", () => {
  it("the family's export holds them; an erasure removes them", async () => {
    const { pupil, attemptId, first } = await started();
    const jar = browser();
    await login({ input: { username: pupil.username, password: pupil.password }, clientAddress: "10.0.8.1", cookies: jar, now: at(5) });
    await saveAnswer({
      session: sessionOf(pupil.userId),
      testAttemptQuestionId: first.id,
      answerId: first.choiceOrder[1],
      chosenAt: at(11),
      now: at(12),
    });
    const organiser = await organiserId();
    const data = await exportPupilData({ organiserId: organiser, userId: pupil.userId });
    expect(data.attempts[0].answerHistory).toEqual([
      { question: 1, choice: "B", savedAt: at(12).toISOString(), chosenAt: at(11).toISOString() },
    ]);
    expect(data.signInsAndStarts).toEqual([
      expect.objectContaining({ kind: "start", testId: expect.any(Number), deviceId: null }),
      { kind: "sign-in", testId: null, deviceId: deviceOfJar(jar), address: "10.0.8.1", at: at(5).toISOString() },
    ]);

    await erasePupil({ organiserId: organiser, userId: pupil.userId, reason: "Ota-onasi so'radi", confirmUsername: pupil.username });
    expect(await eventsOf(attemptId)).toEqual([]);
    expect(await accessesOf(pupil.userId)).toEqual([]);
    // The answer itself stays with the attempt: the anonymous row still ranks.
    const [row] = await db.select().from(attemptQuestions).where(eq(attemptQuestions.id, first.id));
    expect(row.answerChoiceId).toBe(first.choiceOrder[1]);
  });

  it("expiry removes them with the phone numbers, N months after the pupil's olympiad, and no one else's", async () => {
    const now = new Date();
    const monthsAgo = (months: number) => new Date(now.getTime() - months * 30 * 86_400_000);
    const pupilOf = async (months: number) => {
      const openedAt = monthsAgo(months);
      const o = await createTestOlympiad({ openedAt, closedAt: new Date(openedAt.getTime() + 3_600_000) });
      const pupil = await createPupil({ subjectId: o.subjectId });
      const during = (minutes: number) => new Date(openedAt.getTime() + minutes * 60_000);
      const { attemptId } = await newAttempt({
        userId: pupil.userId,
        pinCode: o.pinCode,
        from: { deviceId: "d", address: "10.0.9.1" },
        now: during(1),
      });
      const [q] = await db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, attemptId));
      await saveAnswer({
        session: sessionOf(pupil.userId),
        testAttemptQuestionId: q.id,
        answerId: q.choiceOrder[0],
        chosenAt: during(2),
        now: during(2),
      });
      return { ...pupil, attemptId };
    };
    const [past, kept] = [await pupilOf(13), await pupilOf(6)];
    expect(await removeExpiredPersonalData({ now, months: 12 })).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(past.attemptId)).toEqual([]);
    expect(await accessesOf(past.userId)).toEqual([]);
    expect(await eventsOf(kept.attemptId)).toHaveLength(1);
    expect(await accessesOf(kept.userId)).toHaveLength(1);
    // Nothing else of the past pupil goes: they still sign in with their name on their results.
    const [row] = await db.select().from(users).where(eq(users.id, past.userId));
    expect(row.username).toBe(past.username);
  });
});
