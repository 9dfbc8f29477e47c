// `npm run db:restore-drill`: proves the backup procedure of the deployment guide by doing it, on a
// PostgreSQL cluster of its own; exit code 1 if an answer is lost or one from after the moment is there.
// Steps and options: docs/operations.md#restore-drill
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, chownSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { ensureBuild, root } from "./env.mjs";
import { freePort, ownedFolder, owner, pg } from "./own-postgres.mjs";

const { values: options } = parseArgs({
  options: {
    pupils: { type: "string", default: "20" },
    answers: { type: "string", default: "5" },
    keep: { type: "boolean", default: false },
  },
});
const PUPILS = Number(options.pupils);
const ANSWERS = Number(options.answers);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);

/** A browser-like client of the app: its own session cookie. */
function client(base, headers = {}) {
  const jar = new Map();
  /** @param {string} route @param {{ method?: string, body?: unknown }} [options] */
  return async function call(route, { method = "GET", body } = {}) {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        Accept: "application/json",
        Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
  };
}

ensureBuild();
const folder = ownedFolder(mkdtempSync(path.join(tmpdir(), "olimpiada-restore-drill-")));
const primary = path.join(folder, "primary");
const archive = ownedFolder(path.join(folder, "wal-archive"));
const backup = path.join(folder, "base-backup");
const restored = path.join(folder, "restored");
const [primaryPort, restoredPort, appPort] = [await freePort(), await freePort(), await freePort()];
let app = null;
const started = [];

async function cleanUp() {
  app?.kill("SIGTERM");
  for (const data of started.reverse()) {
    try {
      pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already stopped
    }
  }
  if (!options.keep) rmSync(folder, { recursive: true, force: true });
}

try {
  // The primary: continuous archiving, as the deployment guide's configuration has it.
  pg("initdb", ["-D", primary, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-instructions"]);
  appendFileSync(
    path.join(primary, "postgresql.conf"),
    [
      "",
      "# The restore drill (scripts/restore-drill.mjs): docs/deployment.md's archiving settings.",
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${folder}'`,
      "wal_level = replica",
      "archive_mode = on",
      `archive_command = 'test ! -f "${archive}/%f" && cp "%p" "${archive}/%f"'`,
      "",
    ].join("\n"),
  );
  pg("pg_ctl", ["-D", primary, "-l", path.join(folder, "primary.log"), "-w", "start"]);
  started.push(primary);
  const admin = postgres({ host: "127.0.0.1", port: primaryPort, user: "postgres", database: "postgres", onnotice: () => {} });
  await admin.unsafe("create database olimpiada");

  // The real app on it (its migrations run at its start), with a test olympiad and pupils.
  const token = randomBytes(24).toString("hex");
  const secret = () => randomBytes(24).toString("hex");
  app = spawn(process.execPath, ["server/main.mjs", "-p", String(appPort), "-H", "127.0.0.1"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: `postgres://postgres@127.0.0.1:${primaryPort}/olimpiada`,
      PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      AUTH_SECRET: secret(),
      CREDENTIALS_KEY: secret(),
      BOT_API_TOKEN: secret(),
      PAYME_KEY: secret(),
      CLICK_SECRET_KEY: secret(),
      ADMIN_PASSWORD: secret(),
      TEST_SUPPORT_TOKEN: token,
      PAYMENTS_SANDBOX: "true",
      SEED_DEMO: "false",
      ADMISSION_LIMIT: "0",
      // The drill registers its pupils today, whatever the month (the first season's period: docs/seasons.md).
      REGISTRATION_OPENS: "2020-01-01",
      REGISTRATION_CLOSES: "2099-12-31",
    },
  });
  const base = `http://127.0.0.1:${appPort}`;
  for (let i = 0; ; i++) {
    if (app.exitCode !== null) throw new Error("the app exited at start");
    if (i > 240) throw new Error("the app did not answer within 60 s");
    if ((await fetch(`${base}/api/Regions/GetAll`).catch(() => null))?.ok) break;
    await sleep(250);
  }

  // The base backup, taken while the app runs: the start of every restore.
  let from = performance.now();
  pg("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", backup, "-X", "stream", "-c", "fast"]);
  console.log(`base backup: ${seconds(from)} s`);

  const support = client(base, { Authorization: `Bearer ${token}` });
  const count = 2 * ANSWERS;
  const olympiad = (
    await support("/api/test-support/olympiads", {
      method: "POST",
      // The first `count` questions are the easy ones: answered before the moment, then after it.
      body: { bankPerDifficulty: count, counts: { easy: count, medium: 1, hard: 1 } },
    })
  ).body;
  if (!olympiad?.testId) throw new Error("the test olympiad could not be made");
  const pupils = await Promise.all(
    Array.from({ length: PUPILS }, async () => {
      const { body: pupil } = await support("/api/test-support/pupils", { method: "POST", body: { subjectId: olympiad.subjectId } });
      const call = client(base);
      if (
        (await call("/api/Identity/Login", { method: "POST", body: { username: pupil.username, password: pupil.password } })).status !== 200
      )
        throw new Error("a pupil could not sign in");
      const { body: started } = await call("/api/TestAttempts/New", { method: "POST", body: { language: 0, pinCode: olympiad.pinCode } });
      const { body: view } = await call(`/api/TestAttempts/Get?id=${started.attemptId}`);
      return { call, attemptId: started.attemptId, questions: view.questions };
    }),
  );

  /** Each pupil answers these questions (by index) with the choice at `pick`; what was acknowledged (200). */
  const answer = async (indexes, pick) => {
    const acknowledged = [];
    await Promise.all(
      pupils.map(async ({ call, questions }) => {
        for (const i of indexes) {
          const question = questions[i];
          const answerId = question.questionChoices[pick].questionChoiceId;
          const saved = await call("/api/TestAttempts/Answer", {
            method: "POST",
            body: { testAttemptQuestionId: question.testAttemptQuestionId, answerId },
          });
          if (saved.status === 200) acknowledged.push({ id: question.testAttemptQuestionId, answerId });
        }
      }),
    );
    return acknowledged;
  };
  const range = (from, to) => Array.from({ length: to - from }, (_, i) => from + i);

  const before = await answer(range(0, ANSWERS), 0);
  // The moment, by the database's clock, once every answer before it was acknowledged.
  const [{ moment }] = await admin`select to_json(clock_timestamp())#>>'{}' as moment`;
  await sleep(50);
  // After it: new answers, and the first answers changed (the restore must keep them as they were).
  const after = [...(await answer(range(ANSWERS, count), 0)), ...(await answer([0], 1))];
  app.kill("SIGTERM");
  app = null;
  // The last segment, archived: a restore needs the WAL past the moment.
  const [{ segment }] = await admin`select pg_walfile_name(pg_current_wal_lsn()) as segment`;
  await admin`select pg_switch_wal()`;
  for (let i = 0; ; i++) {
    const [{ archived }] = await admin`select coalesce(last_archived_wal, '') >= ${segment} as archived from pg_stat_archiver`;
    if (archived) break;
    if (i > 120) throw new Error(`segment ${segment} was not archived within 30 s`);
    await sleep(250);
  }
  await admin.end();
  console.log(`answers acknowledged: ${before.length} before the moment (${moment}), ${after.length} after it`);

  // The restore: the base backup, then the archive's WAL up to the moment, on another port.
  from = performance.now();
  cpSync(backup, restored, { recursive: true });
  if (owner) execFileSync("chown", ["-R", `${owner.uid}:${owner.gid}`, restored]);
  appendFileSync(
    path.join(restored, "postgresql.conf"),
    [
      "",
      "# Restored by the drill: recovery from the archive to the moment, then promoted.",
      `port = ${restoredPort}`,
      "archive_mode = off",
      `restore_command = 'cp "${archive}/%f" "%p"'`,
      `recovery_target_time = '${moment}'`,
      "recovery_target_action = 'promote'",
      "",
    ].join("\n"),
  );
  writeFileSync(path.join(restored, "recovery.signal"), "");
  if (owner) chownSync(path.join(restored, "recovery.signal"), owner.uid, owner.gid);
  pg("pg_ctl", ["-D", restored, "-l", path.join(folder, "restored.log"), "-w", "-t", "120", "start"]);
  started.push(restored);
  const copy = postgres({ host: "127.0.0.1", port: restoredPort, user: "postgres", database: "olimpiada", onnotice: () => {} });
  for (let i = 0; ; i++) {
    const [{ recovering }] = await copy`select pg_is_in_recovery() as recovering`;
    if (!recovering) break;
    if (i > 480) throw new Error("the restored cluster was still recovering after 120 s");
    await sleep(250);
  }
  const restoreSeconds = seconds(from);

  const rows = await copy`select id, answer_choice_id from attempt_questions where attempt_id in ${copy(pupils.map((p) => p.attemptId))}`;
  await copy.end();
  const stored = new Map(rows.map((r) => [r.id, r.answer_choice_id]));
  const kept = before.filter((a) => stored.get(a.id) === a.answerId).length;
  const laterIds = new Set(after.map((a) => a.id));
  const leaked = after.filter(
    (a) => stored.get(a.id) === a.answerId && !before.some((b) => b.id === a.id && b.answerId === a.answerId),
  ).length;
  console.log(`restored to the moment: ${kept} of ${before.length} answers acknowledged before it are there as they were`);
  console.log(`written after the moment and there: ${leaked} of ${laterIds.size}`);
  console.log(`restore time: ${restoreSeconds} s (base backup copied, WAL replayed to the moment, promoted)`);
  const passed = before.length === PUPILS * ANSWERS && kept === before.length && leaked === 0;
  console.log(passed ? "RESTORE DRILL PASSED" : "RESTORE DRILL FAILED");
  await cleanUp();
  process.exit(passed ? 0 : 1);
} catch (error) {
  console.error(`restore drill: ${error instanceof Error ? error.message : error}`);
  if (error?.stderr) console.error(String(error.stderr));
  await cleanUp();
  process.exit(1);
}
