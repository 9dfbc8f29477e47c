// The organiser's test settings over HTTP: the key policy says what it risks, and an
// earlier close reaches the attempts already running.
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";

test.describe("the organiser's test settings", () => {
  test("say plainly, in the console's words, that the key right after the end reaches pupils still testing", async ({ request }) => {
    const olympiad = await newOlympiad(request);
    const organiser = await signedIn(ORGANISER);
    const window = {
      openedAt: new Date(Date.now() - 60_000).toISOString(),
      closedAt: new Date(Date.now() + 3_600_000).toISOString(),
      pinCode: "4321",
      reason: "Sinov oynasi",
    };
    const practice = await (
      await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data: { ...window, reviewPolicy: "afterEnd" } })
    ).json();
    expect(practice.warnings).toEqual([expect.stringContaining("\"O'quvchi o'z testini yakunlashi bilanoq\" tanlansa")]);
    expect(practice.warnings[0]).not.toContain("afterEnd"); // the API's term is not the organiser's
    const stage = await (
      await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data: { ...window, reviewPolicy: "afterClose" } })
    ).json();
    expect(stage.warnings).toEqual([]);
    await organiser.dispose();
  });

  test("closing the window early caps a running attempt's time at once", async ({ request }) => {
    const olympiad = await newOlympiad(request);
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const session = await signedIn(pupil);
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    const remaining = async () =>
      (await (await session.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`)).json()).remainingTime;
    expect(await remaining()).toBeGreaterThan(80 * 60);
    const organiser = await signedIn(ORGANISER);
    const closedAt = new Date(Date.now() + 120_000).toISOString();
    const change = { openedAt: new Date(Date.now() - 3_600_000).toISOString(), closedAt, pinCode: olympiad.pinCode, reason: "Erta yopish" };
    // A pupil is testing: the organiser must type the subject's name to confirm.
    const unconfirmed = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data: change });
    expect(await unconfirmed.json()).toMatchObject({ code: 4007, message: expect.stringContaining("1 ta o'quvchi hozir test ishlamoqda") });
    expect(await remaining()).toBeGreaterThan(80 * 60);
    const { items } = await (await organiser.get("/api/admin/tests")).json();
    const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
    const moved = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, {
      data: { ...change, confirmSubjectName: subjectName },
    });
    expect(moved.status()).toBe(200);
    expect(await remaining()).toBeLessThanOrEqual(120);
    await Promise.all([session.dispose(), organiser.dispose()]);
  });

  test("close now: only with the subject's name and a reason; at the server's now; the running attempt ends there", async ({ request }) => {
    const olympiad = await newOlympiad(request);
    const session = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    const organiser = await signedIn(ORGANISER);
    const close = (data: Record<string, unknown>) => organiser.post(`/api/admin/subjects/${olympiad.subjectId}/test/close`, { data });
    const { items } = await (await organiser.get("/api/admin/tests")).json();
    const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;

    expect((await (await close({ confirmSubjectName: subjectName })).json()).validationErrors).toEqual({ reason: ["Required"] });
    const unnamed = await close({ confirmSubjectName: "boshqa", reason: "Savollar tarqalib ketdi" });
    expect(await unnamed.json()).toMatchObject({ code: 4007, message: "Testni hozir yopish uchun fan nomini aynan yozing." });
    const before = Date.now();
    const closed = await close({ confirmSubjectName: subjectName, reason: "Savollar tarqalib ketdi" });
    expect(closed.status()).toBe(200);
    const closedAt = Date.parse((await closed.json()).closedAt);
    expect(closedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(closedAt).toBeLessThanOrEqual(Date.now());
    const remaining = await (await session.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`)).json();
    expect(remaining.remainingTime).toBe(0);
    // Closed already: nothing moves again.
    const again = await (await close({ confirmSubjectName: subjectName, reason: "Yana" })).json();
    expect(Date.parse(again.closedAt)).toBe(closedAt);
    await Promise.all([session.dispose(), organiser.dispose()]);
  });

  test("a closed test whose key may have been shown is not reopened without the name typed, told what it means", async ({ request }) => {
    const olympiad = await newOlympiad(request);
    const pupil = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
    const { attemptId } = await (await pupil.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    await pupil.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });
    const organiser = await signedIn(ORGANISER);
    const put = (data: Record<string, unknown>) => organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data });
    const closed = {
      openedAt: new Date(Date.now() - 3_600_000).toISOString(),
      closedAt: new Date(Date.now() - 60_000).toISOString(),
      pinCode: olympiad.pinCode,
      reason: "Test yopildi",
    };
    expect((await put(closed)).status()).toBe(200);
    const reopen = { ...closed, closedAt: new Date(Date.now() + 3_600_000).toISOString() };
    const refused = await put(reopen);
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 4007, message: expect.stringContaining("kalitini ko'rgan bo'lishi mumkin") });
    // Nothing moved: a pupil who never started still cannot start.
    const late = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
    expect(await (await late.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json()).toMatchObject({
      code: 4003,
    });
    const { items } = await (await organiser.get("/api/admin/tests")).json();
    const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
    expect((await put({ ...reopen, confirmSubjectName: subjectName })).status()).toBe(200);
    await Promise.all([pupil.dispose(), late.dispose(), organiser.dispose()]);
  });

  test("switching review to afterEnd while pupils are testing needs the name typed, like a change of window", async ({ request }) => {
    const olympiad = await newOlympiad(request, { reviewPolicy: "afterClose" });
    const pupil = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
    await pupil.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
    const organiser = await signedIn(ORGANISER);
    const { items } = await (await organiser.get("/api/admin/tests")).json();
    const item = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId);
    const settings = {
      openedAt: item.test.openedAt,
      closedAt: item.test.closedAt,
      pinCode: olympiad.pinCode,
      reviewPolicy: "afterEnd",
      reason: "Mashq testi",
    };
    const refused = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data: settings });
    expect(await refused.json()).toMatchObject({ code: 4007, message: expect.stringContaining("1 ta o'quvchi hozir test ishlamoqda") });
    const after = await (await organiser.get("/api/admin/tests")).json();
    expect(after.items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).test.reviewPolicy).toBe("afterClose");
    const confirmed = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, {
      data: { ...settings, confirmSubjectName: item.subjectName },
    });
    expect(confirmed.status()).toBe(200);
    await Promise.all([pupil.dispose(), organiser.dispose()]);
  });
});
