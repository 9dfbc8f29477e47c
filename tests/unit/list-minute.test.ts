// The list's minute: the rule and its SQL twin on the same cases, and every family-facing read of a
// final list (the pupil's and the family's result, the certificate's second-stage line, the chat-bot's
// secondStage, the public check) kept to it to the millisecond while the console sees the list
// marked "not public yet"; the minute set ahead, moved, and never moved once the list is public.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { organiserActions, tests } from "@/db/schema";
import { appealsView } from "@/lib/appeals/appeals";
import { db, selectRows } from "@/lib/db/client";
import { finalListByHash, listStatus, secondStageOf } from "@/lib/final-list/final";
import { finalise, finalisePreview } from "@/lib/final-list/finalise";
import { setResultsMinute } from "@/lib/final-list/minute";
import { announcedMinute, listIsPublic, listPublicSql } from "@/lib/final-list/public";
import { appealsCloseAt } from "@/lib/subject-tests/appeals-deadline";
import { ErrorCode } from "@/shared/http/contract";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { threeTaken } from "../support/taken";

setUpDatabase();

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

describe("the rule of the list's minute", () => {
  const now = at("2026-06-20T10:00:00+05:00");
  const cases: { finalisedAt: Date | null; resultsAt: Date | null; public: boolean }[] = [
    { finalisedAt: null, resultsAt: null, public: false },
    { finalisedAt: null, resultsAt: at("2026-06-20T09:00:00+05:00"), public: false },
    { finalisedAt: at("2026-06-18T12:00:00+05:00"), resultsAt: null, public: true },
    { finalisedAt: at("2026-06-18T12:00:00+05:00"), resultsAt: new Date(now.getTime() + 1), public: false },
    { finalisedAt: at("2026-06-18T12:00:00+05:00"), resultsAt: now, public: true },
    { finalisedAt: at("2026-06-18T12:00:00+05:00"), resultsAt: new Date(now.getTime() - 1), public: true },
  ];

  it("is public once final and its minute has come, in TypeScript and in SQL alike", async () => {
    for (const c of cases) {
      expect(listIsPublic(c, now), JSON.stringify(c)).toBe(c.public);
      const [row] = await selectRows(
        z.object({ public: z.boolean() }),
        db,
        sql`select ${listPublicSql(
          {
            finalisedAt: sql`${c.finalisedAt?.toISOString() ?? null}::timestamptz`,
            resultsAt: sql`${c.resultsAt?.toISOString() ?? null}::timestamptz`,
          },
          now,
        )} as public`,
      );
      expect(row.public, JSON.stringify(c)).toBe(c.public);
    }
  });

  it("announces a minute only while it is still to come", () => {
    expect(announcedMinute(null, now)).toBeNull();
    expect(announcedMinute(new Date(now.getTime() + 1), now)).toEqual(new Date(now.getTime() + 1));
    expect(announcedMinute(now, now)).toBeNull();
  });
});

describe("a final list before and from its minute", () => {
  it("shows no family, pupil, certificate, chat-bot or public read who was selected until the minute, and every one from it", async () => {
    const { o, pupils, closedAt } = await threeTaken();
    const organiser = await organiserId();
    const closes = appealsCloseAt({ closedAt, appealsCloseAt: null });
    const after = new Date(closes.getTime() + 1);
    const minute = new Date(Math.ceil((after.getTime() + 60 * MINUTE) / MINUTE) * MINUTE);
    const justBefore = new Date(minute.getTime() - 1);
    const selected = pupils[1];

    // Announced while still provisional: the family reads when the list comes out.
    await setResultsMinute({ organiserId: organiser, testId: o.testId, resultsAt: minute, reason: "E'lon vaqti", now: after });
    const announced = await appealsView({ guid: selected.guid }, "uz", after);
    expect(announced?.list).toMatchObject({ state: "provisional", secondStage: false, announcedAt: minute.toISOString(), publicUrl: null });

    const preview = await finalisePreview(o.testId, after);
    await finalise({ organiserId: organiser, testId: o.testId, expectedTopHash: preview.topHash, now: after });

    // A millisecond before: the console sees it final and not public; no one else sees it final.
    expect(await listStatus(db, o.testId, justBefore)).toMatchObject({ state: "final", public: false, resultsAt: minute });
    const pupilBefore = await appealsView({ userId: selected.userId }, "uz", justBefore);
    expect(pupilBefore?.list).toMatchObject({
      state: "provisional",
      secondStage: false,
      place: null,
      publicUrl: null,
      announcedAt: minute.toISOString(),
    });
    expect((await appealsView({ guid: pupils[2].guid }, "ru", justBefore))?.list).toMatchObject({ state: "provisional", place: null });
    expect(await secondStageOf(selected.userId, justBefore)).toMatchObject({ state: "provisional", selected: false, announcedAt: minute });
    const list = await finalListByHash(preview.topHash);
    expect(list?.resultsAt).toEqual(minute);
    expect(listIsPublic(list!, justBefore)).toBe(false);

    // At the minute: every read says it.
    expect(await listStatus(db, o.testId, minute)).toMatchObject({ state: "final", public: true });
    expect((await appealsView({ userId: selected.userId }, "uz", minute))?.list).toMatchObject({
      state: "final",
      secondStage: true,
      announcedAt: null,
      publicUrl: `/lists/${preview.topHash}?district=1726266`,
    });
    expect(await secondStageOf(selected.userId, minute)).toMatchObject({ state: "final", selected: true, announcedAt: null });
    expect(listIsPublic(list!, minute)).toBe(true);
  });

  it("is set ahead and moved while not public, audited with the minute it replaced; refused in the past, cleared once final, or once public", async () => {
    const { o, closedAt } = await threeTaken();
    const organiser = await organiserId();
    const after = new Date(appealsCloseAt({ closedAt, appealsCloseAt: null }).getTime() + 1);
    const set = (resultsAt: Date | null, now: Date) =>
      setResultsMinute({ organiserId: organiser, testId: o.testId, resultsAt, reason: "E'lon vaqti", now });
    const minuteOf = async () => (await db.select({ at: tests.resultsAt }).from(tests).where(eq(tests.id, o.testId)))[0].at;

    await expect(set(new Date(after.getTime() - MINUTE), after)).rejects.toMatchObject({ validationErrors: { resultsAt: ["Range"] } });
    await expect(set(new Date(closedAt.getTime() - MINUTE), new Date(closedAt.getTime() - 2 * MINUTE))).rejects.toMatchObject({
      validationErrors: { resultsAt: ["Range"] },
    });
    expect(await minuteOf()).toBeNull();

    const first = new Date(after.getTime() + 60 * MINUTE);
    const moved = new Date(after.getTime() + 120 * MINUTE);
    await set(first, after);
    await set(moved, after);
    expect(await minuteOf()).toEqual(moved);
    const audited = await db
      .select({ details: organiserActions.details })
      .from(organiserActions)
      .where(and(eq(organiserActions.targetId, o.testId), eq(organiserActions.action, "test.resultsMinute")))
      .orderBy(organiserActions.id);
    expect(audited.map((a) => JSON.parse(a.details ?? "{}"))).toEqual([
      { resultsAt: first.toISOString(), before: null },
      { resultsAt: moved.toISOString(), before: first.toISOString() },
    ]);

    const preview = await finalisePreview(o.testId, after);
    await finalise({ organiserId: organiser, testId: o.testId, expectedTopHash: preview.topHash, now: after });
    // Cleared on a final list it would be public at once: refused, the minute kept.
    await expect(set(null, after)).rejects.toMatchObject({ validationErrors: { resultsAt: ["Required"] } });
    // Once public, what families read stays: the minute is not moved.
    await expect(set(new Date(moved.getTime() + 60 * MINUTE), moved)).rejects.toMatchObject({ code: ErrorCode.ListPublic });
    expect(await minuteOf()).toEqual(moved);
  });
});
