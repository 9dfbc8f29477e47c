// Identity endpoints over HTTP (spec §5, §7, §8): login rules, cookie, throttle,
// Origin, block, profile update, logout.

import { randomUUID } from "node:crypto";
import { type APIResponse, request as playwrightRequest } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, profileOf, signedIn } from "../support/http";

const login = (request: import("@playwright/test").APIRequestContext, data: unknown, headers: Record<string, string> = {}) =>
  request.post("/api/Identity/Login", { data, headers });

test.describe("Identity/Login", () => {
  test("signs in, answers the current user and sets the session cookie", async ({ request }) => {
    const pupil = await newPupil(request, { grade: 8, subject: "Fizika" });
    const response = await login(request, { username: pupil.username, password: pupil.password });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ role: 1, grade: 8, subjectName: "Fizika", firstName: "Test" });
    const cookie = response.headers()["set-cookie"];
    expect(cookie).toMatch(/^next-auth\.session-token=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).not.toMatch(/Secure/i); // served over plain http here; Secure over https (unit test)
  });

  test("validates the lengths of spec §5", async ({ request }) => {
    const response = await login(request, { username: "abcd", password: "x".repeat(31) });
    expect(response.status()).toBe(422);
    expect((await response.json()).validationErrors).toEqual({ username: ["MinLength"], password: ["MaxLength"] });
    const empty = await login(request, {});
    expect((await empty.json()).validationErrors).toEqual({ username: ["Required"], password: ["Required"] });
  });

  test("a wrong password or unknown login → 400, code 2102, the spec's message", async ({ request }) => {
    const pupil = await newPupil(request);
    for (const data of [
      { username: pupil.username, password: "wrong-password" },
      { username: "nosuchpupil", password: "whatever" },
    ]) {
      const response = await login(request, data, { "X-Forwarded-For": "10.1.0.1" });
      expect(response.status()).toBe(400);
      expect(await response.json()).toEqual({
        code: 2102,
        message: "Login yoki parol noto'g'ri. Iltimos, qayta urinib ko'ring.",
        validationErrors: {},
      });
    }
  });

  test("five wrong in a row lock the account → 2101, even with the right password, at the address they came from", async ({ request }) => {
    const pupil = await newPupil(request);
    const there = { "X-Forwarded-For": "10.1.0.2" };
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await (await login(request, { username: pupil.username, password: "wrong-pass" }, there)).json()).code);
    }
    expect(codes).toEqual([2102, 2102, 2102, 2102, 2101]);
    const right = await login(request, { username: pupil.username, password: pupil.password }, there);
    expect(await right.json()).toMatchObject({
      code: 2101,
      message: "Parolni ko'p marta xato terganingiz uchun sizning akkauntingiz bloklandi. Iltimos, birozdan so'ng qayta urinib ko'ring.",
    });
    // The pupil on a phone elsewhere is not kept out by them.
    expect((await login(request, { username: pupil.username, password: pupil.password }, { "X-Forwarded-For": "10.1.0.3" })).status()).toBe(
      200,
    );
  });

  test("60 failed sign-ins from one address (a school, a carrier's NAT): a pupil with the right password from it still gets in", async ({
    request,
  }) => {
    const address = { "X-Forwarded-For": "10.9.9.9" };
    const wrong = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(request, { username: `nosuch${i}pupil`, password: "wrong-pass" }, address)),
    );
    expect(wrong.every((r) => r.status() === 400)).toBe(true);
    const pupil = await newPupil(request);
    const right = await login(request, { username: pupil.username, password: pupil.password }, address);
    expect(right.status()).toBe(200);
  });

  test("a device that signed in before is not locked out by an attack from its own network; a new device there is until it stops", async ({
    request,
  }) => {
    const pupil = await newPupil(request);
    // One school's shared address: the attacker, the owner's phone and a stranger's all come from it.
    const school = { "X-Forwarded-For": "10.9.8.1" };
    const owner = await anonymous();
    expect((await login(owner, pupil, school)).status()).toBe(200);
    expect((await login(owner, pupil, school)).headers()["set-cookie"]).toMatch(/olimpiada-device=[^;]+;.*HttpOnly/i);
    // The attack: the right username, wrong passwords, going on.
    for (let i = 0; i < 8; i++) await login(request, { username: pupil.username, password: "wrong-pass" }, school);
    const stranger = await anonymous();
    expect(await (await login(stranger, pupil, school)).json()).toMatchObject({ code: 2101 });
    // The owner's device (its device cookie) gets in all the same.
    expect((await login(owner, pupil, school)).status()).toBe(200);
    // A forged or another account's device cookie is no key.
    const forger = await anonymous();
    const other = await newPupil(request);
    expect((await login(forger, other, school)).status()).toBe(200);
    expect(await (await login(forger, pupil, school)).json()).toMatchObject({ code: 2101 });
    await Promise.all([owner.dispose(), stranger.dispose(), forger.dispose()]);
  });

  test("a flood of wrong sign-ins from one address keeps out its new devices for the rest of that minute, never a device that signed in there before", async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const pupil = await newPupil(request);
    // One school's address: the owner's phone signed in there before; then a classmate's script.
    const school = { "X-Forwarded-For": "10.9.5.77" };
    const owner = await anonymous();
    expect((await login(owner, pupil, school)).status()).toBe(200);
    // Twenty made-up names, wrong passwords, 50 at a time, until the address's outer bound (1 000
    // failures a minute) answers 429. Each name is locked at this address after five (2101), and
    // every try after that is refused before any password is hashed: a failure all the same.
    const run = randomUUID().slice(0, 8);
    let sent = 0;
    let bounded: APIResponse | undefined;
    while (!bounded && sent < 5_000) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(request, { username: `f${run}${(sent + i) % 20}`, password: "wrong-pass" }, school)),
      );
      sent += batch.length;
      bounded = batch.find((answer) => answer.status() === 429);
    }
    expect(bounded, "the flood reached the address's bound").toBeDefined();
    expect(Number(bounded!.headers()["retry-after"])).toBeLessThanOrEqual(60);
    // The owner's device (its device cookie) is neither stopped nor counted by the address's bound:
    // it signs in, and a typo of its own is its own count's 2102, not the address's 429.
    expect((await login(owner, pupil, school)).status()).toBe(200);
    expect(await (await login(owner, { username: pupil.username, password: "wrong-pass" }, school)).json()).toMatchObject({ code: 2102 });
    expect((await login(owner, pupil, school)).status()).toBe(200);
    // A device that never signed in to the account is kept out at that address until the minute ends (docs/security.md).
    const stranger = await anonymous();
    expect((await login(stranger, pupil, school)).status()).toBe(429);
    // Elsewhere it is not.
    expect((await login(stranger, pupil, { "X-Forwarded-For": "10.9.5.78" })).status()).toBe(200);
    await Promise.all([owner.dispose(), stranger.dispose()]);
  });

  test("the organiser lifts a lock at once, with a reason, in the audit log", async ({ request }) => {
    const pupil = await newPupil(request);
    const there = { "X-Forwarded-For": "10.9.7.1" };
    for (let i = 0; i < 5; i++) await login(request, { username: pupil.username, password: "wrong-pass" }, there);
    const device = await anonymous();
    expect(await (await login(device, pupil, there)).json()).toMatchObject({ code: 2101 });
    const organiser = await signedIn(ORGANISER);
    expect((await organiser.post(`/api/admin/pupils/${pupil.userId}/unlock`, { data: {} })).status()).toBe(422);
    expect(
      (await organiser.post(`/api/admin/pupils/${pupil.userId}/unlock`, { data: { reason: "Ota-onasi qo'ng'iroq qildi" } })).status(),
    ).toBe(200);
    expect((await login(device, pupil, there)).status()).toBe(200);
    const audit = await (await organiser.get("/api/admin/audit")).json();
    expect(audit.items).toContainEqual(
      expect.objectContaining({ action: "pupil.unlock", targetId: pupil.userId, reason: "Ota-onasi qo'ng'iroq qildi" }),
    );
    expect((await device.post(`/api/admin/pupils/${pupil.userId}/unlock`, { data: { reason: "o'zim" } })).status()).toBe(403);
    await Promise.all([device.dispose(), organiser.dispose()]);
  });

  test("a login posted from another site is refused (Origin)", async ({ request }) => {
    const pupil = await newPupil(request);
    const foreign = await login(request, { username: pupil.username, password: pupil.password }, { Origin: "https://evil.example" });
    expect(foreign.status()).toBe(403);
    const fetchSite = await login(request, { username: pupil.username, password: pupil.password }, { "Sec-Fetch-Site": "cross-site" });
    expect(fetchSite.status()).toBe(403);
  });

  test("a login from the site opened at another of its addresses is served: 127.0.0.1, the school network's, the proxy's host", async ({
    request,
  }) => {
    const { username, password } = await newPupil(request);
    const pupil = { username, password };
    const port = new URL(baseURL).port;
    // The demo shown on a phone on the same network: the page and its call name the same host.
    for (const host of [`localhost:${port}`, `192.0.2.2:${port}`]) {
      const response = await login(request, pupil, { Host: host, Origin: `http://${host}` });
      expect(response.status(), host).toBe(200);
    }
    // Behind the trusted proxy, the host the visitor opened is the forwarded one.
    const proxied = await login(request, pupil, { "X-Forwarded-Host": "olimp.example.uz", Origin: "https://olimp.example.uz" });
    expect(proxied.status()).toBe(200);
    // Another site is still refused, even when it names our host in a header of its own.
    for (const headers of [
      { Host: `192.0.2.2:${port}`, Origin: "http://evil.example" },
      { Host: `192.0.2.2:${port}`, Origin: `http://192.0.2.2:${Number(port) + 1}` },
      { Origin: "null" },
    ] as Record<string, string>[]) {
      expect((await login(request, pupil, headers)).status(), JSON.stringify(headers)).toBe(403);
    }
  });

  test("a signed-out visitor is sent to the sign-in page on the address they opened, never the one the server listens on", async ({
    request,
  }) => {
    const redirectOf = async (headers: Record<string, string>) => {
      const response = await request.get("/admin", { headers, maxRedirects: 0 });
      expect(response.status()).toBe(307);
      return new URL(response.headers().location, "http://relative.invalid");
    };
    // Behind a TLS proxy (public Host, X-Forwarded-Proto: https).
    const proxied = await redirectOf({ Host: "olimp.example.uz", "X-Forwarded-Proto": "https" });
    expect(proxied.origin).toMatch(/^(https:\/\/olimp\.example\.uz|http:\/\/relative\.invalid)$/);
    expect(`${proxied.pathname}${proxied.search}`).toBe("/login?returnUrl=%2Fadmin");
    // The school network's address.
    const port = new URL(baseURL).port;
    const local = await redirectOf({ Host: `192.0.2.2:${port}` });
    expect(local.origin).toMatch(new RegExp(`^(http://192\\.0\\.2\\.2:${port}|http://relative\\.invalid)$`));
  });
});

test.describe("GetCurrentUser, Update, Logout", () => {
  test("signed out: 401 in the contract's shape", async ({ request }) => {
    const response = await request.get("/api/Identity/GetCurrentUser");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ code: null, message: expect.any(String), validationErrors: {} });
  });

  test("the profile rules: school, middle name, birth date and phone are required", async ({ request }) => {
    const pupil = await newPupil(request);
    const session = await signedIn(pupil);
    const me = await (await session.get("/api/Identity/GetCurrentUser")).json();
    const base = {
      regionId: me.regionId,
      districtId: me.districtId,
      grade: me.grade,
      subjectId: me.subjectId,
      firstName: me.firstName,
      lastName: me.lastName,
    };
    const missing = await session.post("/api/Identity/Update", { data: base });
    expect(missing.status()).toBe(422);
    expect((await missing.json()).validationErrors).toEqual({
      organizationId: ["Required"],
      middleName: ["Required"],
      birthDate: ["Required"],
      phoneNumber: ["Required"],
    });
    const complete = { ...base, organizationId: 0, middleName: "Karimovich", birthDate: "2011-02-03", phoneNumber: "977778899" };
    const inconsistent = await session.post("/api/Identity/Update", { data: { ...complete, regionId: 1703 } });
    expect((await inconsistent.json()).validationErrors).toEqual({ districtId: ["Invalid"] });

    const saved = await session.post("/api/identity/update", { data: { ...complete, firstName: "Yangiism" } });
    expect(saved.status()).toBe(200);
    expect(await (await session.get("/api/Identity/GetCurrentUser")).json()).toMatchObject({
      firstName: "Yangiism",
      middleName: "Karimovich",
      phoneNumber: "977778899",
      birthDate: "2011-02-03",
      organizationId: 0,
    });

    const foreign = await session.post("/api/Identity/Update", { data: complete, headers: { Origin: "https://evil.example" } });
    expect(foreign.status()).toBe(403);
    await session.dispose();
  });

  test("the language of study: the current user's; the profile keeps it when the call leaves it out, changes it when given", async ({
    request,
  }) => {
    const pupil = await newPupil(request, { language: 1 });
    const session = await signedIn(pupil);
    const me = await (await session.get("/api/Identity/GetCurrentUser")).json();
    expect(me.language).toBe(1);
    const complete = await profileOf(session);
    const language = async () => (await (await session.get("/api/Identity/GetCurrentUser")).json()).language;
    expect((await session.post("/api/Identity/Update", { data: complete })).status()).toBe(200);
    expect(await language()).toBe(1); // the spec's client sends no language: it stays
    expect((await session.post("/api/Identity/Update", { data: { ...complete, language: 2 } })).status()).toBe(200);
    expect(await language()).toBe(2);
    const bad = await session.post("/api/Identity/Update", { data: { ...complete, language: 9 } });
    expect(bad.status()).toBe(422);
    expect((await bad.json()).validationErrors).toEqual({ language: ["Enum"] });
    expect(await language()).toBe(2);
    await session.dispose();
  });

  test("Logout clears the cookie and ends the session", async ({ request }) => {
    const pupil = await newPupil(request);
    const session = await signedIn(pupil);
    expect((await session.get("/api/Identity/GetCurrentUser")).status()).toBe(200);
    const out = await session.post("/api/Identity/Logout");
    expect(out.status()).toBe(200);
    expect(out.headers()["set-cookie"]).toMatch(/next-auth\.session-token=;.*Max-Age=0/i);
    expect((await session.get("/api/Identity/GetCurrentUser")).status()).toBe(401);
    await session.dispose();
  });

  test("Chiqish on the parent's phone leaves the test running on the school's computer", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const school = await signedIn(pupil);
    const phone = await signedIn(pupil);
    const { attemptId } = await (await school.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    // The phone's cookie, to replay after the phone signed out.
    const phoneCookies = await phone.storageState();
    expect((await phone.post("/api/Identity/Logout")).status()).toBe(200);
    expect((await phone.get("/api/Identity/GetCurrentUser")).status()).toBe(401);
    const replayed = await playwrightRequest.newContext({ baseURL, storageState: phoneCookies });
    expect((await replayed.get(`/api/TestAttempts/Get?id=${attemptId}`)).status()).toBe(401);

    const view = await (await school.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
    const [question] = view.questions;
    const answered = await school.post("/api/TestAttempts/Answer", {
      data: { testAttemptQuestionId: question.testAttemptQuestionId, answerId: question.questionChoices[0].questionChoiceId },
    });
    expect(answered.status()).toBe(200);
    expect((await school.get("/api/Identity/GetCurrentUser")).status()).toBe(200);
    await Promise.all([school.dispose(), phone.dispose(), replayed.dispose()]);
  });
});

test.describe("an organiser blocks a pupil", () => {
  test("the open session stops working at the next request, and sign-in answers 2103", async ({ request }) => {
    const pupil = await newPupil(request);
    const pupilSession = await signedIn(pupil);
    const organiser = await signedIn(ORGANISER);
    expect((await pupilSession.get("/api/Identity/GetCurrentUser")).status()).toBe(200);

    const block = await organiser.put(`/api/admin/pupils/${pupil.userId}/blocked`, { data: { blocked: true, reason: "Qoidabuzarlik" } });
    expect(block.status()).toBe(200);
    expect((await pupilSession.get("/api/Identity/GetCurrentUser")).status()).toBe(401);
    const again = await (await anonymous()).post("/api/Identity/Login", { data: pupil });
    expect(await again.json()).toMatchObject({ code: 2103 });

    await organiser.put(`/api/admin/pupils/${pupil.userId}/blocked`, { data: { blocked: false, reason: "Xato bilan bloklangan" } });
    // Unblocking revives no session from before the block (a thief's included): only a new sign-in.
    expect((await pupilSession.get("/api/Identity/GetCurrentUser")).status()).toBe(401);
    expect((await (await anonymous()).post("/api/Identity/Login", { data: pupil })).status()).toBe(200);
    await Promise.all([pupilSession.dispose(), organiser.dispose()]);
  });
});

test.describe("the name on the certificate", () => {
  test("after the start the pupil cannot change it (4012), the organiser corrects it with a reason, and the certificate follows", async ({
    request,
  }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const session = await signedIn(pupil);
    const profile = await profileOf(session);
    expect((await session.post("/api/Identity/Update", { data: profile })).status()).toBe(200);
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });

    const renamed = await session.post("/api/Identity/Update", { data: { ...profile, firstName: "Boshqaism" } });
    expect(renamed.status()).toBe(400);
    expect(await renamed.json()).toMatchObject({ code: 4012, message: expect.stringContaining("faqat tashkilotchi") });
    // Anything else of the profile still changes.
    expect((await session.post("/api/Identity/Update", { data: { ...profile, phoneNumber: "907778899" } })).status()).toBe(200);
    const check = async () =>
      (await request.get(`/api/Certificates/Check?username=${pupil.username}`, { headers: { "X-Forwarded-For": "10.12.0.1" } })).json();
    expect((await check()).fullName).toBe(`${profile.lastName} ${profile.firstName} ${profile.middleName}`);

    const organiser = await signedIn(ORGANISER);
    const name = { firstName: "Gʻayrat", lastName: "Oʻrinov", middleName: "Anvarovich" };
    expect((await organiser.put(`/api/admin/pupils/${pupil.userId}/name`, { data: name })).status()).toBe(422);
    const corrected = await organiser.put(`/api/admin/pupils/${pupil.userId}/name`, {
      data: { ...name, reason: "Ota-onasi xatoni aytdi" },
    });
    expect(corrected.status()).toBe(200);
    expect((await check()).fullName).toBe("Oʻrinov Gʻayrat Anvarovich");
    const audit = await (await organiser.get("/api/admin/audit")).json();
    expect(audit.items).toContainEqual(
      expect.objectContaining({
        action: "pupil.name",
        targetId: pupil.userId,
        details: expect.objectContaining({ after: "Oʻrinov Gʻayrat Anvarovich" }),
      }),
    );
    await Promise.all([session.dispose(), organiser.dispose()]);
  });
});
