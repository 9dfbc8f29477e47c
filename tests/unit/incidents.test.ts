// Incidents (issue 26): extra minutes for every running attempt of a test, of a region or of a
// district, in one transaction with its audit line; notices for every pupil and /holat; the
// status page's data; and one attempt's story from the database and the logs.
import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attempts, districts, notices, organiserActions } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { newAttempt } from "@/lib/attempts/start";
import { getAttempt, saveAnswer } from "@/lib/attempts/taking";
import { db } from "@/lib/db/client";
import { currentNotices, extendRunningAttempts, postNotice, withdrawNotice } from "@/lib/incidents/incidents";
import { attemptStory } from "@/lib/operations/attempt-story";
import { statusSnapshot } from "@/lib/operations/status";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

/** Two districts of one region and one of another. */
async function threeDistricts() {
  const all = await db.select({ id: districts.id, regionId: districts.regionId }).from(districts);
  const [a] = all;
  const b = all.find((d) => d.regionId === a.regionId && d.id !== a.id)!;
  const c = all.find((d) => d.regionId !== a.regionId)!;
  return { a, b, c };
}

const deadlines = async (ids: number[]) =>
  new Map(
    (await db.select({ id: attempts.id, deadlineAt: attempts.deadlineAt }).from(attempts).where(inArray(attempts.id, ids))).map((r) => [
      r.id,
      r.deadlineAt.getTime(),
    ]),
  );

describe("extra minutes for every running attempt at once", () => {
  it("moves each running attempt of the test, of the region or of the district, and nothing else; audited with every attempt", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 } });
    const other = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 } });
    const { a, b, c } = await threeDistricts();
    const start = async (olympiad: typeof o, districtId: number) => {
      const pupil = await createPupil({ subjectId: olympiad.subjectId, districtId });
      return { ...pupil, ...(await newAttempt({ userId: pupil.userId, pinCode: olympiad.pinCode })) };
    };
    const [inA, inB, inC, endedInA, otherTest] = [
      await start(o, a.id),
      await start(o, b.id),
      await start(o, c.id),
      await start(o, a.id),
      await start(other, a.id),
    ];
    await finishAttempt({ userId: endedInA.userId, attemptId: endedInA.attemptId, isEndedByUser: true });
    const ids = [inA, inB, inC, endedInA, otherTest].map((x) => x.attemptId);
    const organiser = await organiserId();

    const before = await deadlines(ids);
    expect(
      await extendRunningAttempts({
        organiserId: organiser,
        testId: o.testId,
        districtId: a.id,
        minutes: 4,
        reason: "Tumanda internet uzildi",
      }),
    ).toEqual({
      attempts: 1,
      minutes: 4,
    });
    let after = await deadlines(ids);
    expect(after.get(inA.attemptId)! - before.get(inA.attemptId)!).toBe(4 * 60_000);
    for (const x of [inB, inC, endedInA, otherTest]) expect(after.get(x.attemptId)).toBe(before.get(x.attemptId));

    expect(
      (
        await extendRunningAttempts({
          organiserId: organiser,
          testId: o.testId,
          regionId: a.regionId,
          minutes: 2,
          reason: "Viloyatda uzilish",
        })
      ).attempts,
    ).toBe(2);
    expect(
      (await extendRunningAttempts({ organiserId: organiser, testId: o.testId, minutes: 3, reason: "Sayt 3 daqiqa ishlamadi" })).attempts,
    ).toBe(3);
    after = await deadlines(ids);
    expect(after.get(inA.attemptId)! - before.get(inA.attemptId)!).toBe(9 * 60_000);
    expect(after.get(inB.attemptId)! - before.get(inB.attemptId)!).toBe(5 * 60_000);
    expect(after.get(inC.attemptId)! - before.get(inC.attemptId)!).toBe(3 * 60_000);
    expect(after.get(endedInA.attemptId)).toBe(before.get(endedInA.attemptId));
    expect(after.get(otherTest.attemptId)).toBe(before.get(otherTest.attemptId));

    const audit = await db
      .select()
      .from(organiserActions)
      .where(and(eq(organiserActions.action, "test.extraTime"), eq(organiserActions.targetId, o.testId)))
      .orderBy(organiserActions.id);
    expect(audit.map((row) => row.reason)).toEqual(["Tumanda internet uzildi", "Viloyatda uzilish", "Sayt 3 daqiqa ishlamadi"]);
    expect(JSON.parse(audit[2].details!)).toEqual({
      minutes: 3,
      regionId: null,
      districtId: null,
      attempts: 3,
      attemptIds: expect.arrayContaining([inA.attemptId, inB.attemptId, inC.attemptId]),
    });
  });
});

describe("notices", () => {
  it("are up for a day until withdrawn, in each language (Cyrillic from the Latin when not written)", async () => {
    const organiser = await organiserId();
    const { noticeId } = await postNotice({
      organiserId: organiser,
      texts: { uz: "Sayt 10:40 dan 10:44 gacha ishlamadi", ru: "Сайт не работал с 10:40 до 10:44" },
    });
    const shown = (await currentNotices()).find((n) => n.noticeId === noticeId);
    expect(shown?.texts).toEqual({
      uz: "Sayt 10:40 dan 10:44 gacha ishlamadi",
      "uz-Cyrl": "Сайт 10:40 дан 10:44 гача ишламади",
      ru: "Сайт не работал с 10:40 до 10:44",
    });
    expect((await statusSnapshot()).notices.some((n) => n.noticeId === noticeId)).toBe(true);
    // A day later it is gone by itself.
    expect((await currentNotices(new Date(Date.now() + 25 * 3_600_000))).some((n) => n.noticeId === noticeId)).toBe(false);
    await withdrawNotice({ organiserId: organiser, noticeId });
    expect((await currentNotices()).some((n) => n.noticeId === noticeId)).toBe(false);
    await expect(withdrawNotice({ organiserId: organiser, noticeId })).rejects.toMatchObject({ status: 404 });
    const [row] = await db.select().from(notices).where(eq(notices.id, noticeId));
    expect(row.withdrawnAt).not.toBeNull();
  });
});

describe("the status page's data", () => {
  it("gives each test of the day its state and times, names in every language", async () => {
    const now = new Date();
    const upcoming = await createTestOlympiad({
      grade: 6,
      openedAt: new Date(now.getTime() + 3_600_000),
      closedAt: new Date(now.getTime() + 5 * 3_600_000),
    });
    const closed = await createTestOlympiad({
      grade: 8,
      openedAt: new Date(now.getTime() - 5 * 3_600_000),
      closedAt: new Date(now.getTime() - 3_600_000),
    });
    const snapshot = await statusSnapshot(now);
    const stateOf = (closedAt: Date) => snapshot.tests.find((t) => t.closedAt === closedAt.toISOString())?.state;
    expect(stateOf(new Date(now.getTime() + 5 * 3_600_000))).toBe("upcoming");
    expect(stateOf(new Date(now.getTime() - 3_600_000))).toBe("closed");
    expect(snapshot.tests.some((t) => t.state === "open")).toBe(true);
    expect(snapshot.tests.every((t) => t.subject.uz && t.subject["uz-Cyrl"] && t.subject.ru)).toBe(true);
    expect(upcoming.testId).not.toBe(closed.testId);
  });
});

describe("an attempt's story", () => {
  it("tells the start, each answer's arrival, the organiser's extra minutes and the end, in order, from the database and the logs", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await createPupil({ subjectId: o.subjectId });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode });
    const view = await getAttempt({ userId: pupil.userId, attemptId });
    const session = { userId: pupil.userId, role: 0, sessionVersion: 0, sessionId: "story" };
    for (const q of view.questions.slice(0, 2)) {
      await saveAnswer({ session, testAttemptQuestionId: q.testAttemptQuestionId, answerId: q.questionChoices[0].questionChoiceId });
    }
    await extendRunningAttempts({ organiserId: await organiserId(), testId: o.testId, minutes: 5, reason: "Sayt to'xtadi" });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true });

    const [{ startedAt }] = await db.select({ startedAt: attempts.startedAt }).from(attempts).where(eq(attempts.id, attemptId));
    const at = (offset: number) => new Date(startedAt.getTime() + offset).toISOString();
    const lines = [
      "Olimpiada listening on http://localhost:3000", // not a log line: passed over
      JSON.stringify({
        time: at(-60_000),
        msg: "request",
        requestId: "aaaa-bbbb-cccc",
        method: "POST",
        route: "/api/Identity/Login",
        status: 200,
        ms: 40,
        userId: pupil.userId,
      }),
      JSON.stringify({
        time: at(1_000),
        msg: "request",
        requestId: "dddd-eeee-ffff",
        method: "POST",
        route: "/api/TestAttempts/Answer",
        status: 400,
        ms: 9,
        userId: pupil.userId,
        attemptId,
        question: 3,
      }),
      JSON.stringify({
        time: at(1_100),
        msg: "request",
        requestId: "1111-2222-3333",
        method: "GET",
        route: "/api/TestAttempts/Get",
        status: 200,
        ms: 9,
        userId: 999_999,
        attemptId: attemptId + 1,
      }),
    ];
    const story = (await attemptStory(attemptId, [Readable.from(lines.map((line) => `${line}\n`))]))!;
    const text = story.join("\n");
    expect(text).toContain(`Attempt ${attemptId}: pupil ${pupil.username}`);
    expect(text).toContain("2 question(s) answered");
    expect(text).toContain("2 log line(s) found");
    expect(text).toMatch(/started \(database\)/);
    expect(text.match(/its answer as kept/g)).toHaveLength(2);
    expect(text).toMatch(/organiser #\d+: test\.extraTime, minutes 5, .*attemptIds \[1\], reason "Sayt to'xtadi" \(audit log\)/);
    expect(text).toContain("ended by the pupil (Yakunlash) (database)");
    expect(text).toContain("POST /api/TestAttempts/Answer question 3 → 400 in 9 ms [dddd-eeee-ffff]");
    expect(text).toContain("POST /api/Identity/Login → 200 in 40 ms [aaaa-bbbb-cccc]");
    expect(text).not.toContain("1111-2222-3333"); // another pupil's attempt
    // In time order: the sign-in before the start, the end last.
    const order = ["/api/Identity/Login", "started (database)", "test.extraTime", "ended by the pupil"].map((part) =>
      story.findIndex((line) => line.includes(part)),
    );
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(await attemptStory(2_000_000_000, [])).toBeNull();
  });
});
