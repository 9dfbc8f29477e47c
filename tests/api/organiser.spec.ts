// The organiser's JSON API over HTTP: who may call each endpoint, bad input, and the
// day's actions as they reach pupils: the board's counts, blocking, a new password, extra minutes,
// ending and resetting an attempt, the audit log, more organisers.
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { declaredRoutes } from "../support/routes";
import { TEST_ENV } from "../support/test-env";

const REASON = "Texnik nosozlik";
const GUID = "00000000-0000-4000-8000-000000000002";

let contexts: { anonymous: APIRequestContext; pupil: APIRequestContext; organiser: APIRequestContext };

test.beforeAll(async ({ request }) => {
  contexts = { anonymous: await anonymous(), pupil: await signedIn(await newPupil(request)), organiser: await signedIn(ORGANISER) };
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts ?? {}).map((c) => c.dispose()));
});

// The role matrix, derived from the routes' own declarations (tests/support/routes.ts).
const ROUTES = declaredRoutes();
const ORGANISER_ROUTES = ROUTES.filter((r) => r.auth === "organiser");
const PUPIL_ROUTES = ROUTES.filter((r) => r.auth === "pupil" || r.auth === "pupilToken");

test("every route under /api/admin declares the organiser's auth, and the matrix reads them all", () => {
  expect(ORGANISER_ROUTES.length).toBeGreaterThanOrEqual(32);
  expect(ROUTES.filter((r) => r.path.startsWith("/api/admin/") && r.auth !== "organiser")).toEqual([]);
});

test.describe("every organiser's endpoint", () => {
  for (const { method, path } of ORGANISER_ROUTES) {
    test(`${method} ${path}: anonymous 401, pupil 403, organiser answered`, async () => {
      expect((await contexts.anonymous.fetch(path, { method })).status()).toBe(401);
      expect((await contexts.pupil.fetch(path, { method })).status()).toBe(403);
      // Without its query or body: the organiser is let in, and told what is missing (or not found).
      const answer = await contexts.organiser.fetch(path, { method });
      expect([200, 404, 422]).toContain(answer.status());
      if (answer.status() !== 200) expect(await answer.json()).toHaveProperty("message");
    });
  }
});

test.describe("every pupil's endpoint", () => {
  for (const { method, path } of PUPIL_ROUTES) {
    test(`${method} ${path}: anonymous 401, organiser 403`, async () => {
      expect((await contexts.anonymous.fetch(path, { method })).status()).toBe(401);
      expect((await contexts.organiser.fetch(path, { method })).status()).toBe(403);
    });
  }
});

test.describe("bad input changes nothing and says why in Uzbek", () => {
  test("test settings: close before open, a PIN of spaces, 0 questions, points that do not sum", async ({ request }) => {
    const olympiad = await newOlympiad(request);
    const put = (data: Record<string, unknown>) =>
      contexts.organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data: { reason: "Sozlamalar", ...data } });
    const now = Date.now();
    const window = { openedAt: new Date(now).toISOString(), closedAt: new Date(now + 3_600_000).toISOString(), pinCode: "2468" };
    const scoring = { easyCount: 10, mediumCount: 10, hardCount: 10, easyPoints: 1, mediumPoints: 1.5, hardPoints: 2.5 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...window, closedAt: new Date(now - 60_000).toISOString() }, "closedAt"],
      [{ ...window, pinCode: "    " }, "pinCode"],
      [{ ...window, ...scoring, easyCount: 0 }, "easyCount"],
      [{ ...window, ...scoring, hardPoints: 3 }, "hardPoints"],
      [{ ...window, easyCount: 10 }, "hardPoints"], // counts without points cannot be checked
      [{ ...window, durationMinutes: 0 }, "durationMinutes"],
    ];
    for (const [data, field] of cases) {
      const response = await put(data);
      expect(response.status(), field).toBe(422);
      expect(Object.keys((await response.json()).validationErrors), field).toContain(field);
    }
    const { items } = await (await contexts.organiser.get("/api/admin/tests")).json();
    const saved = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).test;
    expect(saved.pinCode).toBe(olympiad.pinCode); // nothing changed
    expect((await put({ ...window, ...scoring })).status()).toBe(200);
  });

  test("an action without a reason, minutes out of range, a malformed id", async ({ request }) => {
    const pupil = await newPupil(request);
    const base = `/api/admin/pupils/${pupil.userId}`;
    expect((await contexts.organiser.put(`${base}/blocked`, { data: { blocked: true } })).status()).toBe(422);
    expect((await contexts.organiser.put(`${base}/blocked`, { data: { blocked: true, reason: "  " } })).status()).toBe(422);
    expect((await contexts.organiser.put(`${base}/extra-minutes`, { data: { minutes: 601, reason: REASON } })).status()).toBe(422);
    expect((await contexts.organiser.put(`${base}/extra-minutes`, { data: { minutes: -1, reason: REASON } })).status()).toBe(422);
    expect((await contexts.organiser.get("/api/admin/pupils/abc")).status()).toBe(422);
    expect((await contexts.organiser.get("/api/admin/registrations/not-a-guid")).status()).toBe(422);
    const detail = await (await contexts.organiser.get(base)).json();
    expect(detail).toMatchObject({ blocked: false, extraMinutes: 0 });
  });
});

test.describe("the day's actions", () => {
  test("the board counts a pupil who signs in and starts, without a reload of anything but the board", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const tile = async () =>
      (await (await contexts.organiser.get("/api/admin/board")).json()).tests.find(
        (t: { subjectId: number }) => t.subjectId === olympiad.subjectId,
      );
    const before = await tile();
    expect(before).toMatchObject({ state: "open", testId: olympiad.testId, counts: { registered: 0, started: 0 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const session = await signedIn(pupil);
    expect((await tile()).counts).toMatchObject({ registered: 1, paid: 1, signedIn: 1, started: 0 });
    await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
    expect((await tile()).counts).toMatchObject({ started: 1, inProgress: 1, ended: 0 });
    await session.dispose();
  });

  test("block: the pupil's next answer is 401 and sign-in says 2103; unblock lets them back", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const session = await signedIn(pupil);
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    const view = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
    const q = view.questions[0];
    const block = await contexts.organiser.put(`/api/admin/pupils/${pupil.userId}/blocked`, {
      data: { blocked: true, reason: "Ko'chirish" },
    });
    expect(await block.json()).toEqual({ userId: pupil.userId, blocked: true });
    const answer = await session.post("/api/TestAttempts/Answer", {
      data: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: q.questionChoices[0].questionChoiceId },
    });
    expect(answer.status()).toBe(401);
    expect((await (await anonymous()).post("/api/Identity/Login", { data: pupil })).status()).toBe(400);
    await contexts.organiser.put(`/api/admin/pupils/${pupil.userId}/blocked`, { data: { blocked: false, reason: "Xato" } });
    expect((await (await anonymous()).post("/api/Identity/Login", { data: pupil })).status()).toBe(200);
    await session.dispose();
  });

  test("a new password: shown once, the old one fails, the new one signs in, the bot and the paid page say it was reset", async ({
    request,
  }) => {
    const pupil = await newPupil(request);
    const session = await signedIn(pupil);
    const { password } = await (
      await contexts.organiser.post(`/api/admin/pupils/${pupil.userId}/password`, { data: { reason: REASON } })
    ).json();
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await session.get("/api/Identity/GetCurrentUser")).status()).toBe(401); // sessions ended
    const login = (p: string) => request.post("/api/Identity/Login", { data: { username: pupil.username, password: p } });
    expect((await login(pupil.password)).status()).toBe(400);
    expect((await login(password)).status()).toBe(200);
    const detail = await (await contexts.organiser.get(`/api/admin/pupils/${pupil.userId}`)).json();
    if (detail.registration) {
      const bot = await request.get(`/api/bot/registrations/${detail.registration.guid}`, {
        headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` },
      });
      expect(await bot.json()).toMatchObject({ username: pupil.username, password: null, passwordReset: true });
    }
    await session.dispose();
  });

  test("extra minutes reach a running attempt at once; ending it now scores it", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const session = await signedIn(pupil);
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    const remaining = async () =>
      (await (await session.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`)).json()).remainingTime;
    const before = await remaining();
    const given = await contexts.organiser.put(`/api/admin/pupils/${pupil.userId}/extra-minutes`, {
      data: { minutes: 10, reason: "Kech boshladi" },
    });
    expect(await given.json()).toMatchObject({ extraMinutes: 10 });
    expect(await remaining()).toBeGreaterThanOrEqual(before + 10 * 60 - 2);

    const ended = await contexts.organiser.post(`/api/admin/attempts/${attemptId}/end`, { data: { reason: "Qoidabuzarlik" } });
    expect(ended.status()).toBe(200);
    expect(await (await session.get("/api/TestAttempts/IsThereAttempt")).json()).toEqual({
      isThereAttempt: true,
      isEnded: true,
      attemptId,
    });
    await session.dispose();
  });

  test("resetting an attempt keeps it for the record and lets the pupil start again", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const session = await signedIn(pupil);
    const start = () => session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
    const { attemptId } = await (await start()).json();
    await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });
    expect((await (await start()).json()).code).toBe(4004); // one attempt per test …
    await contexts.organiser.post(`/api/admin/attempts/${attemptId}/reset`, { data: { reason: "Telefon o'chib qoldi" } });
    const again = await (await start()).json(); // … unless the organiser resets it
    expect(again.attemptId).toBeGreaterThan(attemptId);
    const detail = await (await contexts.organiser.get(`/api/admin/pupils/${pupil.userId}`)).json();
    expect(detail.attempts.map((a: { attemptId: number; state: string }) => [a.attemptId, a.state])).toEqual([
      [again.attemptId, "running"],
      [attemptId, "reset"],
    ]);
    await session.dispose();
  });

  test("the audit log has each action with who, what and why", async ({ request }) => {
    const pupil = await newPupil(request);
    const reason = `Sabab ${Date.now()}`;
    await contexts.organiser.put(`/api/admin/pupils/${pupil.userId}/extra-minutes`, { data: { minutes: 7, reason } });
    const { items } = await (await contexts.organiser.get("/api/admin/audit")).json();
    const entry = items.find((a: { reason: string }) => a.reason === reason);
    expect(entry).toMatchObject({
      organiser: ORGANISER.username,
      action: "pupil.extraMinutes",
      targetType: "pupil",
      targetId: pupil.userId,
      details: { from: 0, to: 7 },
    });
  });

  test("a new organiser signs in with the password shown once; a reset ends the old one", async ({ request }) => {
    const username = `org${Date.now().toString(36)}`;
    const created = await (
      await contexts.organiser.post("/api/admin/organisers", {
        data: { username, firstName: "Dilnoza", lastName: "Yusupova", reason: "Yangi tuman tashkilotchisi" },
      })
    ).json();
    expect(created).toMatchObject({ username, password: expect.stringMatching(/^[A-Za-z0-9]{10}$/) });
    const again = await contexts.organiser.post("/api/admin/organisers", {
      data: { username, firstName: "Boshqa", lastName: "Odam", reason: "Yana bir" },
    });
    expect((await again.json()).code).toBe(4008);
    const first = await signedIn({ username, password: created.password });
    expect((await first.get("/api/admin/board")).status()).toBe(200);
    expect((await contexts.organiser.post(`/api/admin/organisers/${created.userId}/password`, { data: {} })).status()).toBe(422);
    const { password } = await (
      await contexts.organiser.post(`/api/admin/organisers/${created.userId}/password`, { data: { reason: "Parolini unutdi" } })
    ).json();
    expect((await first.get("/api/admin/board")).status()).toBe(401);
    const second = await signedIn({ username, password });
    expect((await second.get("/api/admin/organisers")).status()).toBe(200);
    // Organisers cannot take each other's accounts: only the head organiser adds them or resets a password.
    const head = (await (await contexts.organiser.get("/api/admin/organisers")).json()).items[0];
    const takeover = await second.post(`/api/admin/organisers/${head.userId}/password`, { data: { reason: "Men ham xohlayman" } });
    expect(takeover.status()).toBe(403);
    const adding = await second.post("/api/admin/organisers", {
      data: { username: `${username}x`, firstName: "Yana", lastName: "Biri", reason: "Yordamchi" },
    });
    expect(adding.status()).toBe(403);
    const audit = await (await contexts.organiser.get("/api/admin/audit")).json();
    expect(audit.items).toContainEqual(
      expect.objectContaining({ action: "organiser.password", targetId: created.userId, reason: "Parolini unutdi" }),
    );
    await Promise.all([first.dispose(), second.dispose()]);
    expect(request).toBeTruthy();
  });

  test("registrations: search by guid and phone, filter by status, one with its payments and provider calls", async ({ request }) => {
    const found = await (await contexts.organiser.get(`/api/admin/registrations?q=${GUID.slice(0, 13)}`)).json();
    expect(found.items.map((r: { guid: string }) => r.guid)).toContain(GUID);
    const paid = await (await contexts.organiser.get("/api/admin/registrations?status=2")).json();
    expect(paid.items.every((r: { status: number }) => r.status === 2)).toBe(true);
    const detail = await (await contexts.organiser.get(`/api/admin/registrations/${GUID}`)).json();
    expect(detail.registration).toMatchObject({ guid: GUID, status: 2 });
    expect(Array.isArray(detail.payments)).toBe(true);
    expect(request).toBeTruthy();
  });
});
