// The camp's invitations: told and invited once the list's minute has come (not before), a decline
// or an expiry passing the place to the district's next rank (every pupil sharing it), the
// families' answers refused after the deadline, twice or without an invitation, and every move in
// the family events outbox.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { familyEvents, invitations } from "@/db/schema";
import { db } from "@/lib/db/client";
import { listStatus } from "@/lib/final-list/final";
import { finalise, finalisePreview } from "@/lib/final-list/finalise";
import { setResultsMinute } from "@/lib/final-list/minute";
import { answerInvitation, expireInvitations, tellPublicLists } from "@/lib/invitations/invitations";
import { invitationOf } from "@/lib/invitations/view";
import { exportPupilData } from "@/lib/personal-data/personal-data";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { ErrorCode } from "@/shared/http/contract";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { taken } from "../support/taken";

setUpDatabase();

const HOUR = 3_600_000;

/** Seven pupils of one district (5, 4, 3.5, 2.5, 1.5, 1 and 0 points): five on the list, two reserves. */
async function sevenRanked() {
  const o = await createTestOlympiad({
    counts: { easy: 1, medium: 1, hard: 1 },
    bankPerDifficulty: 1,
    reviewPolicy: ReviewPolicy.AfterClose,
    closedAt: new Date(Date.now() + 2 * HOUR),
  });
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
  return { o, pupils, after };
}

const stateOf = async (testId: number) =>
  Object.fromEntries(
    (await db.select().from(invitations).where(eq(invitations.testId, testId))).map((i) => [
      i.userId,
      `${i.state}${i.fromReserve ? "*" : ""}`,
    ]),
  );

const eventsOf = async (testId: number) =>
  (await db.select().from(familyEvents).where(eq(familyEvents.testId, testId)).orderBy(familyEvents.id)).map((e) => e.kind);

describe("the camp's invitations", () => {
  it("are sent at the list's minute, not before; a decline passes the place to the next rank; answers are refused after the deadline, twice, or uninvited", async () => {
    const { o, pupils, after } = await sevenRanked();
    const organiser = await organiserId();
    const minute = new Date(Math.ceil((after.getTime() + HOUR) / 60_000) * 60_000);
    await setResultsMinute({ organiserId: organiser, testId: o.testId, resultsAt: minute, reason: "E'lon", now: after });
    const preview = await finalisePreview(o.testId, after);
    await finalise({ organiserId: organiser, testId: o.testId, expectedTopHash: preview.topHash, now: after });

    // Before the minute: nobody told, nobody invited.
    await tellPublicLists(new Date(minute.getTime() - 1));
    expect(await stateOf(o.testId)).toEqual({});
    expect(await invitationOf(db, pupils[5].userId, new Date(minute.getTime() - 1))).toBeNull();

    // At the minute: five invited, two reserves in their order, every family told once.
    await tellPublicLists(minute);
    await tellPublicLists(minute);
    const [first, second, , , , sixth, seventh] = pupils;
    expect(await stateOf(o.testId)).toEqual(Object.fromEntries(pupils.slice(0, 5).map((p) => [p.userId, "invited"])));
    expect(await invitationOf(db, sixth.userId, minute)).toEqual({ kind: "reserve", position: 1 });
    expect(await invitationOf(db, seventh.userId, minute)).toEqual({ kind: "reserve", position: 2 });
    const sent = await invitationOf(db, first.userId, minute);
    expect(sent).toMatchObject({ kind: "invited", state: "invited", fromReserve: false, answeredAt: null });
    expect(sent?.kind === "invited" && Date.parse(sent.deadlineAt) - minute.getTime()).toBe(72 * HOUR);
    const told = await eventsOf(o.testId);
    expect(told.filter((k) => k === "list.selected")).toHaveLength(5);
    expect(told.filter((k) => k === "list.reserve")).toHaveLength(2);
    expect(told.filter((k) => k === "invitation.sent")).toHaveLength(5);

    // Not invited: refused, nothing changed.
    await expect(answerInvitation({ userId: sixth.userId, answer: "confirm", via: "family", now: minute })).rejects.toMatchObject({
      code: ErrorCode.NotInvited,
    });
    // The first confirms; the second declines, and the sixth is invited from the reserve.
    await answerInvitation({ userId: first.userId, answer: "confirm", via: "family", now: minute });
    const declined = await answerInvitation({ userId: second.userId, answer: "decline", via: "bot", now: minute });
    expect(declined).toMatchObject({ kind: "invited", state: "declined", answeredAt: minute.toISOString() });
    // Twice: refused, the answer stays.
    await expect(answerInvitation({ userId: second.userId, answer: "confirm", via: "family", now: minute })).rejects.toMatchObject({
      code: ErrorCode.InvitationAnswered,
    });
    expect((await stateOf(o.testId))[second.userId]).toBe("declined");
    expect((await stateOf(o.testId))[sixth.userId]).toBe("invited*");
    expect(await invitationOf(db, seventh.userId, minute)).toEqual({ kind: "reserve", position: 1 });
    // The family's data, as it may ask for it, holds the invitation and what it was told.
    const data = await exportPupilData({ organiserId: organiser, userId: second.userId });
    expect(data.invitation).toMatchObject({ state: "declined" });
    expect(data.familyEvents.map((e) => e.kind)).toEqual(["list.selected", "invitation.sent", "invitation.answered"]);

    // A day before the deadline each waiting family is warned once; past it the rest expire and the places pass on.
    const sixthDeadline = Date.parse(((await invitationOf(db, sixth.userId, minute)) as { deadlineAt: string }).deadlineAt);
    const dayBefore = new Date(sixthDeadline - 23 * HOUR);
    // (The sweep is every test's: other suites' invitations on the same database are counted too, so this test's are read.)
    await expireInvitations(dayBefore);
    await expireInvitations(dayBefore);
    expect((await eventsOf(o.testId)).filter((k) => k === "invitation.expiring")).toHaveLength(4);
    const late = new Date(sixthDeadline + 1);
    await expect(answerInvitation({ userId: sixth.userId, answer: "confirm", via: "family", now: late })).rejects.toMatchObject({
      code: ErrorCode.InvitationExpired,
    });
    await expireInvitations(late);
    const states = await stateOf(o.testId);
    expect(states[first.userId]).toBe("confirmed");
    expect(states[sixth.userId]).toBe("expired*");
    // The seventh got the first freed place that found a reserve; the others had none left.
    expect(states[seventh.userId]).toBe("invited*");
  });

  it("invites every reserve sharing the next rank together, by the rule the public list states", async () => {
    const { o, pupils, after } = await sevenRanked();
    const organiser = await organiserId();
    const preview = await finalisePreview(o.testId, after);
    await finalise({ organiserId: organiser, testId: o.testId, expectedTopHash: preview.topHash, now: after });
    // The sixth and the seventh share rank 6 (equal on every tiebreak).
    await db.execute(sql`update final_lists set rows = jsonb_set(rows, '{reserves}',
      (select jsonb_agg(r || '{"rank": 6}'::jsonb) from jsonb_array_elements(rows -> 'reserves') r)) where test_id = ${o.testId}`);
    await tellPublicLists(after);
    await answerInvitation({ userId: pupils[0].userId, answer: "decline", via: "family", now: after });
    const states = await stateOf(o.testId);
    expect([states[pupils[5].userId], states[pupils[6].userId]]).toEqual(["invited*", "invited*"]);
  });
});
