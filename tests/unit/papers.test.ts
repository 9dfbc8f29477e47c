// Papers drawn before the opening: the countdown draws the pupil's questions, New at the
// opening makes the attempt from them in one statement, and nothing shows a paper as an attempt.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attemptQuestions, drawnPapers, questions } from "@/db/schema";
import { allowTestAttempt, isThereAttempt, newAttempt } from "@/lib/attempts/start";
import { loadBoard, loadCheckIns } from "@/lib/board/board";
import { db } from "@/lib/db/client";
import { removeQuestion } from "@/lib/questions/bank";
import { listResults } from "@/lib/results/ranking";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

const OPEN = new Date("2025-06-03T05:00:00Z");
const before = new Date(OPEN.getTime() - 60_000);
const after = new Date(OPEN.getTime() + 1_000);

async function waiting() {
  const o = await createTestOlympiad({
    openedAt: OPEN,
    closedAt: new Date(OPEN.getTime() + 3 * 3_600_000),
    counts: { easy: 2, medium: 2, hard: 2 },
  });
  const pupil = await createPupil({ subjectId: o.subjectId });
  return { o, pupil };
}

const paperOf = async (userId: number, testId: number) =>
  (
    await db
      .select()
      .from(drawnPapers)
      .where(and(eq(drawnPapers.userId, userId), eq(drawnPapers.testId, testId)))
  )[0]?.questions ?? null;

describe("papers drawn before the opening", () => {
  it("the countdown draws the paper; nothing counts it as an attempt", async () => {
    const { o, pupil } = await waiting();
    expect((await allowTestAttempt({ userId: pupil.userId, now: before })).isAllowed).toBe(false);
    const paper = await paperOf(pupil.userId, o.testId);
    expect(paper).toHaveLength(6);
    expect(new Set(paper!.map(([id]) => id)).size).toBe(6);
    expect(paper!.every(([, choices]) => choices.length === 4)).toBe(true);
    // Drawn once: a second look at the countdown keeps it.
    await allowTestAttempt({ userId: pupil.userId, now: before });
    expect(await paperOf(pupil.userId, o.testId)).toEqual(paper);
    expect(await isThereAttempt({ userId: pupil.userId, now: before })).toEqual({ isThereAttempt: false, isEnded: false, attemptId: null });
    const tile = (await loadBoard({ now: before })).tests.find((t) => t.subjectId === o.subjectId)!;
    expect(tile.counts).toMatchObject({ started: 0, inProgress: 0, ended: 0 });
    expect(await listResults({ testId: o.testId })).toMatchObject({ total: 0, notEnded: 0 });
  });

  it("check-in draws the paper: none before it, and the board counts the checked in per test and region", async () => {
    const o = await createTestOlympiad({
      openedAt: OPEN,
      closedAt: new Date(OPEN.getTime() + 3 * 3_600_000),
      counts: { easy: 2, medium: 2, hard: 2 },
    });
    const tashkent = await createPupil({ subjectId: o.subjectId });
    const andijan = await createPupil({ subjectId: o.subjectId, districtId: 1703202 });
    await createPupil({ subjectId: o.subjectId, districtId: 1703203 });
    const early = new Date(OPEN.getTime() - 61 * 60_000);
    const allowed = await allowTestAttempt({ userId: tashkent.userId, now: early });
    expect(allowed.checkInAt).toBe(new Date(OPEN.getTime() - 60 * 60_000).toISOString());
    expect(await paperOf(tashkent.userId, o.testId)).toBeNull();
    expect(await loadCheckIns({ now: early })).not.toContainEqual(expect.objectContaining({ testId: o.testId }));

    const checkIn = new Date(OPEN.getTime() - 60 * 60_000);
    await allowTestAttempt({ userId: tashkent.userId, now: checkIn });
    await allowTestAttempt({ userId: andijan.userId, now: checkIn });
    expect(await paperOf(tashkent.userId, o.testId)).toHaveLength(6);
    const tile = (await loadBoard({ now: checkIn })).tests.find((t) => t.subjectId === o.subjectId)!;
    expect(tile.counts).toMatchObject({ paid: 3, checkedIn: 2, started: 0 });
    expect(tile.checkInAt).toBe(checkIn.toISOString());
    const regions = (await loadCheckIns({ now: checkIn })).filter((row) => row.testId === o.testId);
    expect(regions).toEqual([
      expect.objectContaining({ regionId: 1703, paid: 2, checkedIn: 1 }),
      expect.objectContaining({ regionId: 1726, paid: 1, checkedIn: 1 }),
    ]);
  });

  it("New at the opening makes the attempt from the paper, and takes the paper out", async () => {
    const { o, pupil } = await waiting();
    await allowTestAttempt({ userId: pupil.userId, now: before });
    const paper = (await paperOf(pupil.userId, o.testId))!;
    await expect(newAttempt({ userId: pupil.userId, pinCode: "0000", now: after })).rejects.toMatchObject({ code: 4001 });
    await expect(newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: before })).rejects.toMatchObject({ code: 4003 });
    expect(await paperOf(pupil.userId, o.testId)).toEqual(paper); // a refused start keeps it
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after });
    const drawn = await db
      .select()
      .from(attemptQuestions)
      .where(eq(attemptQuestions.attemptId, attemptId))
      .orderBy(attemptQuestions.number);
    expect(drawn.map((q) => [q.questionId, q.choiceOrder])).toEqual(paper);
    expect(drawn.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await paperOf(pupil.userId, o.testId)).toBeNull();
    // A look at the start page while the attempt runs draws no new paper.
    await allowTestAttempt({ userId: pupil.userId, now: after });
    expect(await paperOf(pupil.userId, o.testId)).toBeNull();
    await expect(newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after })).rejects.toMatchObject({ code: 4000 });
  });

  it("two New at once from one paper make one attempt", async () => {
    const { o, pupil } = await waiting();
    await allowTestAttempt({ userId: pupil.userId, now: before });
    const results = await Promise.allSettled([1, 2, 3].map(() => newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("a change of counts or of the bank draws the paper anew, another save keeps it; a deleted question never breaks a start", async () => {
    const { o, pupil } = await waiting();
    await allowTestAttempt({ userId: pupil.userId, now: before });
    const [first] = (await paperOf(pupil.userId, o.testId))!;
    await removeQuestion({ organiserId: await organiserId(), questionId: first[0], reason: "sinov" });
    expect(await paperOf(pupil.userId, o.testId)).toBeNull();
    await allowTestAttempt({ userId: pupil.userId, now: before });
    expect((await paperOf(pupil.userId, o.testId))!.map(([id]) => id)).not.toContain(first[0]);
    const save = async (settings: Record<string, unknown>) =>
      upsertSubjectTest({
        subjectId: o.subjectId,
        settings: {
          openedAt: OPEN.toISOString(),
          closedAt: new Date(OPEN.getTime() + 3 * 3_600_000).toISOString(),
          pinCode: o.pinCode,
          ...settings,
        },
        organiserId: await organiserId(),
        now: before,
      });
    await save({ easyCount: 1, mediumCount: 1, hardCount: 1, easyPoints: 1, mediumPoints: 1.5, hardPoints: 2.5 });
    expect(await paperOf(pupil.userId, o.testId)).toBeNull();
    // A save that leaves the counts (here: check-in opens earlier) keeps every pupil checked in.
    await allowTestAttempt({ userId: pupil.userId, now: before });
    const kept = await paperOf(pupil.userId, o.testId);
    await save({ checkInMinutes: 120, reason: "Qayd etish ertaroq" });
    expect(await paperOf(pupil.userId, o.testId)).toEqual(kept);
    // A paper whose question vanished behind its back (no drop): New draws anew.
    await allowTestAttempt({ userId: pupil.userId, now: before });
    const paper = (await paperOf(pupil.userId, o.testId))!;
    await db
      .update(drawnPapers)
      .set({ questions: [[2_000_000_000, [1, 2]], ...paper.slice(1)] })
      .where(eq(drawnPapers.userId, pupil.userId));
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after });
    const drawn = await db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, attemptId));
    expect(drawn).toHaveLength(3);
    const bank = await db.select({ id: questions.id }).from(questions).where(eq(questions.subjectId, o.subjectId));
    expect(drawn.every((d) => bank.some((q) => q.id === d.questionId))).toBe(true);
  });
});
