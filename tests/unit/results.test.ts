// Results and the second stage: the ranking's rules as tables of cases, recompute equal
// to the stored scores, a regrade's dry run equal to its application, and the exports read back.
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { attemptQuestions, attempts, organiserActions, questionChoices, questions, registrations, tests, users } from "@/db/schema";
import { recompute, regrade } from "@/lib/appeals/rescoring";
import { attemptResult, finishAttempt } from "@/lib/attempts/ending";
import { KEY_LOCK, lockKeyToChange } from "@/lib/attempts/scoring-sql";
import { newAttempt } from "@/lib/attempts/start";
import { getAttempt } from "@/lib/attempts/taking";
import { databaseHandle, db, selectRows } from "@/lib/db/client";
import { buildExport, toCsv, toXlsxStream } from "@/lib/final-list/files";
import { keyHash } from "@/lib/results/key";
import { allResults, listResults } from "@/lib/results/ranking";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { createTestOlympiad, type TestOlympiad } from "@/lib/testing/olympiad";
import { EndedBy } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";
import { taken } from "../support/taken";

setUpDatabase();

// Two districts of Toshkent viloyati (1727) and one of Samarqand (1718) from the SOATO data.
const A = 1727220;
const B = 1727224;
const C = 1718203;
const regionOf = (district: number) => Math.floor(district / 1000);

type Row = {
  name: string;
  district?: number;
  /** Tenths of a point per part. */
  easy?: number;
  medium?: number;
  hard?: number;
  seconds?: number;
  blocked?: boolean;
  reset?: boolean;
};

const START = new Date("2025-06-02T05:00:00Z");

/** Ended attempts with these scores, written straight into the tables (the ranking reads only them). */
async function seed(o: TestOlympiad, rows: Row[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const r of rows) {
    const district = r.district ?? A;
    const [user] = await db
      .insert(users)
      .values({
        firstName: r.name,
        lastName: "Sinov",
        districtId: district,
        regionId: regionOf(district),
        grade: o.grade,
        subjectId: o.subjectId,
        phoneNumber: "901234567",
        blockedAt: r.blocked ? START : null,
      })
      .returning({ id: users.id });
    await db.insert(registrations).values({
      guid: crypto.randomUUID(),
      userId: user.id,
      status: 2,
      amountSom: 75000,
      districtId: district,
      regionId: regionOf(district),
    });
    await db.insert(attempts).values({
      userId: user.id,
      testId: o.testId,
      startedAt: START,
      deadlineAt: new Date(START.getTime() + 90 * 60_000),
      endedAt: new Date(START.getTime() + (r.seconds ?? 600) * 1000),
      endedBy: EndedBy.Pupil,
      easyScoreTenths: r.easy ?? 0,
      mediumScoreTenths: r.medium ?? 0,
      hardScoreTenths: r.hard ?? 0,
      resetAt: r.reset ? START : null,
    });
    ids.set(r.name, user.id);
  }
  return ids;
}

async function ranking(rows: Row[]) {
  const o = await createTestOlympiad();
  await seed(o, rows);
  const results = await allResults({ testId: o.testId });
  return { o, results, of: (name: string) => results.find((r) => r.fullName.startsWith(`Sinov ${name}`))! };
}

const total = (points: number): Row => ({ name: "", easy: points * 10 });

/** Until some session waits on the advisory lock of this test's key (KEY_LOCK, the test's id). */
async function waitForKeyLockWaiter(testId: number): Promise<void> {
  const waiting = async () => {
    const [row] = await selectRows(
      z.object({ waiting: z.number() }),
      db,
      sql`select count(*)::int as waiting from pg_locks
          where locktype = 'advisory' and not granted and classid = ${KEY_LOCK}::oid and objid = ${testId}::oid`,
    );
    return row.waiting;
  };
  await expect.poll(waiting, { message: "the Finish waits on the key's lock", interval: 10, timeout: 20_000 }).toBeGreaterThan(0);
}

describe("the ranking (per district × grade × subject)", () => {
  it.each([
    {
      case: "ties at the cut: everyone tied at 5th place goes, and the list says so",
      rows: [50, 45, 40, 35, 30, 30, 20].map((p, i) => ({ ...total(p), name: `p${i}` })),
      ranks: [1, 2, 3, 4, 5, 5, 7],
      inTop: [true, true, true, true, true, true, false],
      tie: { rank: 5, pupils: 2 },
    },
    {
      case: "a tie across the cut below 5th: ranks 1, 2, 3, 3, 3, 3 all go",
      rows: [50, 45, 40, 40, 40, 40, 10].map((p, i) => ({ ...total(p), name: `p${i}` })),
      ranks: [1, 2, 3, 3, 3, 3, 7],
      inTop: [true, true, true, true, true, true, false],
      tie: { rank: 3, pupils: 4 },
    },
    {
      case: "everyone equal: all share 1st place and all go",
      rows: Array.from({ length: 8 }, (_, i) => ({ ...total(20), name: `p${i}` })),
      ranks: [1, 1, 1, 1, 1, 1, 1, 1],
      inTop: Array(8).fill(true),
      tie: { rank: 1, pupils: 8 },
    },
    {
      case: "a district of three: all three go, no tie note",
      rows: [10, 30, 20].map((p, i) => ({ ...total(p), name: `p${i}` })),
      ranks: [3, 1, 2],
      inTop: [true, true, true],
      tie: null,
    },
    {
      case: "exactly five within the cut: the sixth is out, no tie note",
      rows: [50, 40, 40, 30, 20, 10].map((p, i) => ({ ...total(p), name: `p${i}` })),
      ranks: [1, 2, 2, 4, 5, 6],
      inTop: [true, true, true, true, true, false],
      tie: null,
    },
    {
      case: "equal totals: the hard part, then the medium part, then less time decide",
      rows: [
        { name: "p0", easy: 50, medium: 0, hard: 250, seconds: 900 }, // hard 25: first
        { name: "p1", easy: 50, medium: 150, hard: 100, seconds: 200 }, // hard 10, medium 15, slower
        { name: "p2", easy: 50, medium: 150, hard: 100, seconds: 100 }, // same, faster
        { name: "p3", easy: 50, medium: 150, hard: 100, seconds: 100 }, // equal to p2 in everything
        { name: "p4", easy: 150, medium: 100, hard: 50, seconds: 10 }, // hard 5: last of the 30s
      ],
      ranks: [1, 4, 2, 2, 5],
      inTop: [true, true, true, true, true],
      tie: null,
    },
  ])("$case", async ({ rows, ranks, inTop, tie }) => {
    const { of } = await ranking(rows);
    expect(rows.map((r) => of(r.name).rank)).toEqual(ranks);
    expect(rows.map((r) => of(r.name).inTop5)).toEqual(inTop);
    expect(of(rows[0].name).tieAtCut).toEqual(tie);
  });

  it("a few attempts' rows keep the places they have among the whole test, and their district's tie", async () => {
    const { o, of } = await ranking([50, 45, 40, 35, 30, 30, 20].map((p, i) => ({ ...total(p), name: `p${i}` })));
    const [fifth, last] = [of("p5"), of("p6")];
    const some = await allResults({ testId: o.testId, attemptIds: [last.attemptId, fifth.attemptId] });
    expect(some.map((r) => [r.attemptId, r.rank, r.inTop5, r.tieAtCut])).toEqual([
      [fifth.attemptId, 5, true, { rank: 5, pupils: 2 }],
      [last.attemptId, 7, false, { rank: 5, pupils: 2 }],
    ]);
  });

  it("time is compared in whole seconds, as the pupil's result shows it", async () => {
    const { of } = await ranking([
      { name: "a", easy: 100, seconds: 100.2 },
      { name: "b", easy: 100, seconds: 100.4 },
      { name: "c", easy: 100, seconds: 101 },
    ]);
    expect([of("a").rank, of("b").rank, of("c").rank]).toEqual([1, 1, 3]);
    expect(of("c").timeSpent).toBe(101);
  });

  it("districts rank apart; blocked pupils and reset attempts are listed with a note and not ranked", async () => {
    const { of } = await ranking([
      { name: "a1", district: A, easy: 100 },
      { name: "a2", district: A, easy: 90, blocked: true },
      { name: "a3", district: A, easy: 80 },
      { name: "a4", district: A, easy: 95, reset: true },
      { name: "b1", district: B, easy: 10 },
      { name: "c1", district: C, easy: 5 },
    ]);
    expect([of("a1").rank, of("a3").rank, of("b1").rank, of("c1").rank]).toEqual([1, 2, 1, 1]);
    expect(of("a2")).toMatchObject({ rank: null, inTop5: false, excluded: "blocked" });
    expect(of("a4")).toMatchObject({ rank: null, inTop5: false, excluded: "reset" });
    expect(of("c1").regionId).toBe(1718);
  });

  it("the district at registration counts, not a later profile change", async () => {
    const { o, of } = await ranking([
      { name: "a1", district: A, easy: 100 },
      { name: "a2", district: A, easy: 90 },
      { name: "b1", district: B, easy: 50 },
    ]);
    // a2 moves to district B in the profile after the test: still ranked in A.
    await db
      .update(users)
      .set({ districtId: B })
      .where(eq(users.id, of("a2").userId));
    const again = await allResults({ testId: o.testId });
    const a2 = again.find((r) => r.userId === of("a2").userId)!;
    expect(a2).toMatchObject({ districtId: A, rank: 2 });
  });

  it("a test with no ended attempts has no results; running attempts are counted as not ended", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await createPupil({ subjectId: o.subjectId });
    await newAttempt({ userId: pupil.userId, pinCode: o.pinCode });
    expect(await listResults({ testId: o.testId })).toEqual({ items: [], total: 0, notEnded: 1 });
  });

  it("results filter by district and by name, paged on the server", async () => {
    const { o } = await ranking([
      { name: "Olim", district: A, easy: 100 },
      { name: "Bobur", district: A, easy: 90 },
      { name: "Dilnoza", district: B, easy: 80 },
    ]);
    const inB = await listResults({ testId: o.testId, districtId: B });
    expect(inB.items.map((r) => r.fullName)).toEqual(["Sinov Dilnoza"]);
    expect(inB.total).toBe(1);
    const named = await listResults({ testId: o.testId, q: "bob" });
    expect(named.items.map((r) => [r.fullName, r.rank])).toEqual([["Sinov Bobur", 2]]);
  });
});

// ─── Recompute and regrade, on real attempts ────────────────────────────────

describe("recompute", () => {
  it("re-derives every stored score from the answers and the key: no differences, until a score is tampered with", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
    const pupils = await taken(o, [
      [true, true, true],
      [true, false, null],
      [null, null, null],
      [false, true, true],
    ]);
    const clean = await recompute({ testId: o.testId });
    expect(clean.checked).toBe(4);
    expect(clean.differences).toEqual([]);
    await db.update(attempts).set({ hardScoreTenths: 250 }).where(eq(attempts.id, pupils[2].attemptId));
    const tampered = await recompute({ testId: o.testId });
    expect(tampered.differences).toEqual([
      {
        attemptId: pupils[2].attemptId,
        userId: pupils[2].userId,
        stored: { easyScore: 0, mediumScore: 0, hardScore: 25 },
        recomputed: { easyScore: 0, mediumScore: 0, hardScore: 0 },
      },
    ]);
  });
});

describe("regrade", () => {
  // One question per difficulty, one of each in the bank: every pupil draws the same three.
  async function olympiad() {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
    const pupils = await taken(o, [
      [true, true, false], // 2.5
      [true, false, true], // 3.5
      [false, false, false], // 0
    ]);
    return { o, pupils, hard: pupils[0].drawn[2] };
  }

  it("a dry run reports who moves and changes nothing; applying gives the very same changes, audited", async () => {
    const { o, pupils, hard } = await olympiad();
    const organiser = await organiserId();
    const keyBefore = await keyHash(o.testId);
    // The hard question's key was wrong: the choice pupils 0 and 2 picked is the right one.
    const input = { questionId: hard.questionId, action: "key" as const, correctChoiceId: hard.wrong[0], dryRun: true };
    const dry = await regrade({ organiserId: organiser, testId: o.testId, input });
    const moved = (report: typeof dry) =>
      Object.fromEntries(report.changes.map((c) => [c.userId, [c.oldScore, c.newScore, c.oldRank, c.newRank]]));
    expect(moved(dry)).toEqual({
      [pupils[0].userId]: [2.5, 5, 2, 1],
      [pupils[1].userId]: [3.5, 1, 1, 3],
      [pupils[2].userId]: [0, 2.5, 3, 2],
    });
    expect(await keyHash(o.testId)).toBe(keyBefore);
    expect((await attemptResult({ userId: pupils[0].userId, attemptId: pupils[0].attemptId })).hardScore).toBe(0);

    const applied = await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { ...input, dryRun: false, reason: "Kalit xato edi" },
    });
    expect(applied.changes).toEqual(dry.changes);
    expect(applied.newKeyHash).toBe(dry.newKeyHash);
    expect(await keyHash(o.testId)).not.toBe(keyBefore);
    // The pupil's own result follows, and the stored scores are what the answers now give.
    expect((await attemptResult({ userId: pupils[0].userId, attemptId: pupils[0].attemptId })).hardScore).toBe(2.5);
    // Its review says the key changed, on that question only, for each pupil whose score it moved.
    const review = await getAttempt({ userId: pupils[0].userId, attemptId: pupils[0].attemptId });
    const changed = review.questions.filter((q) => q.keyChanged).map((q) => q.questionNumber);
    expect(changed).toHaveLength(1);
    expect(review.questions.find((q) => q.keyChanged)?.isAnswerCorrect).toBe(true);
    expect((await recompute({ testId: o.testId })).differences).toEqual([]);
    const [entry] = await db
      .select()
      .from(organiserActions)
      .where(and(eq(organiserActions.action, "test.regrade"), eq(organiserActions.targetId, o.testId)))
      .orderBy(organiserActions.id);
    expect(entry).toMatchObject({ targetId: o.testId, reason: "Kalit xato edi" });
    expect(JSON.parse(entry.details!).changes).toContainEqual({
      userId: pupils[0].userId,
      oldScore: 2.5,
      newScore: 5,
      oldRank: 2,
      newRank: 1,
    });
  });

  it("voids a question: its points to everyone who drew it, or to nobody", async () => {
    const { o, pupils, hard } = await olympiad();
    const organiser = await organiserId();
    const all = await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: hard.questionId, action: "void", voidAwards: "all", dryRun: false, reason: "Savol buzilgan" },
    });
    // Pupil 1 answered it right and keeps 3.5, but is now second: a change of rank is a change too.
    expect(Object.fromEntries(all.changes.map((c) => [c.userId, [c.newScore, c.newRank]]))).toEqual({
      [pupils[0].userId]: [5, 1],
      [pupils[1].userId]: [3.5, 2],
      [pupils[2].userId]: [2.5, 3],
    });
    const none = await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: hard.questionId, action: "void", voidAwards: "none", dryRun: true },
    });
    expect(Object.fromEntries(none.changes.map((c) => [c.userId, c.newScore]))).toEqual({
      [pupils[0].userId]: 2.5,
      [pupils[1].userId]: 1,
      [pupils[2].userId]: 0,
    });
    expect((await recompute({ testId: o.testId })).differences).toEqual([]);
  });

  it("an attempt that ends while the key is being changed waits, and is scored with the new key", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
    const pupil = await createPupil({ subjectId: o.subjectId });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode });
    const [hard] = await db
      .select({ id: attemptQuestions.id, questionId: attemptQuestions.questionId })
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.number, 3)));
    const [wrong] = await db
      .select()
      .from(questionChoices)
      .where(and(eq(questionChoices.questionId, hard.questionId), eq(questionChoices.isCorrect, false)));
    await db.update(attemptQuestions).set({ answerChoiceId: wrong.id }).where(eq(attemptQuestions.id, hard.id));
    let finishing: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await lockKeyToChange(tx, o.testId);
      finishing = finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true });
      // On PostgreSQL the Finish runs on a connection of its own: the key is changed only once it
      // waits on the key's lock (pg_locks), so the race is tested, never assumed. The embedded
      // database has one connection, and the Finish waits for this transaction by construction.
      if (databaseHandle().kind === "postgres") await waitForKeyLockWaiter(o.testId);
      await tx
        .update(questionChoices)
        .set({ isCorrect: sql`${questionChoices.id} = ${wrong.id}` })
        .where(eq(questionChoices.questionId, hard.questionId));
    });
    await finishing;
    const [ended] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(ended.hardScoreTenths).toBe(25);
  });

  it("applying is refused when the key changed after the dry run the organiser saw", async () => {
    const { o, hard } = await olympiad();
    const organiser = await organiserId();
    const dry = await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: hard.questionId, action: "void", voidAwards: "all", dryRun: true },
    });
    await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: hard.questionId, action: "key", correctChoiceId: hard.wrong[0], dryRun: false, reason: "Boshqa tashkilotchi" },
    });
    await expect(
      regrade({
        organiserId: organiser,
        testId: o.testId,
        input: {
          questionId: hard.questionId,
          action: "void",
          voidAwards: "all",
          dryRun: false,
          reason: "Eski sinov",
          expectedKeyHash: dry.oldKeyHash,
        },
      }),
    ).rejects.toMatchObject({ code: 4011 });
  });

  it("a voided question: the pupil's review follows the void, and it is never drawn again", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 2 });
    const [pupil] = await taken(o, [[true, true, false]]);
    const hard = pupil.drawn[2];
    await regrade({
      organiserId: await organiserId(),
      testId: o.testId,
      input: { questionId: hard.questionId, action: "void", voidAwards: "all", dryRun: false, reason: "Savol buzilgan" },
    });
    const review = await getAttempt({ userId: pupil.userId, attemptId: pupil.attemptId });
    expect(review.questions[2].isAnswerCorrect).toBe(true);
    // The review says it is void (the card and the grid say so), and the others are not.
    expect(review.questions.map((q) => [q.voided, q.keyChanged])).toEqual([
      [null, false],
      [null, false],
      ["all", false],
    ]);
    for (let i = 0; i < 4; i++) {
      const other = await createPupil({ subjectId: o.subjectId });
      const { attemptId } = await newAttempt({ userId: other.userId, pinCode: o.pinCode });
      const drawn = await db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, attemptId));
      expect(drawn.map((d) => d.questionId)).not.toContain(hard.questionId);
    }
  });

  it("a test's points cannot change once a pupil has started (stored scores would disagree)", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
    await taken(o, [[true, true, true]]);
    const [test] = await db.select().from(tests).where(eq(tests.id, o.testId));
    const settings = {
      openedAt: test.openedAt.toISOString(),
      closedAt: test.closedAt.toISOString(),
      pinCode: test.pinCode,
      easyCount: 1,
      mediumCount: 1,
      hardCount: 1,
    };
    const save = async (points: { easyPoints: number; mediumPoints: number; hardPoints: number }) =>
      upsertSubjectTest({ subjectId: o.subjectId, settings: { ...settings, ...points }, organiserId: await organiserId() });
    await expect(save({ easyPoints: 2, mediumPoints: 1.5, hardPoints: 1.5 })).rejects.toMatchObject({ code: 4010 });
    await expect(save({ easyPoints: 1, mediumPoints: 1.5, hardPoints: 2.5 })).resolves.toBeTruthy();
  });

  it("a test's counts cannot change once a pupil has started, refused as the points are (the papers taken would disagree)", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 2 });
    await taken(o, [[true, true, true]]);
    const [test] = await db.select().from(tests).where(eq(tests.id, o.testId));
    const points = { easyPoints: 1, mediumPoints: 1.5, hardPoints: 2.5 };
    const save = async (counts: { easyCount: number; mediumCount: number; hardCount: number }, pinCode = test.pinCode) =>
      upsertSubjectTest({
        subjectId: o.subjectId,
        settings: { openedAt: test.openedAt.toISOString(), closedAt: test.closedAt.toISOString(), pinCode, ...counts, ...points },
        organiserId: await organiserId(),
      });
    await expect(save({ easyCount: 2, mediumCount: 2, hardCount: 1 })).rejects.toMatchObject({ status: 400, code: 4010 });
    const [after] = await db.select().from(tests).where(eq(tests.id, o.testId));
    expect([after.easyCount, after.mediumCount, after.hardCount]).toEqual([1, 1, 1]);
    // The same counts with another change (the PIN) are saved.
    await expect(save({ easyCount: 1, mediumCount: 1, hardCount: 1 }, "97531")).resolves.toMatchObject({ pinCode: "97531" });
  });

  it("refuses a question of another subject and a choice of another question, changing nothing", async () => {
    const { o, hard } = await olympiad();
    const other = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
    const [foreign] = await db.select().from(questions).where(eq(questions.subjectId, other.subjectId));
    const organiser = await organiserId();
    const attempt = (input: Parameters<typeof regrade>[0]["input"]) => regrade({ organiserId: organiser, testId: o.testId, input });
    await expect(attempt({ questionId: foreign.id, action: "void", voidAwards: "all", dryRun: true })).rejects.toMatchObject({
      status: 422,
      validationErrors: { questionId: ["Invalid"] },
    });
    const [foreignChoice] = await db.select().from(questionChoices).where(eq(questionChoices.questionId, foreign.id));
    await expect(
      attempt({ questionId: hard.questionId, action: "key", correctChoiceId: foreignChoice.id, dryRun: false, reason: "x y z" }),
    ).rejects.toMatchObject({
      status: 422,
      validationErrors: { correctChoiceId: ["Invalid"] },
    });
  });
});

// ─── Exports ────────────────────────────────────────────────────────────────

describe("exports", () => {
  async function exported() {
    const o = await createTestOlympiad({ closedAt: new Date(Date.now() - 60_000), openedAt: new Date(Date.now() - 3_600_000) });
    const ids = await seed(o, [
      { name: "Oʻgʻiloy", easy: 100 },
      { name: "Гулнора", easy: 90 },
      { name: '=HYPERLINK("http://x")', easy: 80 },
      { name: "-Ali", easy: 70 },
      { name: "Beshinchi", easy: 60 },
      { name: "Oltinchi", easy: 60 },
      { name: "Yettinchi", easy: 10 },
    ]);
    return { o, ids };
  }

  it("CSV: a BOM, the info line with both hashes (the list's of its data: tests/unit/local-names.test.ts), formula-safe cells", async () => {
    const { o } = await exported();
    const file = (await buildExport({ testId: o.testId, scope: "top5", format: "csv" }))!;
    const csv = toCsv(file);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [info, header, ...rows] = parse(csv.slice(1), { relax_column_count: true }) as string[][];
    expect(info).toContain(`Kalit SHA-256: ${await keyHash(o.testId)}`);
    // Closed, every attempt ended: still provisional, since the close, until the organiser finalises it (tests/unit/appeals.test.ts).
    expect(info.filter((cell) => /^DASTLABKI \(\d\d\.\d\d\.\d{4} \d\d:\d\d dan\): ro'yxat hali yakunlanmagan$/.test(cell))).toHaveLength(1);
    expect(file.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(info).toContain(`Ro'yxat ma'lumotlari SHA-256: ${file.contentHash}`);
    expect(header.slice(0, 2)).toEqual(["O'rin", "F.I.Sh."]);
    // Six go: 5th place is shared, and the file says so.
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ["1", "Sinov Oʻgʻiloy"],
      ["2", "Sinov Гулнора"],
      ["3", 'Sinov =HYPERLINK("http://x")'],
      ["4", "Sinov -Ali"],
      ["5", "Sinov Beshinchi"],
      ["5", "Sinov Oltinchi"],
    ]);
    expect(rows[4].at(-1)).toBe("5-o'rin uchun teng natija: 2 nafar");
    // The language of study is a column (the ranking is one list across languages).
    expect(header[7]).toBe("Ta'lim tili");
    expect(rows[0][7]).toBe("O'zbek");
    expect(rows[0][9]).toBe("90 123 45 67");
  });

  it("CSV guards a cell that starts with =, +, - or @", async () => {
    const o = await createTestOlympiad();
    await seed(o, [{ name: "x", easy: 10 }]);
    await db.update(users).set({ lastName: "=cmd|' /C calc'!A0" }).where(eq(users.firstName, "x"));
    await db.update(users).set({ lastName: "@SUM(1)" }).where(eq(users.firstName, "x"));
    const csv = toCsv((await buildExport({ testId: o.testId, scope: "all", format: "csv" }))!);
    const [, , row] = parse(csv.slice(1), { relax_column_count: true }) as string[][];
    expect(row[1]).toBe("'@SUM(1) x");
  });

  it("XLSX read back with exceljs: the same info line, header and rows as the CSV", async () => {
    const { o } = await exported();
    const file = (await buildExport({ testId: o.testId, scope: "all", format: "xlsx" }))!;
    const bytes = Buffer.from(await new Response(toXlsxStream(file)).arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Natijalar")!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(file.info);
    expect(values(2)).toEqual(file.header);
    expect(sheet.rowCount).toBe(2 + 7);
    expect(values(3).slice(0, 2)).toEqual([1, "Sinov Oʻgʻiloy"]);
    expect(values(3)[12]).toBe(10);
  });

  it("the summary per region and district: pupils, mean, median and the cut-off score", async () => {
    const o = await createTestOlympiad();
    await seed(o, [
      { name: "a1", district: A, easy: 100 },
      { name: "a2", district: A, easy: 80 },
      { name: "a3", district: A, easy: 30 },
      { name: "b1", district: B, easy: 50 },
      { name: "c1", district: C, easy: 20, blocked: true },
    ]);
    const file = (await buildExport({ testId: o.testId, scope: "summary", format: "csv" }))!;
    const byPlace = Object.fromEntries(file.rows.map((r) => [`${r[2]}/${r[3]}`, r.slice(4, 9)]));
    expect(Object.keys(byPlace)).toHaveLength(3);
    const [districtA, districtB, region] = file.rows;
    expect(districtA.slice(4, 9)).toEqual([3, 7, 8, 3, 3]);
    expect(districtB.slice(4, 9)).toEqual([1, 5, 5, 5, 1]);
    expect(region.slice(3, 9)).toEqual(["Viloyat bo'yicha jami", 4, 6.5, 6.5, "", 4]);
  });

  it("an export of a test still open is marked provisional, in the file and its name", async () => {
    const o = await createTestOlympiad();
    await seed(o, [{ name: "x", easy: 10 }]);
    const file = (await buildExport({ testId: o.testId, scope: "top5", format: "csv" }))!;
    expect(file.provisional).toBe(true);
    expect(file.info.filter((cell) => cell.startsWith("DASTLABKI ("))).toHaveLength(1);
    expect(file.fileName).toMatch(/_dastlabki_[0-9a-f]{12}\.csv$/);
  });
});
