// Issue 27: the registration carries a request for an accommodation; an organiser approves it as
// extra minutes for the pupil's test, audited; the request is health data, exported and erased
// with the rest; and the question bank refuses an image without its text (WCAG 1.1.1).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organiserActions, registrations } from "@/db/schema";
import { newAttempt } from "@/lib/attempts/start";
import { getRemainingTime } from "@/lib/attempts/taking";
import { db } from "@/lib/db/client";
import { erasePupil, exportPupilData, removeExpiredPersonalData } from "@/lib/personal-data/personal-data";
import { setExtraMinutes } from "@/lib/pupils/acts";
import { pendingAccommodations, pupilDetail } from "@/lib/pupils/pupils";
import { importQuestionBank } from "@/lib/questions/import";
import { imagesDescribed } from "@/lib/questions/sanitize";
import { getRegistrationDetails, register } from "@/lib/registration/registration";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { registerSchema } from "@/shared/registration/schema";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

const REQUEST = "Ko'rish qobiliyati past: ekran o'quvchi dasturi bilan ishlaydi, qo'shimcha vaqt kerak.";
const T0 = new Date("2025-06-02T05:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe("an accommodation request", () => {
  it("is kept with the registration, shown again to the parent, and replaced by an edit before payment", async () => {
    const subjectId = (await createTestOlympiad()).subjectId;
    const guid = randomUUID();
    const details = { guid, regionId: 1726, districtId: 1726266, grade: 5, subjectId, firstName: "Malika", lastName: "Karimova" };
    await register({ ...details, accommodation: REQUEST }, { clientAddress: null });
    expect((await getRegistrationDetails({ guid }))?.accommodation).toBe(REQUEST);
    await register({ ...details, accommodation: "Katta harflar" }, { clientAddress: null });
    expect((await getRegistrationDetails({ guid }))?.accommodation).toBe("Katta harflar");
    await register(details, { clientAddress: null });
    expect((await getRegistrationDetails({ guid }))?.accommodation).toBeUndefined();
  });

  it("is optional, trimmed, blank is none, and at most 500 characters (the form's schema is the server's)", () => {
    const base = {
      guid: randomUUID(),
      regionId: 1726,
      districtId: 1726266,
      grade: 5,
      subjectId: 1,
      firstName: "Malika",
      lastName: "Karimova",
    };
    expect(registerSchema.safeParse({ ...base, accommodation: "  " }).data?.accommodation).toBeUndefined();
    expect(registerSchema.safeParse({ ...base, accommodation: "  vaqt  " }).data?.accommodation).toBe("vaqt");
    expect(registerSchema.safeParse({ ...base, accommodation: "x".repeat(500) }).success).toBe(true);
    const tooLong = registerSchema.safeParse({ ...base, accommodation: "x".repeat(501) });
    expect(tooLong.error?.issues[0]).toMatchObject({ path: ["accommodation"], message: "Ko'pi bilan 500 ta belgi kiritish mumkin" });
  });

  it("approved as extra minutes: dated, audited as the accommodation, and the pupil's test runs that much longer", async () => {
    const o = await createTestOlympiad({ openedAt: T0, closedAt: at(60), durationMinutes: 30 });
    const pupil = await createPupil({ subjectId: o.subjectId, accommodation: REQUEST });
    const organiser = await organiserId();
    expect((await pendingAccommodations()).map((p) => p.userId)).toContain(pupil.userId);
    expect((await pupilDetail({ userId: pupil.userId })).accommodation).toEqual({ request: REQUEST, approvedAt: null });

    await setExtraMinutes({
      organiserId: organiser,
      userId: pupil.userId,
      minutes: 20,
      reason: "Tibbiy ma'lumotnoma bor",
      accommodation: true,
      now: at(1),
    });
    const detail = await pupilDetail({ userId: pupil.userId });
    expect(detail.accommodation).toEqual({ request: REQUEST, approvedAt: at(1).toISOString() });
    expect(detail.extraMinutes).toBe(20);
    expect((await pendingAccommodations()).map((p) => p.userId)).not.toContain(pupil.userId);
    const [entry] = await db
      .select()
      .from(organiserActions)
      .where(and(eq(organiserActions.targetId, pupil.userId), eq(organiserActions.action, "pupil.accommodation")));
    expect(entry).toMatchObject({ organiserId: organiser, reason: "Tibbiy ma'lumotnoma bor" });
    expect(JSON.parse(String(entry.details))).toMatchObject({ from: 0, to: 20 });
    // The request's words (health data) are not copied into the audit log.
    expect(JSON.stringify(entry)).not.toContain("Ko'rish");

    // 30 minutes and 20 more, started at minute 5: 50 minutes left, past the window's close at 60.
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(5) });
    expect(await getRemainingTime({ userId: pupil.userId, attemptId, now: at(5) })).toEqual({ remainingTime: 50 * 60 });
  });

  it("changed by the parent after an approval, waits again; approving needs some minutes", async () => {
    const pupil = await createPupil({ accommodation: REQUEST });
    const organiser = await organiserId();
    await expect(
      setExtraMinutes({ organiserId: organiser, userId: pupil.userId, minutes: 0, reason: "Sabab", accommodation: true }),
    ).rejects.toMatchObject({ status: 422, validationErrors: { minutes: ["Range"] } });
    await setExtraMinutes({ organiserId: organiser, userId: pupil.userId, minutes: 15, reason: "Sabab", accommodation: true });
    const [registration] = await db.select().from(registrations).where(eq(registrations.userId, pupil.userId));
    const details = (await getRegistrationDetails({ guid: registration.guid }))!;
    // Unpaid again, the parent may edit: the same words stay approved, other words wait again.
    await db.update(registrations).set({ status: 1 }).where(eq(registrations.guid, registration.guid));
    await register({ guid: registration.guid, ...details }, { clientAddress: null });
    expect((await pupilDetail({ userId: pupil.userId })).accommodation?.approvedAt).not.toBeNull();
    expect((await pupilDetail({ userId: pupil.userId })).extraMinutes).toBe(15);
    await register({ guid: registration.guid, ...details, accommodation: "Boshqa so'rov" }, { clientAddress: null });
    const changed = await pupilDetail({ userId: pupil.userId });
    expect(changed.accommodation).toEqual({ request: "Boshqa so'rov", approvedAt: null });
    // The minutes went with the approval: none are left on the pupil until an organiser approves again.
    expect(changed.extraMinutes).toBe(0);
    expect((await pendingAccommodations()).map((p) => p.userId)).toContain(pupil.userId);
  });

  it("withdrawn by the parent after an approval: the approved minutes go with it", async () => {
    const pupil = await createPupil({ accommodation: REQUEST });
    await setExtraMinutes({ organiserId: await organiserId(), userId: pupil.userId, minutes: 20, reason: "Sabab", accommodation: true });
    const [registration] = await db.select().from(registrations).where(eq(registrations.userId, pupil.userId));
    const details = (await getRegistrationDetails({ guid: registration.guid }))!;
    await db.update(registrations).set({ status: 1 }).where(eq(registrations.guid, registration.guid));
    await register({ guid: registration.guid, ...details, accommodation: undefined }, { clientAddress: null });
    const withdrawn = await pupilDetail({ userId: pupil.userId });
    expect(withdrawn.accommodation).toBeNull();
    expect(withdrawn.extraMinutes).toBe(0);
  });

  it("cannot be approved where there is none", async () => {
    const pupil = await createPupil();
    await expect(
      setExtraMinutes({ organiserId: await organiserId(), userId: pupil.userId, minutes: 10, reason: "Sabab", accommodation: true }),
    ).rejects.toMatchObject({ status: 422, validationErrors: { accommodation: ["Invalid"] } });
    expect((await pupilDetail({ userId: pupil.userId })).extraMinutes).toBe(0);
  });

  it("is personal data: in the family's export, gone on erasure and after the retention period", async () => {
    const pupil = await createPupil({ accommodation: REQUEST });
    await setExtraMinutes({
      organiserId: await organiserId(),
      userId: pupil.userId,
      minutes: 10,
      reason: "Shifokor ma'lumotnomasi: ko'rish qobiliyati past",
      accommodation: true,
    });
    const exported = await exportPupilData({ organiserId: await organiserId(), userId: pupil.userId });
    expect(exported.registration?.accommodationRequest).toBe(REQUEST);

    await erasePupil({
      organiserId: await organiserId(),
      userId: pupil.userId,
      reason: "Ota-ona so'rovi",
      confirmUsername: pupil.username,
    });
    const [erased] = await db.select().from(registrations).where(eq(registrations.userId, pupil.userId));
    expect(erased.accommodationRequest).toBeNull();
    // The organiser's reason for approving it (often medical) leaves the audit trail too.
    const approved = await db
      .select({ reason: organiserActions.reason })
      .from(organiserActions)
      .where(and(eq(organiserActions.targetId, pupil.userId), eq(organiserActions.action, "pupil.accommodation")));
    expect(approved).toEqual([{ reason: null }]);

    // A pupil of an olympiad that closed 13 months ago; the retention's pass as of now (a pass a year
    // ahead would take every other suite's pupils' data on a shared database with it).
    const longAgo = Date.now() - 400 * 86_400_000;
    const olympiad = await createTestOlympiad({ openedAt: new Date(longAgo - 3_600_000), closedAt: new Date(longAgo) });
    const old = await createPupil({ subjectId: olympiad.subjectId, accommodation: REQUEST });
    await removeExpiredPersonalData({ months: 12 });
    const [expired] = await db.select().from(registrations).where(eq(registrations.userId, old.userId));
    expect(expired.accommodationRequest).toBeNull();
  });
});

describe("images in the question bank", () => {
  it("must say what they show: an <img> without alt, or with a blank one, is refused at import", async () => {
    expect(imagesDescribed('<p>Rasm: <img src="https://example.org/a.png" alt="Uchburchak ABC" /></p>')).toBe(true);
    expect(imagesDescribed('<p><img src="https://example.org/a.png" /></p>')).toBe(false);
    expect(imagesDescribed('<p><img src="https://example.org/a.png" alt=" " /></p>')).toBe(false);
    const { subjectId } = await createTestOlympiad();
    const bank = (text: string) => ({
      subjectId,
      readingTexts: [],
      questions: [{ difficulty: "easy" as const, text, choices: ["4", "5"].map((t, j) => ({ text: t, correct: j === 0 })) }],
      reason: "Rasmli savol",
    });
    await expect(
      importQuestionBank(bank('<p>Nechta? <img src="https://example.org/a.png"></p>'), { organiserId: await organiserId() }),
    ).rejects.toMatchObject({
      status: 422,
      validationErrors: { "questions.0.text": ["ImageAlt"] },
    });
    await expect(
      importQuestionBank(bank('<p>Nechta? <img src="https://example.org/a.png" alt="Uchta olma"></p>'), {
        organiserId: await organiserId(),
      }),
    ).resolves.toMatchObject({ questions: 1 });
  });
});
