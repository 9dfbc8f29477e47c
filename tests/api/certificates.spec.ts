// Certificates/Check and Certificates/Generate: who has one, the PNG itself (size,
// decodes, its QR code opens the verification page), the rate limit, and /cert's preview image.
import { mkdirSync, writeFileSync } from "node:fs";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { baseURL } from "../../playwright.config";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn, type TestPupil } from "../support/http";

type Names = { firstName: string; lastName: string; middleName?: string };
let address = 0;
/** Each test its own client address, so that the per-address limit is the test's own. */
const from = () => ({ "X-Forwarded-For": `10.77.${Math.floor(++address / 250)}.${address % 250}` });

async function finishedPupil(
  request: APIRequestContext,
  names?: Names,
): Promise<TestPupil & { session: APIRequestContext; subjectId: number }> {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "2468" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId, names });
  const session = await signedIn(pupil);
  const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "2468" } })).json();
  expect((await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } })).status()).toBe(200);
  return { ...pupil, session, subjectId: olympiad.subjectId };
}

function decodePng(buffer: Buffer) {
  const png = PNG.sync.read(buffer);
  return { png, qr: jsQR(new Uint8ClampedArray(png.data), png.width, png.height) };
}

/** Whether the front door answered `path` from its kept copy (lib/kept-pages.mjs). */
const keptRead = async (request: APIRequestContext, path: string) => (await request.get(path, { headers: from() })).headers()["x-kept"];

const check = (request: APIRequestContext, username: string) =>
  request.get(`/api/Certificates/Check?username=${encodeURIComponent(username)}`, { headers: from() });

test.describe("Certificates/Check", () => {
  test("a pupil who finished has one, under last, first and middle name", async ({ request }) => {
    const pupil = await finishedPupil(request);
    expect(await (await check(request, pupil.username)).json()).toEqual({ hasCertificate: true, fullName: "Oquvchi Test Sinovovich" });
    expect((await (await check(request, pupil.username.toUpperCase())).json()).hasCertificate).toBe(true);
  });

  test("a pupil who has not finished, or no such pupil: no certificate and no name", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "1357" });
    const running = await newPupil(request, { subjectId: olympiad.subjectId });
    await (await signedIn(running)).post("/api/TestAttempts/New", { data: { language: 0, pinCode: "1357" } });
    const notStarted = await newPupil(request);
    for (const username of [running.username, notStarted.username, "nobody12345", "organiser"]) {
      expect(await (await check(request, username)).json(), username).toEqual({ hasCertificate: false, fullName: null });
    }
    expect((await request.get("/api/Certificates/Check", { headers: from() })).status()).toBe(422);
    expect((await check(request, "x".repeat(200))).status()).toBe(422);
  });

  test("lookups that find nothing are limited per address: names cannot be harvested", async ({ request }) => {
    const headers = { "X-Forwarded-For": "10.78.0.1" };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push((await request.get(`/api/Certificates/Check?username=guess${10000 + i}`, { headers })).status());
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect((await request.get("/api/Certificates/Check?username=guess1", { headers: { "X-Forwarded-For": "10.78.0.2" } })).status()).toBe(
      200,
    );
  });

  test("a school checking its class from one address is never refused: lookups that find a certificate are not misses", async ({
    request,
  }) => {
    const pupil = await finishedPupil(request);
    const headers = { "X-Forwarded-For": "10.78.0.3" };
    for (let i = 0; i < 45; i++) {
      const answer = await request.get(`/api/Certificates/Check?username=${pupil.username}`, { headers });
      expect(answer.status(), `lookup ${i + 1}`).toBe(200);
    }
    const page = await request.get(`/cert/${pupil.username}`, { headers });
    expect(await page.text()).toContain("Oquvchi Test Sinovovich");
  });
});

test.describe("a certificate tells the truth", () => {
  test("blocking withdraws it (Check, /cert); unblocking gives it back; a reset attempt has none", async ({ request }) => {
    const pupil = await finishedPupil(request);
    const organiser = await signedIn(ORGANISER);
    const block = (blocked: boolean) =>
      organiser.put(`/api/admin/pupils/${pupil.userId}/blocked`, { data: { blocked, reason: "Boshqa odam ishlagan" } });
    // Kept before the block (lib/kept-pages.mjs): the block drops the copy before the next read.
    await expect.poll(() => keptRead(request, `/cert/${pupil.username}`), { message: "a copy kept" }).toBe("1");
    expect((await block(true)).status()).toBe(200);
    expect(await (await check(request, pupil.username)).json()).toEqual({ hasCertificate: false, fullName: null });
    const page = await request.get(`/cert/${pupil.username}`, { headers: from() });
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain("Sertifikat topilmadi");
    expect((await block(false)).status()).toBe(200);
    expect((await (await check(request, pupil.username)).json()).hasCertificate).toBe(true);
    await organiser.dispose();
  });

  test("its date is the day the pupil ended the test (Tashkent), or the organiser's once it has come, never a day ahead, and stays what it was issued with; a day that does not exist is refused", async ({
    request,
  }) => {
    const tashkentDay = () =>
      new Intl.DateTimeFormat("ru-RU", { timeZone: "Asia/Tashkent", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());
    const before = tashkentDay();
    const pupil = await finishedPupil(request);
    const endDays = [before, tashkentDay()]; // the same day but across Tashkent's midnight
    const organiser = await signedIn(ORGANISER);
    const { items } = await (await organiser.get("/api/admin/tests")).json();
    const item = items.find((i: { subjectId: number }) => i.subjectId === pupil.subjectId);
    const dateOnPage = async (username = pupil.username) =>
      /data-testid="issue-date"[^>]*>([^<]+)</.exec(await (await request.get(`/cert/${username}`, { headers: from() })).text())?.[1];
    expect(endDays).toContain(await dateOnPage());
    const save = (certificateDate: string) =>
      organiser.put(`/api/admin/subjects/${pupil.subjectId}/test`, {
        data: { openedAt: item.test.openedAt, closedAt: item.test.closedAt, pinCode: item.test.pinCode, certificateDate, reason: "Sana" },
      });
    expect((await save("31.02.2026")).status()).toBe(422);
    expect((await save("01.07.2099")).status()).toBe(200);
    expect(endDays).toContain(await dateOnPage()); // not yet come
    const issued = await dateOnPage();
    // A date that has come: the certificate already issued keeps its date; one issued after it carries the new one.
    expect((await save("01.07.2026")).status()).toBe(200);
    expect(await dateOnPage()).toBe(issued);
    const next = await newPupil(request, { subjectId: pupil.subjectId });
    const session = await signedIn(next);
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "2468" } })).json();
    expect((await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } })).status()).toBe(200);
    expect(await dateOnPage(next.username)).toBe("01.07.2026");
    expect(await dateOnPage()).toBe(issued);
    await Promise.all([organiser.dispose(), session.dispose()]);
  });

  test("/cert of nobody: HTTP 404, the spec's text and whom to ask", async ({ request }) => {
    const page = await request.get("/cert/nobody12345", { headers: from() });
    expect(page.status()).toBe(404);
    const html = await page.text();
    expect(html).toContain("Sertifikat topilmadi");
    expect(html).toContain("bizga murojaat qiling");
    // The chat-bot to ask (CHAT_BOT_URL), in what the page renders.
    expect(html).toContain("contact-bot");
    expect(html).toContain("https://t.me/olimpiada_lager_bot");
  });
});

test.describe("Certificates/Generate", () => {
  test("is drawn in the language the pupil last signed in with", async ({ request, playwright }) => {
    const pupil = await finishedPupil(request);
    const uzbek = await (await pupil.session.post("/api/Certificates/Generate")).body();
    const russianSession = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: "lang=ru" } });
    expect((await russianSession.post("/api/Identity/Login", { data: { username: pupil.username, password: pupil.password } })).ok()).toBe(
      true,
    );
    const russian = await (await russianSession.post("/api/Certificates/Generate")).body();
    mkdirSync("tests/screenshots/certificates", { recursive: true });
    writeFileSync("tests/screenshots/certificates/russian.png", russian);
    expect(russian.equals(uzbek)).toBe(false);
    // The same language again: the same picture (kept, not drawn anew).
    expect((await (await russianSession.post("/api/Certificates/Generate")).body()).equals(russian)).toBe(true);
    await russianSession.dispose();
  });

  test("the PNG: print size, decodes, its QR code is the verification URL, downloaded under the pupil's names", async ({ request }) => {
    const pupil = await finishedPupil(request, { firstName: "Gʻayratjon", lastName: "Oʻrinboyev", middleName: "Maʼrufjon oʻgʻli" });
    const response = await pupil.session.post("/api/Certificates/Generate");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(decodeURIComponent(response.headers()["content-disposition"])).toContain("Oʻrinboyev_Gʻayratjon_Maʼrufjon_oʻgʻli.png");
    const body = await response.body();
    const { png, qr } = decodePng(body);
    expect(png.width).toBeGreaterThanOrEqual(1600);
    expect(qr?.data).toBe(`${baseURL}/cert/${pupil.username}`);
    mkdirSync("tests/screenshots/certificates", { recursive: true });
    writeFileSync("tests/screenshots/certificates/uzbek-letters.png", body);

    const page = await request.get(qr!.data, { headers: from() });
    expect(await page.text()).toContain("Oʻrinboyev Gʻayratjon Maʼrufjon oʻgʻli");
  });

  test("three long name parts still fit", async ({ request }) => {
    const pupil = await finishedPupil(request, {
      firstName: "Muhammadabdurahmonxon",
      lastName: "Abdulazizxoʻjayevaxonova",
      middleName: "Abdurashidxoʻjayevich-Gʻulomjonov",
    });
    const body = await (await pupil.session.post("/api/Certificates/Generate")).body();
    const { png, qr } = decodePng(body);
    expect(png.width).toBeGreaterThanOrEqual(1600);
    expect(qr?.data).toBe(`${baseURL}/cert/${pupil.username}`);
    writeFileSync("tests/screenshots/certificates/long-name.png", body);
  });

  test("no certificate before the test is finished; not for the signed-out or the organiser", async ({ request }) => {
    const pupil = await newPupil(request);
    const response = await (await signedIn(pupil)).post("/api/Certificates/Generate");
    expect(response.status()).toBe(404);
    expect((await request.post("/api/Certificates/Generate")).status()).toBe(401);
  });
});

test.describe("/cert/{username}", () => {
  test("shares a preview: OpenGraph tags whose image is the certificate, kept only for its current version", async ({ request }) => {
    const pupil = await finishedPupil(request);
    const html = await (await request.get(`/cert/${pupil.username}`, { headers: from() })).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(image).toMatch(/\/cert\/[a-z0-9]+\/preview\?v=[\w-]{16}$/);
    expect(html).toContain('<meta property="og:title" content="Oquvchi Test Sinovovich — sertifikat"');
    const preview = await request.get(image!, { headers: from() });
    expect(preview.headers()["content-type"]).toBe("image/png");
    expect(preview.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const { png, qr } = decodePng(await preview.body());
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(qr?.data).toBe(`${baseURL}/cert/${pupil.username}`);
    // Another version (the certificate changed since the link was shared): served, never kept.
    const stale = await request.get(image!.replace(/v=.*/, "v=old"), { headers: from() });
    expect(stale.status()).toBe(200);
    expect(stale.headers()["cache-control"]).toBe("no-store");
  });

  test("a link without a certificate previews a card nobody keeps; a refused lookup is a 429 nobody keeps, drawn for nobody", async ({
    request,
  }) => {
    const missing = await request.get("/cert/nobody12345/preview?v=none", { headers: from() });
    expect(missing.status()).toBe(200);
    expect(missing.headers()["content-type"]).toBe("image/png");
    expect(missing.headers()["cache-control"]).toBe("no-store");
    const headers = { "X-Forwarded-For": "10.78.1.1" };
    for (let i = 0; i < 30; i++) await request.get(`/api/Certificates/Check?username=guess${20000 + i}`, { headers });
    const refused = await request.get("/cert/nobody12345/preview?v=none", { headers });
    expect(refused.status()).toBe(429);
    expect(refused.headers()["content-type"]).not.toBe("image/png");
    expect(refused.headers()["cache-control"]).toBe("no-store");
  });
});

test.describe("kept copies of the certificate's pages", () => {
  test("the check page and its preview are served from the front door's copy, each with a fresh nonce, and a name fixed replaces them at once", async ({
    request,
  }) => {
    const pupil = await finishedPupil(request);
    const read = (path: string) => request.get(path, { headers: from() });
    // A render during which a change of the pupil was heard (the finish's own word may come late) is not kept: the next is.
    await expect.poll(() => keptRead(request, `/cert/${pupil.username}`), { message: "a copy kept" }).toBe("1");
    const html = await (await read(`/cert/${pupil.username}?lang=uz`)).text();
    const kept = await read(`/cert/${pupil.username}`);
    expect(kept.headers()["x-kept"]).toBe("1");
    const keptHtml = await kept.text();
    // The same page, its nonce and request id its own: the policy's nonce is the one on its scripts.
    const nonceOf = (text: string) => /nonce="([^"]+)"/.exec(text)?.[1];
    const policyNonce = /'nonce-([^']+)'/.exec(kept.headers()["content-security-policy"])?.[1];
    expect(nonceOf(keptHtml)).toBe(policyNonce);
    expect(nonceOf(keptHtml)).not.toBe(nonceOf(html));
    expect(keptHtml).toContain(`"data-request-id\\":\\"${kept.headers()["x-request-id"]}\\"`);
    const ogImage = (text: string) => /<meta property="og:image" content="([^"]+)"/.exec(text)?.[1];
    expect(ogImage(keptHtml)).toBe(ogImage(html));
    expect(keptHtml).toContain("Oquvchi Test Sinovovich");
    // Another language, another copy; a query the page does not read, none at all.
    expect((await request.get(`/cert/${pupil.username}?lang=ru`, { headers: from() })).headers()["x-kept"]).toBeUndefined();
    expect((await request.get(`/cert/${pupil.username}?x=1`, { headers: from() })).headers()["x-kept"]).toBeUndefined();
    expect((await request.get(`/cert/${pupil.username}?x=1`, { headers: from() })).headers()["x-kept"]).toBeUndefined();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const picture = await (await read(image)).body();
    await expect.poll(() => keptRead(request, image), { message: "the preview kept" }).toBe("1");
    const keptPicture = await read(image);
    expect(keptPicture.headers()["x-kept"]).toBe("1");
    expect((await keptPicture.body()).equals(picture)).toBe(true);

    const organiser = await signedIn(ORGANISER);
    const renamed = await organiser.put(`/api/admin/pupils/${pupil.userId}/name`, {
      data: { firstName: "Yangi", lastName: "Ism", middleName: "", reason: "Ism xato yozilgan" },
    });
    expect(renamed.status()).toBe(200);
    const after = await read(`/cert/${pupil.username}`);
    expect(after.headers()["x-kept"]).toBeUndefined();
    expect(await after.text()).toContain("Ism Yangi");
    expect((await read(image)).headers()["x-kept"]).toBeUndefined();
    await expect.poll(() => keptRead(request, `/cert/${pupil.username}`), { message: "the new page kept" }).toBe("1");
    expect(await (await read(`/cert/${pupil.username}`)).text()).toContain("Ism Yangi");
    await organiser.dispose();
  });
});

test.describe("Certificates/Generate under a loop", () => {
  test("a pupil pressing download in a loop: drawn once, a few downloads a minute, and the others' test is served meanwhile", async ({
    request,
  }) => {
    // How fast the other pupil's reads stay meanwhile is bench:certificates' figure.
    const pupil = await finishedPupil(request);
    // Another pupil in the middle of a test.
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "1122" });
    const other = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
    const { attemptId } = await (await other.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "1122" } })).json();

    const statuses: number[] = [];
    const bodies = new Set<string>();
    let looping = true;
    const loop = async () => {
      while (looping) {
        const response = await pupil.session.post("/api/Certificates/Generate");
        statuses.push(response.status());
        if (response.ok()) bodies.add((await response.body()).toString("base64"));
      }
    };
    const loops = Array.from({ length: 32 }, loop);
    for (let i = 0; i < 10; i++) {
      expect((await other.get(`/api/TestAttempts/Get?id=${attemptId}`)).status()).toBe(200);
      expect((await other.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`)).status()).toBe(200);
    }
    looping = false;
    await Promise.all(loops);
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(bodies.size).toBe(1);
  });
});
