// Reports and exports may read from a replica (DATABASE_REPLICA_URL); attempts and
// answers never do. An app instance of its own whose "replica" is a second, empty database: a pupil
// takes the test as ever (the primary), while the organiser's results, export and item statistics
// of that test are not found (they read the replica). PostgreSQL only (see multi-instance.spec).
import { type ChildProcess, spawnSync } from "node:child_process";
import postgres from "postgres";
import { expect, test } from "../support/fixtures";
import { exited, ownServer, untilHealthy } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 30;
const base = `http://127.0.0.1:${PORT}`;
const primaryUrl = process.env.DATABASE_URL ?? "postgres://127.0.0.1/olimpiada";
const replicaName = `${new URL(primaryUrl).pathname.slice(1)}_replica`;
const replicaUrl = Object.assign(new URL(primaryUrl), { pathname: `/${replicaName}` }).toString();
const adminUrl = Object.assign(new URL(primaryUrl), { pathname: "/postgres" }).toString();
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${replicaName}" with (force)`);
  await admin.unsafe(`create database "${replicaName}"`);
  await admin.end();
  const migrated = spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/migrate.ts"], {
    env: { ...process.env, ...TEST_ENV, DATABASE_URL: replicaUrl, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (migrated.status !== 0) throw new Error(`migrating the replica failed: ${migrated.stderr}`);
  server = ownServer(PORT, {
    DATABASE_URL: primaryUrl,
    DATABASE_REPLICA_URL: replicaUrl,
    MIGRATE_ON_START: "false",
  });
  await untilHealthy(base);
});

test.afterAll(async () => {
  // The server gone before its replica database is dropped under it.
  if (server?.pid) {
    process.kill(-server.pid, "SIGTERM");
    await exited(server);
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${replicaName}" with (force)`).catch(() => {});
  await admin.end();
});

async function call(
  path: string,
  { method = "GET", body, cookie, token }: { method?: string; body?: unknown; cookie?: string; token?: string } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, cookie: response.headers.get("set-cookie")?.split(";")[0], json: () => response.clone().json() };
}

test("a pupil's test runs on the primary; the organiser's results, export and item statistics read the replica", async () => {
  const olympiad = await (
    await call("/api/test-support/olympiads", { method: "POST", token: TEST_ENV.TEST_SUPPORT_TOKEN, body: { pinCode: "1357" } })
  ).json();
  const pupil = await (
    await call("/api/test-support/pupils", { method: "POST", token: TEST_ENV.TEST_SUPPORT_TOKEN, body: { subjectId: olympiad.subjectId } })
  ).json();
  const { cookie } = await call("/api/Identity/Login", { method: "POST", body: { username: pupil.username, password: pupil.password } });
  const started = await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode: "1357" } });
  expect(started.status).toBe(200);
  const { attemptId } = await started.json();
  const view = await (await call(`/api/TestAttempts/Get?id=${attemptId}`, { cookie })).json();
  const q = view.questions[0];
  const saved = await call("/api/TestAttempts/Answer", {
    method: "POST",
    cookie,
    body: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: q.questionChoices[0].questionChoiceId },
  });
  expect(saved.status).toBe(200);
  expect((await call("/api/TestAttempts/Finish", { method: "POST", cookie, body: { attemptId, isEndedByUser: true } })).status).toBe(200);
  expect((await call(`/api/TestAttempts/Result?testAttemptId=${attemptId}`, { cookie })).status).toBe(200);

  const organiser = await call("/api/Identity/Login", {
    method: "POST",
    body: { username: TEST_ENV.ADMIN_USERNAME, password: TEST_ENV.ADMIN_PASSWORD },
  });
  const asOrganiser = { cookie: organiser.cookie };
  // The replica knows no such test: every report of it is not found there.
  expect((await call(`/api/admin/results?testId=${olympiad.testId}`, asOrganiser)).status).toBe(404);
  expect((await call(`/api/admin/results/export?testId=${olympiad.testId}&format=csv&scope=all`, asOrganiser)).status).toBe(404);
  expect((await call(`/api/admin/tests/${olympiad.testId}/item-statistics`, asOrganiser)).status).toBe(404);
  // The primary has it all: recompute (never on the replica) checks the one ended attempt.
  const recomputed = await call(`/api/admin/tests/${olympiad.testId}/recompute`, { method: "POST", ...asOrganiser });
  expect(recomputed.status).toBe(200);
  expect((await recomputed.json()).checked).toBe(1);
});
