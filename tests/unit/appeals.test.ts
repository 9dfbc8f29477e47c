// After the test: appeals made and edited only while open, on the pupil's own questions; the
// organiser's decisions (another choice correct too, through the regrade, with why each score
// moved); the list finalised only once the appeals have closed and are decided, as the
// confirmation showed it, again only with a reason; its file, its public record, the second stage.
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appeals, attemptQuestions, familyEvents, finalLists, scoreChanges } from "@/db/schema";
import { appealsView, submitAppeal } from "@/lib/appeals/appeals";
import { decideAppeals } from "@/lib/appeals/decisions";
import { regrade } from "@/lib/appeals/rescoring";
import { db } from "@/lib/db/client";
import { buildExport, toCsv } from "@/lib/final-list/files";
import { finalListByHash, listStatus, secondStageOf } from "@/lib/final-list/final";
import { finalise, finalisePreview } from "@/lib/final-list/finalise";
import { erasePupil, exportPupilData } from "@/lib/personal-data/personal-data";
import { appealsCloseAt } from "@/lib/subject-tests/appeals-deadline";
import { ErrorCode } from "@/shared/http/contract";
import { formatTashkent } from "@/shared/time";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { threeTaken } from "../support/taken";

setUpDatabase();

const HOUR = 3_600_000;

/** Three pupils take one question per difficulty (all draw the same three); the test then closes. */
async function closedTest() {
  const { o, pupils, closedAt } = await threeTaken();
  const closes = appealsCloseAt({ closedAt, appealsCloseAt: null });
  return {
    o,
    pupils,
    hard: pupils[0].drawn[2],
    closedAt,
    closes,
    during: new Date(closedAt.getTime() + HOUR),
    after: new Date(closes.getTime() + 1),
  };
}

/** The attempt's question of that number. */
const questionOf = async (attemptId: number, number: number) =>
  (
    await db
      .select()
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.number, number)))
  )[0];

describe("a pupil's appeal", () => {
  it("is taken only while open, on the pupil's own questions, one per question, edited until decided; refused, it changes nothing", async () => {
    const { o, pupils, closedAt, during, after } = await closedTest();
    const me = { userId: pupils[0].userId };
    const hardOfMine = await questionOf(pupils[0].attemptId, 3);
    const appeal = { testAttemptQuestionId: hardOfMine.id, kind: "key" as const, text: "B javob ham to'g'ri" };

    // Before the close the key is not shown: no appeal.
    await expect(submitAppeal(me, appeal, "uz", new Date(closedAt.getTime() - 60_000))).rejects.toMatchObject({
      code: ErrorCode.AppealsClosed,
    });
    // Another pupil's question is not on this paper.
    const theirs = await questionOf(pupils[1].attemptId, 3);
    await expect(submitAppeal(me, { ...appeal, testAttemptQuestionId: theirs.id }, "uz", during)).rejects.toMatchObject({
      status: 422,
      validationErrors: { testAttemptQuestionId: ["Invalid"] },
    });
    expect(await db.select().from(appeals).where(eq(appeals.testId, o.testId))).toEqual([]);

    const made = await submitAppeal(me, appeal, "uz", during);
    expect(made.open).toBe(true);
    expect(made.appeals).toMatchObject([{ questionNumber: 3, kind: "key", text: "B javob ham to'g'ri", decision: null }]);
    // Edited in place: still one appeal of that question.
    const edited = await submitAppeal(me, { ...appeal, kind: "unclear", text: "Savol tushunarsiz" }, "uz", during);
    expect(edited.appeals).toMatchObject([{ appealId: made.appeals[0].appealId, kind: "unclear", text: "Savol tushunarsiz" }]);
    // And one against the result as a whole.
    const whole = await submitAppeal(me, { testAttemptQuestionId: null, kind: "result", text: "Ballim kam" }, "uz", during);
    expect(whole.appeals.map((a) => a.questionNumber)).toEqual([null, 3]);

    // After the deadline: refused, and what was there stays as it was.
    await expect(submitAppeal(me, { ...appeal, text: "kech" }, "uz", after)).rejects.toMatchObject({ code: ErrorCode.AppealsClosed });
    const view = await appealsView(me, "uz", after);
    expect(view?.open).toBe(false);
    expect(view?.appeals.find((a) => a.questionNumber === 3)?.text).toBe("Savol tushunarsiz");
  });
});

describe("the organiser's decision", () => {
  it("accepting another choice too regrades in the same transaction: the scores, why they moved (in each pupil's language), the decided appeals", async () => {
    const { o, pupils, hard, during } = await closedTest();
    const organiser = await organiserId();
    for (const p of [pupils[0], pupils[1]]) {
      const q = await questionOf(p.attemptId, 3);
      await submitAppeal(
        { userId: p.userId },
        { testAttemptQuestionId: q.id, kind: "key", text: "Ikkinchi javob ham to'g'ri" },
        "uz",
        during,
      );
    }
    // Pupil 2 appeals a minute after the organiser's page read the appeals: not decided unread.
    const late = new Date(during.getTime() + 60_000);
    const q2 = await questionOf(pupils[2].attemptId, 3);
    await submitAppeal({ userId: pupils[2].userId }, { testAttemptQuestionId: q2.id, kind: "unclear", text: "Keyin yozdim" }, "uz", late);
    const input = {
      questionId: hard.questionId,
      outcome: "also" as const,
      choiceId: hard.wrong[0],
      reason: "Ikkala javob ham to'g'ri",
      reasonRu: "Оба ответа верны",
      seenAt: during.toISOString(),
    };
    // A decision made on a dry run of another key (the key changed since) is refused, and writes nothing.
    await expect(
      decideAppeals({ organiserId: organiser, testId: o.testId, input: { ...input, expectedKeyHash: "0".repeat(64) }, now: during }),
    ).rejects.toMatchObject({ code: 4011 });
    expect(await db.select().from(scoreChanges).where(eq(scoreChanges.attemptId, pupils[0].attemptId))).toEqual([]);
    const dry = await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: hard.questionId, action: "also", correctChoiceId: hard.wrong[0], dryRun: true },
    });
    const decided = await decideAppeals({
      organiserId: organiser,
      testId: o.testId,
      input: { ...input, expectedKeyHash: dry.oldKeyHash },
      now: new Date(during.getTime() + 120_000),
    });
    // Pupils 0 and 2 chose that choice: both move by the hard question's 2.5 points; pupil 1 keeps the old key's point.
    expect(decided).toMatchObject({ appeals: 2, changed: 3 }); // pupil 1 keeps 3.5 and moves from 1st to 2nd
    const moved = await db.select().from(scoreChanges).where(eq(scoreChanges.decisionId, decided.decisionId));
    expect(Object.fromEntries(moved.map((c) => [c.attemptId, [c.oldTenths, c.newTenths]]))).toEqual({
      [pupils[0].attemptId]: [25, 50],
      [pupils[2].attemptId]: [0, 25],
    });
    const cyrillic = await appealsView({ userId: pupils[0].userId }, "uz-Cyrl", during);
    expect(cyrillic?.appeals[0].decision).toMatchObject({ outcome: "also", reason: "Иккала жавоб ҳам тўғри" });
    expect(cyrillic?.scoreChanges).toMatchObject([
      { questionNumber: 3, action: "also", oldScore: 2.5, newScore: 5, reason: "Иккала жавоб ҳам тўғри" },
    ]);
    const russian = await appealsView({ userId: pupils[2].userId }, "ru", during);
    expect(russian?.scoreChanges).toMatchObject([{ oldScore: 0, newScore: 2.5, reason: "Оба ответа верны" }]);
    expect(russian?.appeals).toMatchObject([{ text: "Keyin yozdim", decision: null }]);
    // A second click decides nothing twice; a decided appeal is no longer edited.
    await expect(
      decideAppeals({
        organiserId: organiser,
        testId: o.testId,
        input: { questionId: hard.questionId, outcome: "reject", reason: "ikkinchi marta", seenAt: during.toISOString() },
        now: during,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.AppealDecided });
    const q = await questionOf(pupils[0].attemptId, 3);
    await expect(
      submitAppeal({ userId: pupils[0].userId }, { testAttemptQuestionId: q.id, kind: "key", text: "yana" }, "uz", during),
    ).rejects.toMatchObject({ code: ErrorCode.AppealDecided });
  });
});

describe("the final list", () => {
  it("is refused while appeals are open or undecided and when the list moved since it was shown; then kept, its file final, re-finalised only with a reason", async () => {
    const { o, pupils, hard, during, after } = await closedTest();
    const organiser = await organiserId();
    const q = await questionOf(pupils[2].attemptId, 1);
    await submitAppeal({ userId: pupils[2].userId }, { testAttemptQuestionId: q.id, kind: "unclear", text: "Tushunarsiz" }, "uz", during);

    const early = await finalisePreview(o.testId, during);
    expect(early).toMatchObject({ ready: false, ranked: 3, selected: 3, status: { state: "provisional", pending: 1 } });
    const attempt = (now: Date, expectedTopHash = early.topHash, reason?: string) =>
      finalise({ organiserId: organiser, testId: o.testId, expectedTopHash, reason, now });
    await expect(attempt(during)).rejects.toMatchObject({ code: ErrorCode.AppealsOpen });
    await expect(attempt(after)).rejects.toMatchObject({ code: ErrorCode.AppealsPending });
    await decideAppeals({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: q.questionId, outcome: "reject", reason: "Savol aniq", seenAt: after.toISOString() },
      now: after,
    });
    await expect(attempt(after, "0".repeat(64))).rejects.toMatchObject({ code: ErrorCode.ListChanged });
    expect(await db.select().from(finalLists).where(eq(finalLists.testId, o.testId))).toEqual([]);

    // The appellant's family is told of the decision (the outbox: lib/family-events).
    const told = await db.select({ kind: familyEvents.kind }).from(familyEvents).where(eq(familyEvents.guid, pupils[2].guid));
    expect(told.map((e) => e.kind)).toContain("appeal.decided");
    const first = await attempt(after);
    expect(first).toMatchObject({ version: 1, topHash: early.topHash, ranked: 3, appeals: 1 });
    // A second click: the same list, the same version.
    expect(await attempt(after)).toMatchObject({ version: 1 });
    expect(await secondStageOf(pupils[1].userId, after)).toMatchObject({ state: "final", selected: true });
    const view = await appealsView({ userId: pupils[1].userId }, "uz", after);
    expect(view?.list).toEqual({
      state: "final",
      since: after.toISOString(),
      secondStage: true,
      announcedAt: null,
      place: null,
      publicUrl: `/lists/${first.topHash}?district=1726266`, // the test pupils' district
    });
    const file = (await buildExport({ testId: o.testId, scope: "top5", format: "csv", now: after }))!;
    const [info] = parse(toCsv(file).slice(1), { relax_column_count: true }) as string[][];
    expect(info).toContain(`YAKUNIY (${formatTashkent(after.toISOString())} dan)`);
    expect(file.contentHash).toBe(first.topHash);

    // A later regrade moves the list: finalising it again needs a reason, and the old record says it was replaced.
    await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: hard.questionId, action: "void", voidAwards: "all", dryRun: false, reason: "Savol buzilgan" },
    });
    const moved = await finalisePreview(o.testId, after);
    expect(moved.topHash).not.toBe(first.topHash);
    // The files no longer call the moved list final.
    expect((await buildExport({ testId: o.testId, scope: "all", format: "csv", now: after }))?.provisional).toBe(true);
    await expect(attempt(after, moved.topHash)).rejects.toMatchObject({ status: 422, validationErrors: { reason: ["Required"] } });
    const later = new Date(after.getTime() + HOUR);
    const second = await attempt(later, moved.topHash, "Qiyin savol bekor qilindi");
    expect(second).toMatchObject({ version: 2, reason: "Qiyin savol bekor qilindi" });
    expect(await finalListByHash(first.topHash)).toMatchObject({
      version: 1,
      replaced: { topHash: moved.topHash, reason: "Qiyin savol bekor qilindi" },
    });
    expect(await finalListByHash(moved.topHash)).toMatchObject({ version: 2, replaced: null, rows: { rows: expect.any(Array) } });
    expect((await listStatus(db, o.testId, later))?.final).toMatchObject({ version: 2 });
    expect((await buildExport({ testId: o.testId, scope: "top5", format: "csv", now: later }))?.provisional).toBe(false);
  });
});

describe("a family's data", () => {
  it("the export holds the pupil's appeals and their decisions; an erasure takes their words, and their name and school on a final list", async () => {
    const { o, pupils, during, after } = await closedTest();
    const organiser = await organiserId();
    const q = await questionOf(pupils[1].attemptId, 2);
    await submitAppeal(
      { userId: pupils[1].userId },
      { testAttemptQuestionId: q.id, kind: "unclear", text: "Tushunarsiz savol" },
      "uz",
      during,
    );
    await decideAppeals({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: q.questionId, outcome: "reject", reason: "Savol aniq", seenAt: during.toISOString() },
      now: during,
    });
    const exported = await exportPupilData({ organiserId: organiser, userId: pupils[1].userId });
    expect(exported.appeals).toMatchObject([
      { question: 2, kind: "unclear", text: "Tushunarsiz savol", decision: { outcome: "reject", reason: "Savol aniq" } },
    ]);
    const { topHash } = await finalisePreview(o.testId, after);
    await finalise({ organiserId: organiser, testId: o.testId, expectedTopHash: topHash, now: after });

    await erasePupil({
      organiserId: organiser,
      userId: pupils[1].userId,
      reason: "Ota-onasining so'rovi",
      confirmUsername: pupils[1].username,
    });
    const [appeal] = await db.select().from(appeals).where(eq(appeals.attemptId, pupils[1].attemptId));
    expect(appeal.text).toBe("");
    const rows = (await finalListByHash(topHash))?.rows.rows ?? [];
    expect(rows.find((r) => r.userId === pupils[1].userId)).toMatchObject({
      fullName: `O'chirilgan #${pupils[1].userId}`,
      schoolName: null,
    });
    expect(rows.find((r) => r.userId === pupils[0].userId)?.fullName).toBe("Sinov Pupil0");
  });
});
