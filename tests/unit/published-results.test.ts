// The published second-stage list is kept when it is published or first read, and read again
// instead of ranked again; whatever changes what it was ranked from drops it, whichever code makes
// the change (the triggers of db/migrations/0021_published_rankings_triggers.sql): the cases here
// change the tables directly, as no domain function in particular.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attempts, publishedRankings, registrations, subjects, users } from "@/db/schema";
import { db, inSnapshot } from "@/lib/db/client";
import { buildExport } from "@/lib/final-list/files";
import { keepRanking, keptRanking, resultsPage } from "@/lib/results/published";
import { allResults } from "@/lib/results/ranking";
import { dataHash, topData } from "@/lib/results/tables";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { EndedBy } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";

setUpDatabase();

const DISTRICT = 1727220; // Toshkent viloyati
const OTHER_DISTRICT = 1727224;
const START = new Date("2025-06-02T05:00:00Z");

type Pupil = { userId: number; attemptId: number };

/** A pupil registered in DISTRICT with an attempt of the test, ended (with `easy` tenths) or running. */
async function pupilOf(testId: number, subjectId: number, name: string, easy: number | null): Promise<Pupil> {
  const [user] = await db
    .insert(users)
    .values({ firstName: name, lastName: "Nashr", districtId: DISTRICT, regionId: 1727, subjectId, phoneNumber: "901234567" })
    .returning({ id: users.id });
  await db
    .insert(registrations)
    .values({ guid: crypto.randomUUID(), userId: user.id, status: 2, amountSom: 75000, districtId: DISTRICT, regionId: 1727 });
  const ended = easy === null ? {} : { endedAt: new Date(START.getTime() + 600_000), endedBy: EndedBy.Pupil, easyScoreTenths: easy };
  const [attempt] = await db
    .insert(attempts)
    .values({ userId: user.id, testId, startedAt: START, deadlineAt: new Date(START.getTime() + 5_400_000), ...ended })
    .returning({ id: attempts.id });
  return { userId: user.id, attemptId: attempt.id };
}

/** A test whose pupils have ended their attempts with these scores (tenths). */
async function olympiad(scores: number[]) {
  const o = await createTestOlympiad();
  const pupils: Pupil[] = [];
  for (const [i, easy] of scores.entries()) pupils.push(await pupilOf(o.testId, o.subjectId, `P${i}`, easy));
  return { ...o, pupils };
}

/** The test's row of published_rankings, if any. */
async function kept(testId: number) {
  const [row] = await db.select().from(publishedRankings).where(eq(publishedRankings.testId, testId));
  return row;
}

/** The state the results page shows, read with its first page. */
const published = async (testId: number, now?: Date) => (await resultsPage({ testId, now })).published;
/** The list's hash ranked now, from nothing kept: what the published state must show. */
const rankedNow = async (testId: number) => dataHash(topData(await allResults({ testId, top: true })));

describe("the published second-stage list", () => {
  it("is kept when first read, and read again instead of ranked again", async () => {
    const o = await olympiad([100, 90, 80]);
    expect(await kept(o.testId)).toBeUndefined();
    const now = new Date("2025-06-03T10:00:00Z");
    const state = await published(o.testId, now);
    expect(state.topHash).toBe(await rankedNow(o.testId));
    expect(await kept(o.testId)).toMatchObject({ topHash: state.topHash, endedAttempts: 3, rankedAt: now, version: 0 });
    expect((await kept(o.testId))?.topRows?.rows).toHaveLength(3);
    // What is kept is what is shown: a hash put in its place by hand is shown as it is.
    await db.update(publishedRankings).set({ topHash: "kept" }).where(eq(publishedRankings.testId, o.testId));
    expect((await published(o.testId)).topHash).toBe("kept");
  });

  it("is published by its export: the console then shows the file's hash without ranking again", async () => {
    const o = await olympiad([100, 90]);
    await buildExport({ testId: o.testId, scope: "all", format: "csv" });
    expect(await kept(o.testId)).toBeUndefined(); // all results are no second-stage list
    const file = (await buildExport({ testId: o.testId, scope: "top5", format: "csv", lang: "ru" }))!;
    expect((await kept(o.testId))?.topHash).toBe(file.contentHash);
    expect((await published(o.testId)).topHash).toBe(file.contentHash);
    expect(file.contentHash).toBe(await rankedNow(o.testId));
  });

  it("the results page's rows and the list it keeps come from one ranking: a filtered page beside the whole list", async () => {
    const o = await olympiad([100, 90, 80, 70, 60, 50, 40]);
    const page = await resultsPage({ testId: o.testId, q: "P6" });
    expect(page.items.map((r) => [r.fullName, r.rank])).toEqual([[expect.stringContaining("P6"), 7]]);
    expect(page.total).toBe(1);
    const list = (await kept(o.testId))?.topRows?.rows ?? [];
    expect(list.map((row) => row[0])).toEqual([1, 2, 3, 4, 5]);
    expect(page.published.topHash).toBe(await rankedNow(o.testId));
    // Read again: the page is ranked, the list is the one kept.
    expect((await resultsPage({ testId: o.testId, page: 2 })).items).toEqual([]);
    expect((await resultsPage({ testId: o.testId, page: 2 })).total).toBe(7);
  });

  it("an attempt that ends outdates it by the count of ended attempts alone: the Finish writes nothing here", async () => {
    const o = await olympiad([100, 90]);
    const before = await published(o.testId);
    const running = await pupilOf(o.testId, o.subjectId, "Keyin", null);
    expect((await kept(o.testId))?.topHash).toBe(before.topHash); // a start changes nothing
    await db
      .update(attempts)
      .set({ endedAt: new Date(START.getTime() + 900_000), endedBy: EndedBy.Pupil, easyScoreTenths: 95 })
      .where(eq(attempts.id, running.attemptId));
    expect(await kept(o.testId)).toMatchObject({ version: 0, topHash: before.topHash });
    const after = await published(o.testId);
    expect(after.topHash).toBe(await rankedNow(o.testId));
    expect(after.topHash).not.toBe(before.topHash);
    expect(await kept(o.testId)).toMatchObject({ endedAttempts: 3, topHash: after.topHash });
  });

  const changes: [string, (o: Awaited<ReturnType<typeof olympiad>>) => Promise<unknown>][] = [
    [
      "an ended attempt re-scored (a regrade)",
      (o) => db.update(attempts).set({ easyScoreTenths: 10 }).where(eq(attempts.id, o.pupils[0].attemptId)),
    ],
    ["an ended attempt reset", (o) => db.update(attempts).set({ resetAt: new Date() }).where(eq(attempts.id, o.pupils[0].attemptId))],
    ["an ended attempt removed", (o) => db.delete(attempts).where(eq(attempts.id, o.pupils[1].attemptId))],
    ["a pupil blocked", (o) => db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, o.pupils[0].userId))],
    ["a pupil renamed", (o) => db.update(users).set({ lastName: "Boshqa" }).where(eq(users.id, o.pupils[1].userId))],
    [
      "a pupil's phone removed (the retention, an erasure)",
      (o) => db.update(users).set({ phoneNumber: null }).where(eq(users.id, o.pupils[1].userId)),
    ],
    [
      "a pupil's registration moved to another district",
      (o) => db.update(registrations).set({ districtId: OTHER_DISTRICT }).where(eq(registrations.userId, o.pupils[1].userId)),
    ],
    ["a pupil's registration removed", (o) => db.delete(registrations).where(eq(registrations.userId, o.pupils[1].userId))],
    [
      "the subject's grade changed",
      (o) =>
        db
          .update(subjects)
          .set({ grade: o.grade + 1 })
          .where(eq(subjects.id, o.subjectId)),
    ],
  ];

  it.each(changes)("%s: what was kept is dropped in the change's transaction, and the next read ranks again", async (_, change) => {
    const o = await olympiad([100, 90]);
    const before = await published(o.testId);
    expect(await kept(o.testId)).toMatchObject({ topHash: before.topHash, version: 0 });
    await change(o);
    // Dropped whole: a removed phone or name is no longer in what is kept either.
    expect(await kept(o.testId)).toMatchObject({ version: 1, topHash: null, topRows: null, endedAttempts: null, rankedAt: null });
    const after = await published(o.testId);
    expect(after.topHash).toBe(await rankedNow(o.testId));
    expect((await kept(o.testId))?.topHash).toBe(after.topHash);
  });

  it("what the list is not ranked from leaves it kept: a sign-in, a payment, extra minutes", async () => {
    const o = await olympiad([100, 90]);
    const before = await published(o.testId);
    const { userId } = o.pupils[0];
    await db.update(users).set({ lastSignInAt: new Date(), extraMinutes: 10 }).where(eq(users.id, userId));
    await db.update(registrations).set({ paidAt: new Date() }).where(eq(registrations.userId, userId));
    expect(await kept(o.testId)).toMatchObject({ version: 0, topHash: before.topHash });
  });

  it("a list ranked before a change is not kept after it, whether or not one was kept before", async () => {
    for (const keptFirst of [false, true]) {
      const o = await olympiad([100, 90]);
      if (keptFirst) await published(o.testId);
      const read = await inSnapshot((tx) => keptRanking(tx, o.testId));
      await db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, o.pupils[0].userId));
      await keepRanking({ ...read, topHash: null }, { keys: [], rows: [] }, "stale", new Date());
      expect((await kept(o.testId))?.topHash).toBeNull();
      expect((await published(o.testId)).topHash).toBe(await rankedNow(o.testId));
    }
  });
});
