// Several app processes on one port (APP_PROCESSES): the start's preparation (migrations, the
// reference data, the demo) runs once, under a lock, so processes starting together on a fresh
// database all serve; a process whose app fails to start exits before it listens (it never answers
// a 500) and the primary starts another after a pause. PostgreSQL only (see multi-instance.spec).
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { expect, test } from "../support/fixtures";
import { exited, ownServer, untilHealthy } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

const sharedUrl = process.env.DATABASE_URL ?? "postgres://127.0.0.1/olimpiada";
const adminUrl = Object.assign(new URL(sharedUrl), { pathname: "/postgres" }).toString();

/** A database of its own, made (or only named) now, dropped by `drop`. */
async function freshDatabase(name: string, { create = true } = {}) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  if (create) await admin.unsafe(`create database "${name}"`);
  return {
    url: Object.assign(new URL(sharedUrl), { pathname: `/${name}` }).toString(),
    create: () => admin.unsafe(`create database "${name}"`),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/** The server with two app processes on `port`, its log lines in a file of its own. */
function twoProcesses(port: number, databaseUrl: string) {
  const logFile = path.join(tmpdir(), `olimpiada-processes-${port}.log`);
  rmSync(logFile, { force: true });
  const server = ownServer(port, {
    DATABASE_URL: databaseUrl,
    APP_PROCESSES: "2",
    SEED_DEMO: "true",
    DEMO_PUBLIC: "true",
    LOG_FILE: logFile,
  });
  return { server, logged: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : "") };
}

async function stopped(server: ChildProcess) {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
  await exited(server);
}

/** A request on a connection of its own (the cluster hands each connection to one process in turn): its status and body. */
function once(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path: urlPath, agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** The statuses of `count` requests, each on a new connection, and which processes answered the metrics. */
async function served(port: number, count: number) {
  const statuses: number[] = [];
  const processes = new Set<string>();
  for (let i = 0; i < count; i++) {
    statuses.push((await once(port, "/api/Regions/GetAll")).status);
    statuses.push((await once(port, "/login")).status);
    const figures = await once(port, "/api/metrics", { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` });
    const answered = /app_process="(\d+)"/.exec(figures.body)?.[1];
    if (answered) processes.add(answered);
  }
  return { statuses, processes };
}

test("two processes starting together on a fresh database with the demo: prepared once, every request served by both", async () => {
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + 41;
  const database = await freshDatabase(`${new URL(sharedUrl).pathname.slice(1)}_processes_fresh`);
  const { server, logged } = twoProcesses(port, database.url);
  try {
    await untilHealthy(`http://127.0.0.1:${port}`);
    // Healthy is one process listening: the other may still be finishing its start (it waited for
    // the first one's preparation). Asked until both have answered, every answer a 200 meanwhile.
    const statuses: number[] = [];
    const processes = new Set<string>();
    await expect
      .poll(
        async () => {
          const round = await served(port, 4);
          statuses.push(...round.statuses);
          for (const answered of round.processes) processes.add(answered);
          return [...processes].sort();
        },
        { timeout: 60_000 },
      )
      .toEqual(["1", "2"]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(logged()).not.toContain("failed to start");
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    expect((await sql`select count(*)::int as n from users where username = 'demo7mat'`)[0].n).toBe(1);
    await sql.end();
  } finally {
    await stopped(server);
    await database.drop();
  }
});

test("a process whose app fails to start exits before it listens, and another is started: no request is ever answered 500", async () => {
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + 42;
  // Its database does not exist yet: every start fails until it does.
  const database = await freshDatabase(`${new URL(sharedUrl).pathname.slice(1)}_processes_late`, { create: false });
  const { server, logged } = twoProcesses(port, database.url);
  const seen: number[] = [];
  let asking = true;
  const asker = (async () => {
    while (asking) {
      const status = await once(port, "/api/Regions/GetAll").then(
        (answer) => answer.status,
        () => 0, // not listening: refused
      );
      if (status !== 0) seen.push(status);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    await expect.poll(logged, { message: "a failed start is logged", timeout: 120_000 }).toContain("app process failed to start");
    await database.create();
    await untilHealthy(`http://127.0.0.1:${port}`);
    const { statuses } = await served(port, 6);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  } finally {
    asking = false;
    await asker;
    await stopped(server);
    await database.drop();
  }
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((status) => status !== 200)).toEqual([]);
});
