// `npm run bench:cost`: what each step of the opening costs in CPU, per pupil (the app's processes
// and its database's backends, read from /proc, less their idle rate): the figure to compare a
// change by. Flows and options: docs/benchmarks.md#cost
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { kindOf, openSealed, pupilBrowser } from "../scripts/opening-simulator.mjs";
import { cpuMeter } from "./cpu.mjs";
import { recordStart } from "./record-start.mjs";
import { startBenchServer, TOKEN } from "./server.mjs";

const PUPILS = Number(process.env.BENCH_PUPILS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 2_000);
const PORT = Number(process.env.BENCH_PORT ?? 3430);
const BENCH_APP_NAME = "olimpiada-bench-cost";
/** Answers each pupil saves before Finish (the Answer figure is per answer). */
const ANSWERS = 5;
/** BENCH_PROFILE: a folder for each measured flow's (or step's) CPU profile of the app (the last round's; bench/profile-top.mjs reads one). */
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
if (PROFILE) mkdirSync(PROFILE, { recursive: true });

// Each pupil from an address of their own (their own rate limits), as behind one proxy.
const bench = await startBenchServer({ port: PORT, env: { TRUST_PROXY_HOPS: "1" } });
const { base, databaseUrl } = bench;
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {}, connection: { application_name: BENCH_APP_NAME } });

const { reading, spent, idleRate: idleOver } = cpuMeter({ bench, sql, appName: BENCH_APP_NAME });
/** CPU ms a second of the app and its backends at rest, over IDLE_MS. */
const idleRate = () => idleOver(IDLE_MS);

/** Runs `work(item)` for every item, CONCURRENCY at a time. */
async function pool(items, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Whether the build draws certificates ahead (a test-support call to steer it). */
let drawsAhead = false;

/** A test-support call's JSON answer. */
const supportCall = async (call, method = "POST", body = undefined) =>
  (
    await fetch(`${base}/api/test-support/${call}`, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
  ).json();
const support = (call, body) => supportCall(call, "POST", body);

/** Per flow, the database backends' share of its CPU in each round (printed beside the figures). */
const databaseShare = new Map();

let pupilsMade = 0;
let template = null;

/**
 * An olympiad opening in ten minutes (its check-in begun) and `count` paid pupils of it, straight
 * into the tables with the password of one pupil the server made. Each pupil: a browser of its own
 * address, not signed in.
 */
async function olympiadWithPupils(count) {
  const olympiad = await support("olympiads", {
    counts: { easy: 10, medium: 10, hard: 10 },
    bankPerDifficulty: 12,
    pinCode: "1234",
    openedAt: new Date(Date.now() + 600_000).toISOString(),
  });
  template ??= await support("pupils", { subjectId: olympiad.subjectId });
  const [{ password_hash: hash }] = await sql`select password_hash from users where id = ${template.userId}`;
  const from = pupilsMade + 1;
  pupilsMade += count;
  const made = await sql`
    insert into users (role, first_name, last_name, subject_id, grade, district_id, region_id, username, password_hash)
    select 1, 'Xarajat', 'O''quvchi', ${olympiad.subjectId}, ${olympiad.grade}, 1726266, 1726, 'cost' || g, ${hash}
    from generate_series(${from}::int, ${pupilsMade}::int) g
    returning id, username`;
  await sql`
    insert into registrations (guid, user_id, status, amount_som, paid_at, region_id, district_id)
    select gen_random_uuid(), id, 2, 75000, now(), 1726, 1726266 from users where id in ${sql(made.map((row) => row.id))}`;
  const pupils = made.map((row, i) => {
    const k = from + i;
    const address = `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
    return {
      username: row.username,
      password: template.password,
      attemptId: null,
      view: null,
      browser: pupilBrowser({ base, headers: { "X-Forwarded-For": address }, stepMs: 60_000, onTry: tried }),
    };
  });
  const open = () => sql`update tests set opened_at = now() - interval '1 second' where id = ${olympiad.testId}`;
  return { olympiad, pupils, open };
}

/** Statuses seen in a flow: any but 2xx/3xx means the flow did not do what it should. */
let statuses = {};
function tried(kind, _ms, status) {
  if (typeof status === "number" && status < 400) return;
  const key = `${kind} ${status}`;
  statuses[key] = (statuses[key] ?? 0) + 1;
}

/** A recorded request with this pupil's login, password and attempt in place of the recorder's. */
function personal(step, recording, pupil) {
  const id = String(pupil.attemptId ?? recording.attemptId);
  const path = step.path
    .replace(new RegExp(`(/test-attempt/)${recording.attemptId}\\b`), `$1${id}`)
    .replace(new RegExp(`([?&](?:id|attemptId|testAttemptId)=)${recording.attemptId}\\b`), `$1${id}`);
  let body = step.body;
  if (body?.includes(recording.username))
    body = JSON.stringify({ ...JSON.parse(body), username: pupil.username, password: pupil.password });
  return { path, body };
}

const STREAM = "/api/TestAttempts/Events";

/**
 * A recorded step made by `pupil`'s browser. The stream of the organiser's acts is opened and
 * closed once its first bytes come (what opening it costs; an open stream costs a ping a minute).
 */
async function replay(pupil, step, recording) {
  const { path, body } = personal(step, recording, pupil);
  if (path.startsWith(STREAM)) {
    const controller = new AbortController();
    const response = await fetch(`${base}${path}`, {
      headers: { ...step.headers, Cookie: pupil.browser.cookie(), "X-Forwarded-For": "10.254.0.1" },
      signal: controller.signal,
    });
    tried(`GET ${STREAM}`, 0, response.status);
    await response.body?.getReader().read();
    controller.abort();
    return { status: response.status, text: "" };
  }
  return pupil.browser.call(path, { method: step.method, headers: step.headers, raw: body });
}

/** Replays `steps` for `pupil`; after New (and Get), the pupil's attempt and New's answer are kept. */
async function replayAll(pupil, steps, recording) {
  for (const step of steps) {
    const answer = await replay(pupil, step, recording);
    if (step.path.startsWith("/api/TestAttempts/New") && answer.status === 200) {
      const made = JSON.parse(answer.text);
      pupil.attemptId = made.attemptId;
      pupil.opening = made.paper;
      // A page with no sealed paper asks New for the attempt itself (withAttempt): no Get follows.
      if (made.attempt) pupil.view = made.attempt;
    }
    if (step.path.startsWith("/api/TestAttempts/Get?") && answer.status === 200) pupil.view = JSON.parse(answer.text);
  }
}

const signIn = (pupil) =>
  pupil.browser.call("/api/Identity/Login", { method: "POST", body: { username: pupil.username, password: pupil.password } });

/** Saves the pupil's `n`-th answer (a choice at random). */
function answer(pupil, n) {
  const q = pupil.view.questions[n % pupil.view.questions.length];
  const answerId = q.questionChoices[Math.floor(Math.random() * q.questionChoices.length)].questionChoiceId;
  return pupil.browser.call("/api/TestAttempts/Answer", {
    method: "POST",
    body: { testAttemptQuestionId: q.testAttemptQuestionId, answerId },
  });
}

/** One round: every flow on pupils new to it. CPU-ms per pupil by flow. */
async function round(recording, pupilsPerFlow) {
  const figures = new Map();
  /**
   * Measures `work` run for each of `pupils`, the idle rate measured just before subtracted. With
   * `steps`, step by step: every pupil makes the first step, then the second…; each step's figure
   * is kept (as "flow › step") beside the flow's, their sum. `each`: how many of the flow a
   * pupil makes (the figure is per one).
   */
  async function measure(name, pupils, work, steps = null, each = 1) {
    const idle = await idleRate();
    statuses = {};
    let total = 0;
    let db = 0;
    for (const [i, step] of (steps ?? [null]).entries()) {
      const stepName = step ? `${name} › ${i + 1}. ${kindOf(step.method, step.path, step.headers)}` : name;
      if (PROFILE) await supportCall("profile", "POST");
      const before = await reading();
      const started = performance.now();
      await pool(pupils, (pupil) => work(pupil, step));
      const seconds = (performance.now() - started) / 1000;
      const used = spent(before, await reading());
      if (used.lost > 0) console.warn(`${name}: ${used.lost} processes ended while measured (their CPU is missing)`);
      const perPupil = (used.ms - idle * seconds) / pupils.length / each;
      if (step) stepFigures.set(stepName, perPupil);
      total += perPupil;
      db += used.db / pupils.length / each;
      if (PROFILE) {
        const file = path.join(PROFILE, `${stepName.replace(/\W+/g, "-")}.cpuprofile`);
        writeFileSync(file, JSON.stringify(await supportCall("profile", "DELETE")));
      }
    }
    if (Object.keys(statuses).length > 0) throw new Error(`${name}: ${JSON.stringify(statuses)}`);
    figures.set(name, total);
    databaseShare.set(name, [...(databaseShare.get(name) ?? []), db / total]);
  }
  const stepFigures = new Map();

  // Pupils of an olympiad whose check-in has begun: they sign in and wait on the countdown.
  const countdown = await olympiadWithPupils(pupilsPerFlow);
  await measure("/login page", countdown.pupils, (pupil) =>
    pupil.browser.call("/login", { headers: { Accept: "text/html" } }).then((answer) => {
      if (!answer.text.includes("<form")) throw new Error("/login: no form");
    }),
  );
  await measure("sign-in", countdown.pupils, (pupil, step) => replayAll(pupil, [step], recording), recording.signIn);
  // The countdown's page draws the paper (its allowance) and fetches it sealed.
  await pool(countdown.pupils, (pupil) => replayAll(pupil, recording.atZero, recording));
  await measure("sealed paper", countdown.pupils, async (pupil) => {
    pupil.sealed = JSON.parse((await pupil.browser.call("/api/TestAttempts/Paper")).text);
  });
  await countdown.open();
  await measure(
    "countdown start",
    countdown.pupils,
    async (pupil, step) => {
      // The sealed paper opened with New's key: the page asks no Get.
      if (step.path.startsWith("/api/TestAttempts/Get?") && pupil.view) return;
      await replayAll(pupil, [step], recording);
      if (step.path.startsWith("/api/TestAttempts/New")) {
        pupil.view = pupil.opening ? openSealed(pupil.sealed, pupil.opening) : null;
        if (!pupil.view) throw new Error("countdown start: the sealed paper did not open");
      }
    },
    recording.start,
  );

  // Pupils signed in before the opening who come by the pages after it.
  const byPages = await olympiadWithPupils(pupilsPerFlow);
  await pool(byPages.pupils, signIn);
  await byPages.open();
  await measure("start by pages", byPages.pupils, (pupil, step) => replayAll(pupil, [step], recording.pages), recording.pages.steps);
  if (byPages.pupils.some((pupil) => !pupil.view)) throw new Error("start by pages: no first question");
  // The attempt page reloaded mid-test, as the browser reloaded the second recorded pupil's.
  await measure("attempt reload", countdown.pupils, (pupil, step) => replayAll(pupil, [step], recording.pages), recording.reload);
  // The five answers Finish needs, each measured: an answer costs little, five samples a pupil
  // steady its figure.
  await measure(
    "Answer",
    byPages.pupils,
    async (pupil) => {
      for (let n = 0; n < ANSWERS; n++) await answer(pupil, n);
    },
    null,
    ANSWERS,
  );
  await measure("Finish", byPages.pupils, (pupil) =>
    pupil.browser.call("/api/TestAttempts/Finish", { method: "POST", body: { attemptId: pupil.attemptId, isEndedByUser: true } }),
  );
  const download = async (pupil) => {
    const png = await pupil.browser.call("/api/Certificates/Generate", { method: "POST" });
    if (png.headers.get("content-type") !== "image/png") throw new Error("certificate: not a picture");
  };
  // Half the pupils download theirs first (drawn for them); the drawing ahead then draws the
  // other half's, whose downloads read what it kept. A build without the drawing ahead has
  // every download drawn.
  const half = Math.ceil(byPages.pupils.length / 2);
  await measure("certificate", byPages.pupils.slice(0, half), download);
  if (drawsAhead) {
    await supportCall("certificates", "POST", { action: "pass" });
    await measure("certificate kept", byPages.pupils.slice(half), download);
  }
  return { figures, stepFigures };
}

try {
  // BENCH_RECORDING: a file for the recording (made on the first run, replayed after it), so that a
  // run before a change and one after it replay the very same requests.
  const saved = process.env.BENCH_RECORDING;
  const recording = saved && existsSync(saved) ? JSON.parse(readFileSync(saved, "utf8")) : await recordStart({ base });
  if (saved && !existsSync(saved)) writeFileSync(saved, JSON.stringify(recording));
  // The recorder's own olympiad is on this server only: a recording from another run replays its
  // steps with each pupil's attempt, login and password, which is all it takes of them.
  const list = (steps, from = recording) =>
    steps.map((step) => kindOf(step.method, personal(step, from, {}).path, step.headers)).join(", ");
  // The bench makes the sealed paper's fetch itself.
  for (const phase of ["signIn", "atZero", "start", "reload"])
    recording[phase] = recording[phase].filter((s) => !s.path.startsWith("/api/TestAttempts/Paper"));
  recording.pages.steps = recording.pages.steps.filter((s) => !s.path.startsWith("/api/TestAttempts/Paper"));
  console.log(`recorded in Chromium: sign-in: ${list(recording.signIn)}`);
  console.log(`                      countdown at zero: ${list(recording.atZero)}`);
  console.log(`                      countdown start: ${list(recording.start)} (a Get is left out: the paper is sealed)`);
  console.log(`                      by pages: ${list(recording.pages.steps, recording.pages)}`);
  console.log(`                      attempt reload: ${list(recording.reload, recording.pages)}`);
  // The drawing ahead waits (where the build has it): a certificate's first download is measured
  // as drawn for its pupil, and the bench says when the drawing ahead runs.
  const paused = await fetch(`${base}/api/test-support/certificates`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ action: "pause" }),
  });
  drawsAhead = paused.ok;
  // Next compiles and caches on first use: a warm-up round, not counted.
  await round(recording, Math.max(10, Math.round(PUPILS / 5)));
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push(await round(recording, PUPILS));
    console.log(`round ${r + 1}: ${[...rounds.at(-1).figures].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(" · ")}`);
  }
  const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`\nCPU-ms per pupil (app + its database's backends, idle subtracted), ${PUPILS} pupils a flow, ${CONCURRENCY} at a time`);
  console.log(`${"flow".padEnd(18)} ${"rounds".padEnd(24)} ${"median".padStart(7)}  ${"spread".padEnd(24)} database's share`);
  for (const name of rounds[0].figures.keys()) {
    const values = rounds.map(({ figures }) => figures.get(name));
    const median = medianOf(values);
    const [low, high] = [Math.min(...values), Math.max(...values)];
    const range = `±${(((high - low) / 2 / median) * 100).toFixed(0)} % (${low.toFixed(1)}–${high.toFixed(1)})`;
    const share = medianOf(databaseShare.get(name).slice(-ROUNDS));
    const shown = values.map((v) => v.toFixed(1)).join(" · ");
    console.log(
      `${name.padEnd(18)} ${shown.padEnd(24)} ${median.toFixed(1).padStart(7)}  ${range.padEnd(24)} ${Math.round(100 * share)} %`,
    );
    // Its steps' medians, where it has steps.
    for (const step of rounds[0].stepFigures.keys()) {
      if (!step.startsWith(`${name} › `)) continue;
      const stepMedian = medianOf(rounds.map(({ stepFigures }) => stepFigures.get(step)));
      console.log(`${"".padEnd(20)}${step.slice(name.length + 3).padEnd(33)} ${stepMedian.toFixed(1).padStart(7)}`);
    }
  }
} finally {
  await sql.end();
  await bench.stop();
}
