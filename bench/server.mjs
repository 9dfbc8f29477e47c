// What every benchmark needs: a fresh PostgreSQL database, the production build served by
// server.mjs on it (its own process group, gone when the benchmark ends), and a small client.
import { spawn } from "node:child_process";
import postgres from "postgres";
import { ensureBuild, root } from "../scripts/env.mjs";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TOKEN = "bench-test-support-token-0123456789abcdef";

export async function startBenchServer({ port, env = {} }) {
  const base = `http://127.0.0.1:${port}`;
  const database = `olimpiada_bench_${Date.now()}`;
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  ensureBuild();

  const launch = () =>
    // BENCH_NODE_ARGS: flags for the app's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles".
    spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "server.mjs", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: root,
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
          ADMIN_PASSWORD: "bench-organiser-password",
          TEST_SUPPORT_TOKEN: TOKEN,
          NEXT_TELEMETRY_DISABLED: "1",
          NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
          ...env,
        },
      },
    );
  let server = launch();

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

  try {
    await ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, database, databaseUrl, call, stop, restart };
}
