// The children's personal data (issue 26): phone numbers and birth dates removed N months after
// the olympiad, one pupil's data exported whole, and a pupil erased to an anonymous row that still
// ranks.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appeals, attempts, organiserActions, users } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { newAttempt } from "@/lib/attempts/start";
import { db } from "@/lib/db/client";
import { userOfClaims } from "@/lib/identity/session";
import { erasePupil, exportPupilData, removeExpiredPersonalData } from "@/lib/personal-data/personal-data";
import { renamePupil } from "@/lib/pupils/acts";
import { listResults } from "@/lib/results/ranking";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

const MONTH_MS = 30 * 86_400_000;
const personal = { phoneNumber: "901234567", birthDate: "2012-05-04" };
const rowOf = async (userId: number) => (await db.select().from(users).where(eq(users.id, userId)))[0];

describe("retention", () => {
  it("removes phone numbers, birth dates and appeals' words N months after the pupil's olympiad, and nothing else", async () => {
    const now = new Date();
    const window = (monthsAgo: number) => ({
      openedAt: new Date(now.getTime() - monthsAgo * MONTH_MS - 3_600_000),
      closedAt: new Date(now.getTime() - monthsAgo * MONTH_MS),
    });
    const old = await createTestOlympiad(window(13));
    const recent = await createTestOlympiad(window(11));
    const [past, kept] = [await createPupil({ subjectId: old.subjectId }), await createPupil({ subjectId: recent.subjectId })];
    for (const pupil of [past, kept]) await db.update(users).set(personal).where(eq(users.id, pupil.userId));
    // Each appealed their result (an appeal's words may tell of an illness).
    const appealOf = async (pupil: { userId: number }, o: { testId: number }, monthsAgo: number) => {
      const at = new Date(now.getTime() - monthsAgo * MONTH_MS - 1_800_000);
      const [attempt] = await db
        .insert(attempts)
        .values({ userId: pupil.userId, testId: o.testId, startedAt: at, deadlineAt: at, endedAt: at })
        .returning({ id: attempts.id });
      const [appeal] = await db
        .insert(appeals)
        .values({ testId: o.testId, attemptId: attempt.id, kind: "result", text: "Kasal edim" })
        .returning({ id: appeals.id });
      return appeal.id;
    };
    const [pastAppeal, keptAppeal] = [await appealOf(past, old, 13), await appealOf(kept, recent, 11)];
    const appealText = async (id: number) => (await db.select().from(appeals).where(eq(appeals.id, id)))[0].text;

    expect(await removeExpiredPersonalData({ now, months: 12 })).toBeGreaterThanOrEqual(1);
    expect([await appealText(pastAppeal), await appealText(keptAppeal)]).toEqual(["", "Kasal edim"]);
    const [afterPast, afterKept] = [await rowOf(past.userId), await rowOf(kept.userId)];
    expect(afterPast).toMatchObject({ phoneNumber: null, birthDate: null, username: past.username, firstName: expect.any(String) });
    expect(afterKept).toMatchObject(personal);
    // A second run finds nothing more of theirs; a shorter setting reaches the other.
    await removeExpiredPersonalData({ now, months: 12 });
    expect(await rowOf(kept.userId)).toMatchObject(personal);
    await removeExpiredPersonalData({ now, months: 10 });
    expect(await rowOf(kept.userId)).toMatchObject({ phoneNumber: null, birthDate: null });
  });
});

describe("a pupil's data, and its erasure", () => {
  it("exports everything kept about the pupil, audited", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await createPupil({ subjectId: o.subjectId, names: { firstName: "Madina", lastName: "Rahimova" } });
    await db.update(users).set(personal).where(eq(users.id, pupil.userId));
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true });
    const organiser = await organiserId();
    const data = await exportPupilData({ organiserId: organiser, userId: pupil.userId });
    expect(data.pupil).toMatchObject({
      userId: pupil.userId,
      firstName: "Madina",
      lastName: "Rahimova",
      phoneNumber: "+998901234567",
      birthDate: "2012-05-04",
      username: pupil.username,
      certificate: expect.stringMatching(new RegExp(`/cert/${pupil.username}$`)),
    });
    expect(data.registration).toMatchObject({ guid: expect.any(String), amountSom: expect.any(Number) });
    expect(data.attempts).toEqual([expect.objectContaining({ attemptId, endedBy: "pupil", score: expect.any(Number) })]);
    expect(JSON.stringify(data)).not.toMatch(/password/i);
    const [audit] = await db
      .select()
      .from(organiserActions)
      .where(and(eq(organiserActions.action, "pupil.export"), eq(organiserActions.targetId, pupil.userId)));
    expect(audit.organiserId).toBe(organiser);
  });

  it("erases the name, school, birth date, phone and sign-in; the anonymous row still ranks", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await createPupil({ subjectId: o.subjectId, names: { firstName: "Jasur", lastName: "Toshmatov" } });
    await db.update(users).set(personal).where(eq(users.id, pupil.userId));
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true });
    const organiser = await organiserId();
    await renamePupil({
      organiserId: organiser,
      userId: pupil.userId,
      reason: "Xato yozilgan",
      names: { firstName: "Jasurbek", lastName: "Toshmatov" },
    });
    const before = await rowOf(pupil.userId);

    await expect(
      erasePupil({ organiserId: organiser, userId: pupil.userId, reason: "Ota-onasi so'radi", confirmUsername: "someone-else" }),
    ).rejects.toMatchObject({ status: 422 });
    expect(await rowOf(pupil.userId)).toMatchObject({ firstName: "Jasurbek", erasedAt: null });

    expect(
      await erasePupil({
        organiserId: organiser,
        userId: pupil.userId,
        reason: "Ota-onasi so'radi",
        confirmUsername: ` ${pupil.username.toUpperCase()} `,
      }),
    ).toEqual({
      userId: pupil.userId,
      erased: true,
    });
    const after = await rowOf(pupil.userId);
    expect(after).toMatchObject({
      lastName: "O'chirilgan",
      firstName: `#${pupil.userId}`,
      middleName: null,
      birthDate: null,
      phoneNumber: null,
      organizationId: null,
      username: null,
      passwordHash: null,
      passwordEncrypted: null,
      districtId: before.districtId,
      grade: before.grade,
      subjectId: before.subjectId,
    });
    expect(after.erasedAt).not.toBeNull();
    // Signed out everywhere.
    expect(await userOfClaims({ userId: pupil.userId, role: 0, sessionVersion: before.sessionVersion, sessionId: "x" })).toBeNull();
    // The attempt and its score stay; the ranking lists an anonymous row.
    const [attempt] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(attempt.endedAt).not.toBeNull();
    const { items } = await listResults({ testId: o.testId });
    expect(items.map((r) => r.fullName)).toContain(`O'chirilgan #${pupil.userId}`);
    expect(JSON.stringify(items)).not.toMatch(/Jasur|Toshmatov/);
    // The audit log keeps the acts, not the name.
    const acts = await db
      .select()
      .from(organiserActions)
      .where(and(eq(organiserActions.targetType, "pupil"), eq(organiserActions.targetId, pupil.userId)));
    expect(acts.map((a) => a.action)).toEqual(expect.arrayContaining(["pupil.name", "pupil.erase"]));
    expect(JSON.stringify(acts)).not.toMatch(/Jasur|Toshmatov|Madina/);
    await expect(erasePupil({ organiserId: organiser, userId: pupil.userId, reason: "Yana", confirmUsername: "" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
