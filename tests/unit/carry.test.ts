// The next season from this one: the layout, each test's settings with its dates on and the bank carried
// over; the items pupils saw with their key are exposed, left out of the new papers unless kept
// on purpose, and a carry whose fresh items cannot fill a test is refused unless told otherwise.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organiserActions, questionChoices, questions, readingTexts, seasons, subjects, tests } from "@/db/schema";
import { drawPaper } from "@/lib/attempts/papers";
import { db } from "@/lib/db/client";
import { keepExposed } from "@/lib/questions/bank";
import { bankExposure, carryOver } from "@/lib/seasons/carry";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { ErrorCode } from "@/shared/http/contract";
import { shortCells } from "@/shared/seasons/exposure";
import { setUpDatabase } from "../support/database";
import { organiserId as theOrganiser } from "../support/organiser";
import { taken } from "../support/taken";

setUpDatabase();

/** A season of its own, the one after it, and an olympiad in it that one pupil took (its key shown at the end). */
async function takenSeason() {
  // A year long ago and one far ahead that no season holds yet (a database may be run on again):
  // the first closed, the next one open, as the season after the current one is.
  const held = new Set((await db.select({ year: seasons.year }).from(seasons)).map((s) => s.year));
  const free = (from: number) => {
    let year = from;
    while (held.has(year)) year += 1;
    return year;
  };
  const year = free(1902);
  const nextYear = free(2200);
  const [season] = await db
    .insert(seasons)
    .values({ year, title: String(year), registrationOpens: `${year}-05-12`, registrationCloses: `${year}-05-31`, feeSom: 75_000 })
    .returning();
  const [next] = await db
    .insert(seasons)
    .values({
      year: nextYear,
      title: String(nextYear),
      registrationOpens: `${nextYear}-05-12`,
      registrationCloses: `${nextYear}-05-31`,
      feeSom: 80_000,
    })
    .returning();
  // Four items per difficulty, three drawn: the pupil sees three with their key, one stays fresh.
  const o = await createTestOlympiad({
    bankPerDifficulty: 4,
    counts: { easy: 3, medium: 3, hard: 3 },
    reviewPolicy: ReviewPolicy.AfterEnd,
  });
  const [pupil] = await taken(o, [[true, false, true, null, true, true, false, true, true]]);
  await db.update(subjects).set({ seasonId: season.id }).where(eq(subjects.id, o.subjectId));
  return { from: season.id, to: next.id, years: nextYear - year, o, seen: new Set(pupil.drawn.map((d) => d.questionId)) };
}

describe("the next season from this one", () => {
  it("shows per subject how many items are fresh and how many exposed, and where the fresh cannot fill the test", async () => {
    const { from, o } = await takenSeason();
    const [mine] = (await bankExposure(from)).filter((s) => s.subjectId === o.subjectId);
    expect(mine.needed).toEqual([3, 3, 3]);
    expect(mine.languages).toEqual([{ language: 0, items: [1, 2, 3].map(() => ({ fresh: 1, exposed: 3 })) }]);
    expect(shortCells(mine).map((c) => [c.difficulty, c.fresh, c.needed])).toEqual([
      [1, 1, 3],
      [2, 1, 3],
      [3, 1, 3],
    ]);
    // Fresh enough, or nothing exposed to help: not short.
    expect(shortCells({ ...mine, needed: [1, 1, 1] })).toEqual([]);
    expect(shortCells({ ...mine, languages: [{ language: 0, items: [1, 2, 3].map(() => ({ fresh: 1, exposed: 0 })) }] })).toEqual([]);
  });

  it("is refused where fresh items cannot fill a test, naming the place, and nothing is copied", async () => {
    const { from, to, years, o } = await takenSeason();
    const refusal = db.transaction((tx) => carryOver(tx, { from, to, years, useExposed: false }));
    await expect(refusal).rejects.toMatchObject({ status: 400, code: ErrorCode.FreshItemsShort });
    await expect(refusal).rejects.toThrow(`${o.grade}-sinf`);
    expect(await db.select().from(subjects).where(eq(subjects.seasonId, to))).toEqual([]);
  });

  it("copies the layout, each test's settings with its dates on and the bank; papers draw fresh and kept items only", async () => {
    const { from, to, years, o, seen } = await takenSeason();
    const carried = await db.transaction((tx) => carryOver(tx, { from, to, years, useExposed: true }));
    // 12 items, the 9 seen exposed; 2 of them per difficulty kept, to fill 3 beside the 1 fresh.
    expect(carried).toEqual({ tests: 1, questions: 12, exposed: 9, kept: 6 });

    const [subject] = await db.select().from(subjects).where(eq(subjects.seasonId, to));
    const [old] = await db.select().from(tests).where(eq(tests.id, o.testId));
    const [made] = await db.select().from(tests).where(eq(tests.subjectId, subject.id));
    expect(made).toMatchObject({
      stage: old.stage,
      durationMinutes: old.durationMinutes,
      easyCount: 3,
      mediumCount: 3,
      hardCount: 3,
      easyPointsTenths: old.easyPointsTenths,
      hardPointsTenths: old.hardPointsTenths,
      reviewPolicy: old.reviewPolicy,
      checkInMinutes: old.checkInMinutes,
      certificateDate: null,
      appealsCloseAt: null,
    });
    const yearOn = (day: Date) => new Date(new Date(day).setUTCFullYear(day.getUTCFullYear() + years)).getTime();
    expect(made.openedAt.getTime()).toBe(yearOn(old.openedAt));
    expect(made.closedAt.getTime()).toBe(yearOn(old.closedAt));
    expect(made.pinCode).toMatch(/^\d{6}$/);

    const copies = await db.select().from(questions).where(eq(questions.subjectId, subject.id));
    expect(copies.every((q) => q.carriedFrom !== null)).toBe(true);
    expect(
      copies
        .filter((q) => q.seenBy > 0)
        .map((q) => q.carriedFrom)
        .sort(),
    ).toEqual([...seen].sort());
    // Each copy has its original's words and choices (the key too) and a passage of its own season.
    const originals = await db.select().from(questions).where(eq(questions.subjectId, o.subjectId));
    const choicesOf = async (ids: number[]) => db.select().from(questionChoices).where(inArray(questionChoices.questionId, ids));
    const [oldChoices, newChoices] = await Promise.all([choicesOf(originals.map((q) => q.id)), choicesOf(copies.map((q) => q.id))]);
    for (const copy of copies) {
      const original = originals.find((q) => q.id === copy.carriedFrom)!;
      expect(copy.texts).toEqual(original.texts);
      const key = (choices: typeof oldChoices, id: number) =>
        choices
          .filter((c) => c.questionId === id)
          .map((c) => [c.position, c.isCorrect, c.texts])
          .sort();
      expect(key(newChoices, copy.id)).toEqual(key(oldChoices, original.id));
    }
    const passages = await db.select().from(readingTexts).where(eq(readingTexts.subjectId, subject.id));
    expect(passages.length).toBeGreaterThan(0);
    expect(copies.filter((q) => q.readingTextId !== null).every((q) => passages.some((p) => p.id === q.readingTextId))).toBe(true);

    // The drawable bank is exactly the fresh items and the kept ones: every paper draws all of them.
    const drawable = copies.filter((q) => q.seenBy === 0 || q.keptExposed).map((q) => q.id);
    expect(drawable).toHaveLength(9);
    const paper = await drawPaper(made, 0);
    expect(paper.map(([id]) => id).sort()).toEqual(drawable.sort());

    // An exposed item left out, kept on purpose: from then on it is drawable; a fresh one has nothing to keep.
    const organiserId = await theOrganiser();
    const [leftOut] = copies.filter((q) => q.seenBy > 0 && !q.keptExposed);
    await keepExposed({ organiserId, questionId: leftOut.id, kept: true, reason: "Savol qayta yozildi" });
    const [now] = await db.select().from(questions).where(eq(questions.id, leftOut.id));
    expect(now.keptExposed).toBe(true);
    const [audited] = await db
      .select()
      .from(organiserActions)
      .where(
        and(
          eq(organiserActions.action, "question.keepExposed"),
          eq(organiserActions.targetId, leftOut.id),
          isNotNull(organiserActions.reason),
        ),
      );
    expect(audited.reason).toBe("Savol qayta yozildi");
    const [fresh] = copies.filter((q) => q.seenBy === 0);
    await expect(keepExposed({ organiserId, questionId: fresh.id, kept: true, reason: "Sinov" })).rejects.toMatchObject({ status: 409 });
    // In the season the items came from (closed), nothing is kept or left out.
    const [original] = originals.filter((q) => seen.has(q.id));
    await expect(keepExposed({ organiserId, questionId: original.id, kept: true, reason: "Sinov" })).rejects.toMatchObject({
      code: ErrorCode.SeasonClosed,
    });
  });
});
