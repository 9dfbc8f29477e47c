// Certificates/Check and Certificates/Generate (DESIGN §7): who has one, the PNG itself (size,
// decodes, its QR code opens the verification page), the rate limit, and /cert's preview image.
import { mkdirSync, writeFileSync } from "node:fs";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { baseURL } from "../../playwright.config";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, signedIn, type TestPupil } from "../support/http";

type Names = { firstName: string; lastName: string; middleName?: string };
let address = 0;
/** Each test its own client address, so that the per-address limit is the test's own. */
const from = () => ({ "X-Forwarded-For": `10.77.${Math.floor(++address / 250)}.${address % 250}` });

async function finishedPupil(request: APIRequestContext, names?: Names): Promise<TestPupil & { session: APIRequestContext }> {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "2468" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId, names });
  const session = await signedIn(pupil);
  const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "2468" } })).json();
  expect((await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } })).status()).toBe(200);
  return { ...pupil, session };
}

function decodePng(buffer: Buffer) {
  const png = PNG.sync.read(buffer);
  return { png, qr: jsQR(new Uint8ClampedArray(png.data), png.width, png.height) };
}

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

  test("is rate limited per address: names cannot be harvested", async ({ request }) => {
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
});

test.describe("Certificates/Generate", () => {
  test("the PNG: print size, decodes, its QR code is the verification URL, downloaded under the pupil's names", async ({ request }) => {
    const pupil = await finishedPupil(request, { firstName: "Gʻayratjon", lastName: "Oʻrinboyev", middleName: "Maʼrufjon oʻgʻli" });
    const response = await pupil.session.post("/api/Certificates/Generate");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(decodeURIComponent(response.headers()["content-disposition"])).toContain("Gʻayratjon_Oʻrinboyev_Maʼrufjon_oʻgʻli.png");
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
  test("shares a preview: OpenGraph tags whose image is the certificate", async ({ request }) => {
    const pupil = await finishedPupil(request);
    const html = await (await request.get(`/cert/${pupil.username}`, { headers: from() })).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toBeTruthy();
    expect(html).toContain('<meta property="og:title" content="Oquvchi Test Sinovovich — sertifikat"');
    const preview = await request.get(image!.replace(/&amp;/g, "&"), { headers: from() });
    expect(preview.headers()["content-type"]).toBe("image/png");
    const { png, qr } = decodePng(await preview.body());
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(qr?.data).toBe(`${baseURL}/cert/${pupil.username}`);
  });
});
