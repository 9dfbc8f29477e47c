// DESIGN §13, admission control: a saturated server answers a fast 503 with Retry-After (a calm
// page that reloads itself for a page, JSON for the API) instead of queueing; static files and
// the health check are always served. A server of its own with an admission limit of 1.
import { type ChildProcess, spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import { expect, test } from "../support/fixtures";
import { TEST_ENV } from "../support/test-env";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const base = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
// One server for the file (its port is fixed): the tests share it, one after the other.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The embedded database in memory, whatever the suites run on: this server only serves pages.
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = spawn(process.execPath, ["server.mjs", "-p", String(PORT), "-H", "127.0.0.1"], {
    detached: true,
    stdio: "ignore",
    env: {
      ...env,
      ...TEST_ENV,
      NODE_ENV: "production",
      PGLITE_DIR: "memory://",
      ADMISSION_LIMIT: "1",
      BODY_WAIT_MS: "2000",
      PUBLIC_URL: base,
    },
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

test("64 requests whose bodies never come hold no place: the others are served at once, the idle ones get 408", async () => {
  const idle: Socket[] = [];
  const answers: string[] = [];
  for (let i = 0; i < 64; i++) {
    const socket = connect(PORT, "127.0.0.1");
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => answers.push(chunk));
    socket.on("error", () => {});
    socket.write("POST /api/payments/payme HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{");
    idle.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  try {
    const took: string[] = [];
    for (const path of ["/api/Regions/GetAll", "/login"]) {
      const started = Date.now();
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      took.push(`${path} ${Date.now() - started} ms`);
      expect(Date.now() - started, path).toBeLessThan(1_500);
    }
    console.log(`64 idle request bodies held open, admission limit 1: ${took.join(", ")}`);
    // A body that does not arrive within BODY_WAIT_MS (2 s here) is dropped with 408.
    await expect.poll(() => answers.filter((a) => a.startsWith("HTTP/1.1 408")).length, { timeout: 6_000 }).toBe(64);
  } finally {
    for (const socket of idle) socket.destroy();
  }
});

test("a request whose body arrives in pieces is served whole", async () => {
  const body = JSON.stringify({ username: "nobody1", password: "x".repeat(30_000) });
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(PORT, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (text.includes("\r\n\r\n")) resolve(text);
    });
    socket.on("error", reject);
    socket.write(
      `POST /api/Identity/Login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body.slice(0, 100));
    setTimeout(() => socket.write(body.slice(100, 20_000)), 300);
    setTimeout(() => socket.write(body.slice(20_000)), 600);
  });
  // The body reached the handler whole: its schema answered (422: the password is too long), not a 408 or a hang.
  expect(answer).toMatch(/^HTTP\/1\.1 422/);
});
