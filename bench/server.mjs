// What every benchmark needs: a fresh PostgreSQL database, the production build served by
// server/main.mjs on it (its own process group, gone when the benchmark ends), and a small client.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import postgres from "postgres";
import { ensureBuild, root } from "../scripts/env.mjs";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TOKEN = "bench-test-support-token-0123456789abcdef";
const ORGANISER_PASSWORD = "bench-organiser-password";

/**
 * A PostgreSQL cluster of the bench's own (initdb and pg_ctl, in a temporary folder, on its own
 * port), so that restarting the database mid-run never touches the machine's server.
 */
function ownPostgres(port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "olimpiada-bench-pg-"));
  const root = process.getuid?.() === 0;
  // PostgreSQL will not run as root: as root, its commands run as the postgres user.
  if (root) {
    const id = (flag) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
    chownSync(dir, id("-u"), id("-g"));
  }
  const pg = (command, args) => {
    const result = root
      ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
      : spawnSync(command, args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, "data");
  pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  pg("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pg("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-m", "fast", "-w", "restart"]),
    stop() {
      try {
        pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** `ownDatabase`: on a PostgreSQL cluster the bench makes for itself (see ownPostgres). */
export async function startBenchServer({ port, env = {}, ownDatabase = false }) {
  const base = `http://127.0.0.1:${port}`;
  const cluster = ownDatabase ? ownPostgres(port + 1000) : null;
  const adminUrl = cluster?.adminUrl ?? ADMIN_URL;
  const database = `olimpiada_bench_${Date.now()}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  // BENCH_APP_ROOT: another checkout's build to serve (bench/cost-compare.mjs: the commit before a
  // change, beside it); it builds with its own scripts.
  const appRoot = process.env.BENCH_APP_ROOT ? path.resolve(process.env.BENCH_APP_ROOT) : root;
  if (appRoot === root) ensureBuild();
  else (await import(pathToFileURL(path.join(appRoot, "scripts", "env.mjs")).href)).ensureBuild();

  const launch = () =>
    // BENCH_NODE_ARGS: flags for the app's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles".
    spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "server/main.mjs", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: appRoot,
        detached: true,
        stdio: ["ignore", "ignore", "inherit"],
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATABASE_URL: databaseUrl,
          PUBLIC_URL: base,
          AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
          CREDENTIALS_KEY: "bench-credentials-key-0123456789abcdef",
          BOT_API_TOKEN: "bench-bot-token-0123456789abcdef012345",
          PAYME_KEY: "bench",
          CLICK_SECRET_KEY: "bench",
          ADMIN_PASSWORD: ORGANISER_PASSWORD,
          TEST_SUPPORT_TOKEN: TOKEN,
          // The benches register their pupils on any day (the first season's period: docs/seasons.md).
          REGISTRATION_OPENS: "2020-01-01",
          REGISTRATION_CLOSES: "2099-12-31",
          NEXT_TELEMETRY_DISABLED: "1",
          NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
          ...env,
        },
      },
    );
  let server = launch();

  /** @param {string} path @param {{ method?: string, body?: unknown, cookie?: string, token?: string, headers?: Record<string, string>, ok?: boolean }} [options] */
  async function call(path, { method = "GET", body, cookie, token, headers = {}, ok = true } = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (ok && !response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  }

  async function stop() {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists "${database}" with (force)`).catch(() => {});
    await admin.end();
    cluster?.stop();
  }

  async function ready() {
    for (let i = 0; ; i++) {
      try {
        await call("/api/health");
        return;
      } catch {
        if (i > 120) throw new Error("the server did not start");
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** SIGKILL the app mid-run and start it again (the `--kill-app-at` of bench:opening). */
  async function restart() {
    const killed = Date.now();
    process.kill(-server.pid, "SIGKILL");
    server = launch();
    await ready();
    console.log(`app killed and back in ${((Date.now() - killed) / 1000).toFixed(1)} s`);
  }

  /** Restart PostgreSQL mid-run (the `--restart-db-at` of bench:opening): its own cluster only. */
  function restartDatabase() {
    if (!cluster) throw new Error("restartDatabase needs ownDatabase: the machine's server is never restarted");
    const at = Date.now();
    cluster.restart();
    console.log(`database restarted in ${((Date.now() - at) / 1000).toFixed(1)} s`);
  }

  try {
    await ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base,
    database,
    databaseUrl,
    call,
    stop,
    restart,
    restartDatabase,
    /** The app's process group (server/main.mjs and whatever it forks): bench:cost reads its CPU. */
    get processGroup() {
      return server.pid;
    },
  };
}

/** A 30-question olympiad open now, PIN 1234 (what every per-request bench measures against). */
export async function benchOlympiad(call) {
  return (
    await call("/api/test-support/olympiads", {
      method: "POST",
      token: TOKEN,
      body: { bankPerDifficulty: 12, counts: { easy: 10, medium: 10, hard: 10 }, pinCode: "1234" },
    })
  ).json();
}

/** A paid pupil of the olympiad's subject, signed in: its credentials and its session cookie. */
export async function signedInPupil(call, olympiad) {
  const pupil = await (
    await call("/api/test-support/pupils", { method: "POST", token: TOKEN, body: { subjectId: olympiad.subjectId } })
  ).json();
  const login = await call("/api/Identity/Login", { method: "POST", body: { username: pupil.username, password: pupil.password } });
  return { ...pupil, cookie: sessionCookieOf(login) };
}

/** The session's cookie (name=value) a sign-in's answer sets, beside the queue's ticket the front door gives. */
export const sessionCookieOf = (login) =>
  login.headers
    .getSetCookie()
    .find((cookie) => /^(__Host-)?next-auth\.session-token=/.test(cookie))
    ?.split(";")[0] ?? "";

/** The organiser (the bench server's ADMIN_PASSWORD), signed in: the session's cookie header. */
export async function signedInOrganiser(call) {
  const login = await call("/api/Identity/Login", {
    method: "POST",
    body: { username: "organiser", password: ORGANISER_PASSWORD },
  });
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * A question file sent to the upload endpoint, not awaited: `done()` says whether its answer has
 * come, `answer` is its status, text and time in ms (what the benches measure other requests beside).
 */
export function uploadInBackground(base, organiser, form, { dryRun }) {
  const started = performance.now();
  let done = false;
  const answer = fetch(`${base}/api/admin/questions/upload?dryRun=${dryRun}`, {
    method: "POST",
    headers: { Cookie: organiser },
    body: form,
  }).then(async (response) => {
    const text = await response.text();
    done = true;
    return { status: response.status, text, ms: performance.now() - started };
  });
  return { answer, done: () => done };
}
