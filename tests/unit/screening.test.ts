// The screening as a job on a real database (lib/integrity/screening.ts), and the organiser's
// decision (lib/integrity/decisions.ts): a modelled olympiad with planted copiers is written as
// the product keeps one (bench/collusion-seed.mjs), screened, looked at and voided.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { modelOlympiad } from "@/bench/collusion-model.mjs";
import { questionsOfTestSql, seedModelOlympiad } from "@/bench/collusion-seed.mjs";
import { attempts, organiserActions, publishedRankings, screenings, tests, users } from "@/db/schema";
import { regrade } from "@/lib/appeals/rescoring";
import { attemptResult } from "@/lib/attempts/ending";
import { certificateOfUser } from "@/lib/certificates/certificates";
import { db, selectRows } from "@/lib/db/client";
import { decide, evidenceSheet, saveOrder, screeningOf } from "@/lib/integrity/decisions";
import { screenClosedTests, screenTest } from "@/lib/integrity/screening";
import { resultsPage } from "@/lib/results/published";
import { allResults } from "@/lib/results/ranking";
import { dataHash, topData } from "@/lib/results/tables";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";

setUpDatabase();

const OPENING = Date.parse("2026-06-01T05:00:00Z");
const DISTRICT = 1727220;

/** A closed test, and a modelled olympiad of `pupils` in `schools` written into it. */
async function seeded({
  pupils,
  schools,
  plant,
}: {
  pupils: number;
  schools: number;
  plant: { rate: number; together: boolean; pairs: number }[];
}) {
  const o = await createTestOlympiad({
    bankPerDifficulty: 20,
    counts: { easy: 10, medium: 10, hard: 10 },
    withReadingText: false,
    openedAt: new Date(OPENING),
    closedAt: new Date(OPENING + 3 * 3_600_000),
  });
  const [test] = await db.select().from(tests).where(eq(tests.id, o.testId));
  const questions = await selectRows(
    z.object({ id: z.number(), difficulty: z.literal([1, 2, 3]), choices: z.array(z.number()), correct: z.number() }),
    db,
    sql.raw(questionsOfTestSql(o.subjectId)),
  );
  const model = modelOlympiad({ seed: 11, pupils, schools, plant, opening: OPENING });
  const tag = `t${o.testId}`;
  await seedModelOlympiad((statement) => db.execute(sql.raw(statement)), {
    testId: o.testId,
    subjectId: o.subjectId,
    grade: o.grade,
    districtId: DISTRICT,
    regionId: 1727,
    tag,
    questions,
    bank: model.bank,
    attempts: model.attempts,
    schools,
    points: { 1: test.easyPointsTenths, 2: test.mediumPointsTenths, 3: test.hardPointsTenths },
    opening: OPENING,
    durationMinutes: test.durationMinutes,
  });
  const ids = new Map(
    (
      await selectRows(
        z.object({ username: z.string(), userId: z.number(), attemptId: z.number() }),
        db,
        sql`select u.username, u.id as "userId", a.id as "attemptId" from users u join attempts a on a.user_id = u.id
          where a.test_id = ${o.testId}`,
      )
    ).map((r) => [r.username, r]),
  );
  const pupil = (i: number) => ids.get(`${tag}-${i}`) as { userId: number; attemptId: number };
  return { ...o, model, pupil };
}

/** The test's kept second-stage list (lib/results/published.ts). */
async function kept(testId: number) {
  const [row] = await db.select().from(publishedRankings).where(eq(publishedRankings.testId, testId));
  return row;
}

describe("the screening job", () => {
  it("screens a closed test once, finds the copiers who sat together and keeps the evidence", async () => {
    const o = await seeded({ pupils: 400, schools: 16, plant: [{ rate: 0.8, together: true, pairs: 5 }] });
    const planted = o.model.planted.map((p) => [o.pupil(p.copier).attemptId, o.pupil(p.source).attemptId].sort((x, y) => x - y).join("-"));

    // Not before its close and grace: then once, and not again.
    expect((await screenClosedTests(new Date(OPENING + 3_600_000))).map((s) => s.testId)).not.toContain(o.testId);
    const due = new Date(OPENING + 4 * 3_600_000);
    // The sweep screens the tests that closed first, a few at a time: on a shared database other
    // suites' closed tests may come before this one.
    let first: Awaited<ReturnType<typeof screenClosedTests>>[number] | undefined;
    for (let done = await screenClosedTests(due); !first && done.length > 0; done = await screenClosedTests(due)) {
      first = done.find((s) => s.testId === o.testId);
    }
    expect(first).toMatchObject({ attempts: 400, pairs: 16 * ((25 * 24) / 2) });
    expect((await screenClosedTests(due)).map((s) => s.testId)).not.toContain(o.testId);

    const { run, pairs } = await screeningOf(o.testId);
    expect(run).toMatchObject({ trigger: "close", attempts: 400, listed: pairs.length });
    const listed = pairs.map((p) => `${p.evidence.attemptA}-${p.evidence.attemptB}`);
    for (const pair of planted) expect(listed).toContain(pair);
    expect(listed.length - planted.length).toBeLessThanOrEqual(1);
    // Strongest first, each with both pupils as the ranking has them.
    expect(pairs[0].a?.fullName).toContain("Pupil");
    expect(pairs.map((p) => p.evidence.q)).toEqual([...pairs.map((p) => p.evidence.q)].sort((x, y) => (x ?? 1) - (y ?? 1)));

    // The evidence sheet: the shared questions side by side, both timelines from the saves.
    const [a, b] = planted[0].split("-").map(Number);
    const sheet = await evidenceSheet(o.testId, a, b);
    expect(sheet.questions).toHaveLength(sheet.pair.evidence.shared);
    expect(sheet.questions.filter((q) => q.match && q.a.choice !== null).length).toBeGreaterThanOrEqual(sheet.pair.evidence.closeMatches);
    // Copied side by side: the matching answers were saved in the same order, nearly every two of them.
    expect(sheet.order.pairs).toBeGreaterThanOrEqual(28);
    expect(sheet.order.same / sheet.order.pairs).toBeGreaterThan(0.9);
    expect(sheet.timelines.a.length).toBeGreaterThanOrEqual(29);
    expect(sheet.timelines.b.length).toBeGreaterThanOrEqual(29);
    // Each pupil's last save of a question is the choice the sheet shows, by its letter.
    const lastLetter = (saves: typeof sheet.timelines.a) => new Map(saves.map((s) => [s.questionId, s.choiceLetter]));
    const [lastA, lastB] = [lastLetter(sheet.timelines.a), lastLetter(sheet.timelines.b)];
    const answered = sheet.questions.filter((q) => q.a.choice !== null && q.b.choice !== null);
    expect(answered.length).toBeGreaterThan(0);
    for (const q of answered) {
      expect(lastA.get(q.questionId)).toBe(q.a.letter);
      expect(lastB.get(q.questionId)).toBe(q.b.letter);
    }
  });

  it("lists two pupils of different schools who signed in on one device in the window, whatever their answers", async () => {
    const o = await seeded({ pupils: 100, schools: 4, plant: [] });
    const [x, y] = [o.pupil(0), o.pupil(99)];
    const at = new Date(OPENING + 600_000).toISOString();
    await db.execute(sql`insert into access_events (user_id, test_id, kind, device_id, address, at) values
      (${x.userId}, null, 'sign-in', 'device-shared', '198.51.100.4', ${at}::timestamptz),
      (${y.userId}, ${o.testId}, 'start', 'device-shared', '198.51.100.4', ${at}::timestamptz)`);
    const summary = await screenTest({ testId: o.testId, trigger: "console" });
    expect(summary?.listed).toBeGreaterThanOrEqual(1);
    // The statistics ran in the statistics' child process, not in this (the web) process.
    expect(summary?.pid).toEqual(expect.any(Number));
    expect(summary?.pid).not.toBe(process.pid);
    const pair = (await screeningOf(o.testId)).pairs.find((p) => p.evidence.attemptA === Math.min(x.attemptId, y.attemptId));
    expect(pair?.evidence).toMatchObject({ sharedDevice: true, sharedAddress: true, reasons: ["device", "address"] });
    const sheet = await evidenceSheet(o.testId, pair!.evidence.attemptA, pair!.evidence.attemptB);
    expect(sheet.overlaps).toEqual({ devices: 1, addresses: ["198.51.100.4"] });
  });
});

describe("the order of matching saves (Kendall's concordant pairs)", () => {
  const saves = (times: [number, number][]) => times.map(([questionId, at]) => ({ questionId, at, choiceLetter: 0 }));
  it("counts every two matching answers both saved one way round, and skips ties and answers one of them lacks", () => {
    const a = saves([
      [1, 10],
      [2, 20],
      [3, 30],
      [4, 40],
    ]);
    const b = saves([
      [1, 11],
      [2, 21],
      [3, 19],
      [4, 41],
      [5, 50],
    ]);
    // Pairs of 1..4: (1,2) (1,3) (1,4) (2,4) (3,4) agree; (2,3) does not.
    expect(saveOrder([1, 2, 3, 4, 5], a, b)).toEqual({ same: 5, pairs: 6 });
    expect(
      saveOrder(
        [1, 2],
        saves([
          [1, 10],
          [2, 10],
        ]),
        b,
      ),
    ).toEqual({ same: 0, pairs: 0 });
  });
});

describe("the organiser's decision", () => {
  it("voids an attempt: out of the ranking and its published hash, no certificate, the pupil told; 'no action' undoes it; all audited", async () => {
    const o = await seeded({ pupils: 100, schools: 4, plant: [{ rate: 0.8, together: true, pairs: 2 }] });
    await screenTest({ testId: o.testId, trigger: "console" });
    const copier = o.pupil(o.model.planted[0].copier);
    const source = o.pupil(o.model.planted[0].source);
    const [attemptA, attemptB] = [copier.attemptId, source.attemptId].sort((x, y) => x - y);
    const copierIsA = copier.attemptId === attemptA;
    await resultsPage({ testId: o.testId });
    const before = await kept(o.testId);
    expect(await certificateOfUser(copier.userId)).not.toBeNull();
    const organiser = await organiserId();

    await decide({
      organiserId: organiser,
      input: { attemptA, attemptB, decision: copierIsA ? "voidA" : "voidB", reason: "Javoblar ko'chirilgan" },
    });
    const [row] = await db.select({ voidedAt: attempts.voidedAt }).from(attempts).where(eq(attempts.id, copier.attemptId));
    expect(row.voidedAt).not.toBeNull();
    const ranked = (await allResults({ testId: o.testId })).find((r) => r.attemptId === copier.attemptId);
    expect(ranked).toMatchObject({ rank: null, excluded: "voided" });
    // The kept second-stage list was dropped in the void's transaction, and what is shown is ranked anew.
    expect((await kept(o.testId)).version).toBeGreaterThan(before.version);
    expect((await resultsPage({ testId: o.testId })).published.topHash).toBe(
      dataHash(topData(await allResults({ testId: o.testId, top: true }))),
    );
    expect(await certificateOfUser(copier.userId)).toBeNull();
    expect(await certificateOfUser(source.userId)).not.toBeNull();
    expect(await attemptResult({ userId: copier.userId, attemptId: copier.attemptId })).toMatchObject({ voided: true });
    expect(await attemptResult({ userId: source.userId, attemptId: source.attemptId })).toMatchObject({ voided: false });
    expect((await screeningOf(o.testId)).pairs.find((p) => p.evidence.attemptA === attemptA)?.decision).toMatchObject({
      decision: copierIsA ? "voidA" : "voidB",
      reason: "Javoblar ko'chirilgan",
    });

    // A later run no longer screens the voided attempt, but the decided pair stays on the list with its evidence.
    await screenTest({ testId: o.testId, trigger: "console" });
    const again = (await screeningOf(o.testId)).pairs.find((p) => p.evidence.attemptA === attemptA && p.evidence.attemptB === attemptB);
    expect(again?.decision?.reason).toBe("Javoblar ko'chirilgan");
    expect((await evidenceSheet(o.testId, attemptA, attemptB)).pair.evidence.shared).toBeGreaterThan(0);

    await decide({ organiserId: organiser, input: { attemptA, attemptB, decision: "none", reason: "Qayta ko'rib chiqildi" } });
    expect(await attemptResult({ userId: copier.userId, attemptId: copier.attemptId })).toMatchObject({ voided: false });
    expect(await certificateOfUser(copier.userId)).not.toBeNull();

    const audited = await db.select().from(organiserActions).where(eq(organiserActions.action, "test.screeningDecision"));
    expect(audited.filter((a) => a.targetId === o.testId).map((a) => a.reason)).toEqual(["Javoblar ko'chirilgan", "Qayta ko'rib chiqildi"]);
  });

  it("of five decisions on one pair at once, the last committed is in force, and each is stamped in the order they committed", async () => {
    const o = await seeded({ pupils: 60, schools: 2, plant: [{ rate: 0.8, together: true, pairs: 1 }] });
    await screenTest({ testId: o.testId, trigger: "console" });
    const [attemptA, attemptB] = [o.pupil(o.model.planted[0].copier).attemptId, o.pupil(o.model.planted[0].source).attemptId].sort(
      (x, y) => x - y,
    );
    const organiser = await organiserId();
    const choices = ["voidA", "none", "voidBoth", "voidB", "none"] as const;
    for (let round = 0; round < 4; round++) {
      // Five organisers' clicks arrive a moment apart and wait for one another on the test's lock.
      await Promise.all(
        choices.map(async (decision, i) => {
          for (let tick = 0; tick < i; tick++) await new Promise((resolve) => setImmediate(resolve));
          return decide({ organiserId: organiser, input: { attemptA, attemptB, decision, reason: `Qaror ${round}.${i}` } });
        }),
      );
      const rows = await selectRows(
        z.object({ id: z.number(), decision: z.string(), reason: z.string(), decidedAt: z.string() }),
        db,
        sql`select id, decision, reason, to_json(decided_at)#>>'{}' as "decidedAt" from screening_decisions
            where attempt_a = ${attemptA} and attempt_b = ${attemptB} order by id`,
      );
      const committed = rows.slice(-choices.length);
      const last = committed[committed.length - 1];
      // Identities are given under the lock, so the highest is the last committed; its stamp is the newest.
      expect(committed.map((r) => new Date(r.decidedAt).getTime())).toEqual(
        committed.map((r) => new Date(r.decidedAt).getTime()).sort((x, y) => x - y),
      );
      const shown = (await screeningOf(o.testId)).pairs.find((p) => p.evidence.attemptA === attemptA && p.evidence.attemptB === attemptB);
      expect(shown?.decision?.reason, `round ${round}`).toBe(last.reason);
      const voided = await selectRows(
        z.object({ id: z.number(), voided: z.boolean() }),
        db,
        sql`select id, voided_at is not null as voided from attempts where id in (${attemptA}, ${attemptB}) order by id`,
      );
      expect(voided.map((v) => v.voided)).toEqual([
        last.decision === "voidA" || last.decision === "voidBoth",
        last.decision === "voidB" || last.decision === "voidBoth",
      ]);
    }
  });

  it("refuses a decision about a pair no screening listed", async () => {
    const o = await seeded({ pupils: 20, schools: 1, plant: [] });
    const organiser = await organiserId();
    const [a, b] = [o.pupil(0).attemptId, o.pupil(1).attemptId].sort((x, y) => x - y);
    await expect(
      decide({ organiserId: organiser, input: { attemptA: a, attemptB: b, decision: "voidBoth", reason: "Sinov" } }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const [row] = await db.select({ voidedAt: attempts.voidedAt }).from(attempts).where(eq(attempts.id, a));
    expect(row.voidedAt).toBeNull();
    expect(await db.select().from(screenings).where(eq(screenings.testId, o.testId))).toEqual([]);
    expect(
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, o.pupil(0).userId))
      ).length,
    ).toBe(1);
  });
});

describe("after a regrade", () => {
  // The choice table the screening compares is the key's: whatever regrades (the results page's
  // regrade, an appeal's decision, a script), the regrade itself screens the test again.
  it("a committed regrade screens a screened test again; a dry run does not", async () => {
    const o = await seeded({ pupils: 30, schools: 2, plant: [{ rate: 0.8, together: true, pairs: 1 }] });
    await screenTest({ testId: o.testId, trigger: "console" });
    const triggers = async () =>
      (await db.select({ trigger: screenings.trigger }).from(screenings).where(eq(screenings.testId, o.testId)).orderBy(screenings.id)).map(
        (s) => s.trigger,
      );
    const before = await triggers();
    const [question] = await selectRows(
      z.object({ id: z.number(), choices: z.array(z.number()), correct: z.number() }),
      db,
      sql.raw(questionsOfTestSql(o.subjectId)),
    );
    const input = {
      questionId: question.id,
      action: "also" as const,
      correctChoiceId: question.choices.find((_, i) => i !== question.correct), // correct: the right choice's index
    };
    const organiser = await organiserId();
    await regrade({ organiserId: organiser, testId: o.testId, input: { ...input, dryRun: true } });
    expect(await triggers()).toEqual(before);
    await regrade({ organiserId: organiser, testId: o.testId, input: { ...input, dryRun: false, reason: "Ikkinchi javob ham to'g'ri" } });
    expect(await triggers()).toEqual([...before, "regrade"]);
  });
});
