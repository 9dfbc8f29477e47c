// PostgreSQL stopped in the middle of a test (pg_ctl stop -m immediate, on a cluster of the test's
// own): every call answers 503 with Retry-After and a message in the caller's language that the
// answers wait on the device, pages the calm page (a kept public page its copy), /api/health 503 naming the database, /holat and
// olimpiada_database_up say so, the log one line when it goes and one when it is back; nothing
// acknowledged is lost and the app serves again by itself. PostgreSQL runs only (the embedded
// database cannot go away).
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, type APIResponse, request as playwrightRequest } from "@playwright/test";
import postgres from "postgres";
import { ru } from "@/lib/i18n/ru";
import { uz } from "@/shared/i18n/uz";
import { freePort, newCluster } from "../../scripts/own-postgres.mjs";
import { expect, type Page, test } from "../support/fixtures";
import { exited, ownServer, untilHealthy } from "../support/processes";
import { TEST_ENV } from "../support/test-env";
import { startAttempt } from "../support/ui";

const support = { Authorization: `Bearer ${TEST_ENV.TEST_SUPPORT_TOKEN}` };
const kept = (page: Page, path: string) =>
  page.evaluate(async (p) => (await caches.open("olimpiada-attempt-pages").then((c) => c.match(p))) !== undefined, path);
const lines = (log: string, message: string) => log.split("\n").filter((line) => line.includes(`"msg":"${message}`)).length;

test("PostgreSQL away mid-test: 503s that say the answers wait, the calm page, health and status tell it, nothing lost, serving again by itself", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), "olimpiada-outage-"));
  const cluster = newCluster({ folder, data: path.join(folder, "data"), port: await freePort() });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(folder, "app.log");
  let app: ChildProcess | undefined;
  const contexts: APIRequestContext[] = [];
  const context = async (headers: Record<string, string> = {}) => {
    const made = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: headers });
    contexts.push(made);
    return made;
  };
  try {
    cluster.start();
    const admin = postgres(cluster.url(), { max: 1, onnotice: () => {} });
    await admin.unsafe("create database olimpiada");
    await admin.end();
    app = ownServer(port, {
      DATABASE_URL: cluster.url("olimpiada"),
      SEED_DEMO: "true",
      DEMO_PUBLIC: "true",
      LOG_FILE: logFile,
    });
    await untilHealthy(base, 200_000);
    const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : "");

    // A pupil in the middle of a test, and the organiser at the console.
    const setup = await context();
    const olympiad = await (await setup.post("/api/test-support/olympiads", { data: {}, headers: support })).json();
    const pupil = await (
      await setup.post("/api/test-support/pupils", { data: { subjectId: olympiad.subjectId }, headers: support })
    ).json();
    const session = await context({ "Accept-Language": "ru" });
    expect((await session.post("/api/Identity/Login", { data: { username: pupil.username, password: pupil.password } })).status()).toBe(
      200,
    );
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    const view = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
    const [first, second] = view.questions as { testAttemptQuestionId: number; questionChoices: { questionChoiceId: number }[] }[];
    const answer = (q: typeof first) =>
      session.post("/api/TestAttempts/Answer", {
        data: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: q.questionChoices[0].questionChoiceId },
      });
    expect((await answer(first)).status()).toBe(200);
    const organiser = await context({ "Accept-Language": "ru" });
    const signedIn = await organiser.post("/api/Identity/Login", {
      data: { username: TEST_ENV.ADMIN_USERNAME, password: TEST_ENV.ADMIN_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);

    // A second pupil in Chromium, on the attempt page the device keeps (public/sw.js).
    const reader = await (
      await setup.post("/api/test-support/pupils", { data: { subjectId: olympiad.subjectId }, headers: support })
    ).json();
    const device = await browser.newContext({ baseURL: base, locale: "uz-UZ", timezoneId: "Asia/Tashkent" });
    const page = await device.newPage();
    const attemptPath = await startAttempt(page, reader, olympiad.pinCode);
    await expect(page.getByText(/^1-savol/)).toBeVisible();
    await expect.poll(() => kept(page, "/offline-shell"), { timeout: 30_000 }).toBe(true);

    // The demo's certificate check page, kept by the front door (lib/kept-pages.mjs).
    const certificate = `${base}/cert/demo9fin`;
    await expect.poll(async () => (await fetch(certificate)).headers.get("x-kept"), { message: "a copy kept" }).toBe("1");

    cluster.stop("immediate");

    // Every call: 503, when to try again, and what the page does with the answers, in Russian.
    const login = () => session.post("/api/Identity/Login", { data: { username: pupil.username, password: pupil.password } });
    const calls: [string, () => Promise<APIResponse>][] = [
      ["Answer", () => answer(second)],
      ["Get", () => session.get(`/api/TestAttempts/Get?id=${attemptId}`)],
      ["GetRemainingTime", () => session.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`)],
      ["GetCurrentUser", () => session.get("/api/Identity/GetCurrentUser")],
      ["Login", login],
      ["the organiser's act", () => organiser.post(`/api/admin/attempts/${attemptId}/end`, { data: { reason: "Sinov: baza o'chdi" } })],
    ];
    for (const [name, call] of calls) {
      const response = await call();
      expect(response.status(), name).toBe(503);
      expect(Number(response.headers()["retry-after"]), name).toBeGreaterThan(0);
      expect((await response.json()).message, name).toBe(ru.http.databaseAway);
    }
    // The pupil in Chromium reloads: the device's copy of the attempt, not an error; an answer waits there.
    await page.reload();
    await expect(page.getByText(/^1-savol/)).toBeVisible();
    await page.getByRole("radio").nth(1).click();
    await expect(page.getByTestId("save-state")).not.toContainText("Barcha javoblar saqlandi");
    // A page: the calm page in the visitor's language, not Next's error page.
    const calm = await fetch(`${base}/test-attempt`, { headers: { "Accept-Language": "uz", Accept: "text/html" } });
    expect(calm.status).toBe(503);
    expect(calm.headers.get("retry-after")).not.toBeNull();
    const html = await calm.text();
    expect(html).toContain("Server vaqtincha ishlamayapti");
    expect(html).toContain('http-equiv="refresh"');
    // A kept page is served while the database is away: a family checking a certificate still reads it.
    const keptPage = await fetch(certificate);
    expect(keptPage.status).toBe(200);
    expect(keptPage.headers.get("x-kept")).toBe("1");
    expect(await keptPage.text()).toContain('data-testid="certificate"');
    // The health check, the status page and the metrics say what is wrong.
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "unavailable", database: "unreachable", message: uz.http.databaseAway });
    expect(await (await fetch(`${base}/holat?lang=uz`)).text()).toContain('data-database="away"');
    const scrape = (await fetch(`${base}/api/metrics`, { headers: { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` } })).text();
    expect(await scrape).toMatch(/^olimpiada_database_up 0$/m);
    // One line for the outage, however many calls met it; none per call.
    await expect.poll(() => lines(log(), "database unreachable")).toBe(1);
    expect(lines(log(), "unhandled error in route handler")).toBe(0);

    cluster.start();
    const back = performance.now();
    // The app serves again by itself: the pupil signs in, the kept answer is sent and is there.
    await expect.poll(async () => (await login()).status(), { timeout: 60_000, intervals: [100] }).toBe(200);
    console.log(`first sign-in ${((performance.now() - back) / 1000).toFixed(1)} s after PostgreSQL was back`);
    expect((await answer(second)).status()).toBe(200);
    const after = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
    const answered = (after.questions as { testAttemptQuestionId: number; answerId: number | null }[]).filter((q) => q.answerId !== null);
    expect(answered.map((q) => q.testAttemptQuestionId).sort()).toEqual([first.testAttemptQuestionId, second.testAttemptQuestionId].sort());
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // Listening again, the process drops every copy (what changed meanwhile was not told): the page is rendered anew.
    await expect
      .poll(async () => (await fetch(certificate)).headers.get("x-kept"), { message: "the copies dropped", timeout: 60_000 })
      .toBeNull();
    // The answer that waited in Chromium goes out by itself, once.
    await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/, { timeout: 60_000 });
    const readerView = await (await page.request.get(`/api/TestAttempts/Get?id=${attemptPath.split("/").pop()}`)).json();
    expect(readerView.questions.filter((q: { answerId: number | null }) => q.answerId !== null)).toHaveLength(1);
    await device.close();
    await expect.poll(() => lines(log(), "database reachable again")).toBe(1);
    expect(lines(log(), "database unreachable")).toBe(1);
  } finally {
    for (const made of contexts) await made.dispose();
    if (app?.pid) {
      process.kill(-app.pid, "SIGTERM");
      await exited(app);
    }
    try {
      cluster.stop("immediate");
    } catch {
      // already stopped
    }
    rmSync(folder, { recursive: true, force: true });
  }
});
