// The deployment guide (docs/deployment.md) in its tested form (issue 26): `npm run ops:cluster`
// with TLS=true — two instances behind nginx serving https with a certificate of its own, PgBouncer
// in transaction mode, Redis — and PUBLIC_URL https, as a real deployment: the __Host- session
// cookie and HSTS, the metrics scrape of each instance, each instance's log file, and `npm run
// ops:logs-attempt` telling an attempt's story from those logs. PostgreSQL only.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { type ClusterInstance, startTestCluster } from "../support/cluster";
import { expect, test } from "../support/fixtures";
import { DEMO_PUPIL } from "../support/http";
import { TEST_ENV } from "../support/test-env";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 40;
const base = `https://127.0.0.1:${PORT}`;
let cluster: Awaited<ReturnType<typeof startTestCluster>>;
let instances: ClusterInstance[] = [];
let browser: APIRequestContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // A deployment's environment: no test-support token (refused with an https PUBLIC_URL anyway).
  const { TEST_SUPPORT_TOKEN: _support, LOG_FILE: _log, ...secrets } = TEST_ENV;
  cluster = await startTestCluster(PORT, {
    ...secrets,
    INSTANCES: "2",
    PGBOUNCER: "true",
    TLS: "true",
    PUBLIC_URL: base,
    SEED_DEMO: "true",
    DEMO_PUBLIC: "true",
  });
  instances = cluster.instances;
  // A browser that trusts the cluster's own certificate, as one trusts the organisation's.
  browser = await playwrightRequest.newContext({ baseURL: base, ignoreHTTPSErrors: true });
});

test.afterAll(async () => {
  await browser?.dispose();
  await cluster?.stop();
});

test("over https: HSTS on pages and calls, and the session in a __Host- cookie", async () => {
  const page = await browser.get("/login");
  expect(page.status()).toBe(200);
  expect(page.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
  const login = await browser.post("/api/Identity/Login", { data: DEMO_PUPIL });
  expect(login.status()).toBe(200);
  expect(login.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
  const session = login
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((value) => value.includes("session-token="));
  expect(session).toMatch(/^__Host-next-auth\.session-token=/);
  expect(session).toMatch(/; Secure/i);
  expect(session).toMatch(/; Path=\//i);
  expect(session).not.toMatch(/; Domain=/i);
  // The cookie comes back and is the session.
  const me = await browser.get("/api/Identity/GetCurrentUser");
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe(DEMO_PUPIL.username);
  expect((await browser.get("/holat")).status()).toBe(200);
});

test("behind nginx, a signed-out visitor is sent to the sign-in page of the address they opened, and a login from it is served", async () => {
  // Opened by another of the machine's names than PUBLIC_URL's: nginx passes the Host on.
  const other = await playwrightRequest.newContext({ baseURL: `https://localhost:${PORT}`, ignoreHTTPSErrors: true });
  try {
    const redirected = await other.get("/admin", { maxRedirects: 0 });
    expect(redirected.status()).toBe(307);
    const location = new URL(redirected.headers().location, "https://relative.invalid");
    expect(location.origin).toMatch(new RegExp(`^(https://localhost:${PORT}|https://relative\\.invalid)$`));
    expect(`${location.pathname}${location.search}`).toBe("/login?returnUrl=%2Fadmin");
    const login = await other.post("/api/Identity/Login", { data: DEMO_PUPIL, headers: { Origin: `https://localhost:${PORT}` } });
    expect(login.status()).toBe(200);
    const foreign = await other.post("/api/Identity/Login", { data: DEMO_PUPIL, headers: { Origin: "https://evil.example" } });
    expect(foreign.status()).toBe(403);
  } finally {
    await other.dispose();
  }
});

test("each instance is scraped with the metrics token, and writes its own log lines", async () => {
  for (const instance of instances) {
    const scrape = await fetch(`http://127.0.0.1:${instance.port}/api/metrics`, {
      headers: { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` },
    });
    expect(scrape.status).toBe(200);
    const figures = await scrape.text();
    expect(figures).toContain("olimpiada_http_request_duration_seconds_bucket");
    expect(figures).toContain(`app_instance="${instance.name}"`);
    expect((await fetch(`http://127.0.0.1:${instance.port}/api/metrics`)).status).toBe(401);
  }
  const login = await browser.post("/api/Identity/Login", { data: DEMO_PUPIL });
  const id = login.headers()["x-request-id"];
  await expect
    .poll(() => instances.map((i) => (existsSync(i.log) ? readFileSync(i.log, "utf8") : "")).join("\n"), { timeout: 10_000 })
    .toContain(`"requestId":"${id}"`);
  const line = instances
    .flatMap((i) => readFileSync(i.log, "utf8").split("\n"))
    .find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"msg":"request"'))!;
  expect(JSON.parse(line)).toMatchObject({ route: "/api/Identity/Login", status: 200, instance: expect.stringMatching(/^app[12]$/) });
});

test("npm run ops:logs-attempt tells an attempt's story from the database and the instances' logs", async () => {
  await browser.post("/api/Identity/Login", { data: DEMO_PUPIL });
  await browser.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "1234" } });
  const { attemptId } = await (await browser.get("/api/TestAttempts/IsThereAttempt")).json();
  expect(attemptId).toEqual(expect.any(Number));
  const read = await browser.get(`/api/TestAttempts/Get?id=${attemptId}`);
  expect(read.status()).toBe(200);
  const readId = read.headers()["x-request-id"];
  await expect
    .poll(() => instances.map((i) => readFileSync(i.log, "utf8")).join("\n"), { timeout: 10_000 })
    .toContain(`"requestId":"${readId}"`);
  const story = spawnSync("npm", ["run", "--silent", "ops:logs-attempt", "--", String(attemptId), ...instances.map((i) => i.log)], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "development" },
  });
  expect(story.stderr).toBe("");
  expect(story.status).toBe(0);
  expect(story.stdout).toContain(`Attempt ${attemptId}: pupil ${DEMO_PUPIL.username}`);
  expect(story.stdout).toContain("started (database)");
  expect(story.stdout).toContain(`GET /api/TestAttempts/Get → 200`);
  expect(story.stdout).toContain(readId);
});

test("with every instance down, nginx still gives /holat from its copy", async () => {
  const before = await browser.get("/holat?lang=ru");
  expect(before.status()).toBe(200);
  for (const instance of instances) process.kill(instance.pid, "SIGKILL");
  await expect.poll(async () => (await browser.get("/login")).status(), { timeout: 10_000 }).toBe(502);
  const after = await browser.get("/holat?lang=ru");
  expect(after.status()).toBe(200);
  expect(await after.text()).toContain("<h1>Состояние</h1>");
});
