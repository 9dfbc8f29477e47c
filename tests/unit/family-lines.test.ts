// What the family's page (and the pupil's result) says that the family would otherwise miss: a
// practice test's appeal period before its close, a pupil off the final list with their place in
// the district and the public list, and the card's receipt (the paid page's next steps: next-steps.test.ts).
import { describe, expect, it } from "vitest";
import { appealsView } from "@/lib/appeals/appeals";
import { db } from "@/lib/db/client";
import { listStatus } from "@/lib/final-list/final";
import { finalise, finalisePreview } from "@/lib/final-list/finalise";
import { receiptOfRegistration } from "@/lib/payments/fiscal";
import { appealPhase, appealsCloseAt } from "@/lib/subject-tests/appeals-deadline";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";
import { taken } from "../support/taken";

setUpDatabase();

const HOUR = 3_600_000;

describe("a practice test's appeal period", () => {
  it("has not begun before the test's close, though the key is shown at the pupil's end", async () => {
    const closedAt = new Date(Date.now() + 2 * HOUR);
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1, closedAt });
    const [pupil] = await taken(o, [[true, false, true]]);
    const now = new Date();
    const view = await appealsView({ guid: pupil.guid }, "uz", now);
    const status = await listStatus(db, o.testId, now);
    expect(view).toMatchObject({ keyShown: true, open: false, phase: "before", opensAt: status?.closedAt.toISOString() });
    expect(view?.closesAt).toBe(status?.appealsCloseAt.toISOString());
    // Once it has closed the period is open, and over after its end.
    const closes = appealsCloseAt({ closedAt: status!.closedAt, appealsCloseAt: null });
    expect((await appealsView({ guid: pupil.guid }, "uz", new Date(closedAt.getTime() + HOUR)))?.phase).toBe("open");
    expect((await appealsView({ guid: pupil.guid }, "uz", new Date(closes.getTime() + 1)))?.phase).toBe("over");
  });

  it("the rule: before the close, open up to its end (inclusive), then over", () => {
    const closedAt = new Date("2026-12-09T12:00:00+05:00");
    const closesAt = new Date("2026-12-16T23:59:59.999+05:00");
    expect(appealPhase({ closedAt, closesAt }, new Date(closedAt.getTime() - 1))).toBe("before");
    expect(appealPhase({ closedAt, closesAt }, closedAt)).toBe("open");
    expect(appealPhase({ closedAt, closesAt }, closesAt)).toBe("open");
    expect(appealPhase({ closedAt, closesAt }, new Date(closesAt.getTime() + 1))).toBe("over");
  });
});

describe("a pupil off the final list", () => {
  it("is told their place in the district, and every family gets the public list's address", async () => {
    const closedAt = new Date(Date.now() + 2 * HOUR);
    const o = await createTestOlympiad({
      counts: { easy: 1, medium: 1, hard: 1 },
      bankPerDifficulty: 1,
      reviewPolicy: ReviewPolicy.AfterClose,
      closedAt,
    });
    // Easy 1, medium 1.5, hard 2.5 points: 5, 4, 3.5, 2.5, 1.5, 1, 0, all in one district.
    const pupils = await taken(o, [
      [true, true, true],
      [false, true, true],
      [true, false, true],
      [false, false, true],
      [false, true, false],
      [true, false, false],
      [false, false, false],
    ]);
    const status = await listStatus(db, o.testId, new Date());
    const after = new Date(status!.appealsCloseAt.getTime() + 1);
    const preview = await finalisePreview(o.testId, after);
    await finalise({ organiserId: await organiserId(), testId: o.testId, expectedTopHash: preview.topHash, now: after });

    const sixth = await appealsView({ guid: pupils[5].guid }, "ru", after);
    expect(sixth?.list).toEqual({
      state: "final",
      since: after.toISOString(),
      secondStage: false,
      announcedAt: null,
      place: { rank: 6, districtName: expect.any(String), top: 5 },
      publicUrl: `/lists/${preview.topHash}?district=1726266`,
    });
    expect((await appealsView({ userId: pupils[6].userId }, "uz", after))?.list.place).toMatchObject({ rank: 7 });
    // On the list: no place to tell, the same public list.
    const fifth = await appealsView({ guid: pupils[4].guid }, "uz", after);
    expect(fifth?.list).toMatchObject({ secondStage: true, place: null, publicUrl: sixth?.list.publicUrl });
  });
});

describe("the card's receipt", () => {
  it("is the card provider's own: said, with no state of ours", async () => {
    const pupil = await createPupil({});
    expect(await receiptOfRegistration(pupil.guid)).toEqual({ state: null, url: null, provider: "card" });
  });
});
