// DESIGN §13, admission control: a saturated server answers a fast 503 with Retry-After (a calm
// page that reloads itself for a page, JSON for the API) instead of queueing; static files and
// the health check are always served. A server of its own with an admission limit of 1.
import { type ChildProcess, spawn } from "node:child_process";
import { expect, test } from "../support/fixtures";
import { TEST_ENV } from "../support/test-env";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const base = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The embedded database in memory, whatever the suites run on: this server only serves pages.
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = spawn(process.execPath, ["server.mjs", "-p", String(PORT), "-H", "127.0.0.1"], {
    detached: true,
    stdio: "ignore",
    env: { ...env, ...TEST_ENV, NODE_ENV: "production", PGLITE_DIR: "memory://", ADMISSION_LIMIT: "1", PUBLIC_URL: base },
  });
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the admission test's server did not start");
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

test("past the limit: a fast 503 with Retry-After, a calm page for a page, JSON for the API; health always answers", async () => {
  const burst = await Promise.all([
    ...Array.from({ length: 24 }, () =>
      fetch(`${base}/login`).then(async (r) => ({
        kind: "page",
        status: r.status,
        retry: r.headers.get("retry-after"),
        body: await r.text(),
      })),
    ),
    ...Array.from({ length: 24 }, () =>
      fetch(`${base}/api/Regions/GetAll`).then(async (r) => ({
        kind: "api",
        status: r.status,
        retry: r.headers.get("retry-after"),
        body: await r.text(),
      })),
    ),
    ...Array.from({ length: 8 }, () =>
      fetch(`${base}/api/health`).then(async (r) => ({ kind: "health", status: r.status, retry: null, body: "" })),
    ),
  ]);
  const refused = burst.filter((r) => r.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  expect(burst.filter((r) => r.status === 200).length).toBeGreaterThan(0);
  expect(burst.every((r) => r.status === 200 || r.status === 503)).toBe(true);
  for (const r of refused) expect(Number(r.retry)).toBeGreaterThanOrEqual(1);
  const page = refused.find((r) => r.kind === "page");
  expect(page?.body).toContain("Navbatdasiz");
  expect(page?.body).toMatch(/<meta http-equiv="refresh" content="\d+">/);
  const api = refused.find((r) => r.kind === "api");
  if (api) expect(JSON.parse(api.body)).toMatchObject({ code: null, busy: true });
  expect(burst.filter((r) => r.kind === "health").every((r) => r.status === 200)).toBe(true);
  // The crowd gone, everything is served again.
  expect((await fetch(`${base}/login`)).status).toBe(200);
});
