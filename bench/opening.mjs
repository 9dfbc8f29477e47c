// `npm run bench:opening`: the opening minute against a production build on PostgreSQL: N pupils sign
// in, wait on the countdown (or come by the pages), start, answer and finish; every acknowledged
// answer is read back. Options and what it prints: docs/benchmarks.md#opening

import { spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { nginxConfig, nginxFolder } from "../scripts/cluster.mjs";
import {
  answerAndFinish,
  comesByPages,
  kindOf,
  openSealed,
  percentile,
  pupilBrowser,
  sealedPaper,
  sleep,
} from "../scripts/opening-simulator.mjs";
import { recordStart, ZERO_SPREAD_MS } from "./record-start.mjs";
import { startBenchServer, TOKEN } from "./server.mjs";

const N = Number(process.env.BENCH_PUPILS ?? 2000);
const P = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 120);
const A = Number(process.env.BENCH_START_SECONDS ?? 24);
const K = Number(process.env.BENCH_ANSWERS ?? 5);
const THINK = Number(process.env.BENCH_THINK_MS ?? 20_000);
const PAGE_SHARE = Number(process.env.BENCH_PAGE_SHARE ?? 0);
const STEP_MS = Number(process.env.BENCH_STEP_SECONDS ?? 120) * 1000;
const IGNORE_RETRY_AFTER = process.env.BENCH_IGNORE_RETRY_AFTER === "1";
const SEALED = process.env.BENCH_SEALED !== "0";
const PORT = Number(process.env.BENCH_PORT ?? 3404);
const flag = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : null;
};
const killAppAt = flag("--kill-app-at");
const restartDbAt = flag("--restart-db-at");

// As behind one proxy: each pupil comes from an address of their own (their own rate limits).
const env = { TRUST_PROXY_HOPS: "1" };
// Restarting the database needs a cluster of the bench's own: the machine's server is never touched.
const bench = await startBenchServer({ port: PORT, env, ownDatabase: restartDbAt !== null });
const { base, databaseUrl } = bench;

/**
 * nginx in front of the app as the deployment guide sets it (scripts/cluster.mjs's config), for the
 * status page's second visitor: /holat as nginx gives it from its copy. Null without nginx.
 */
function statusProxy() {
  const NGINX = "/usr/sbin/nginx";
  if (!existsSync(NGINX)) return null;
  const dir = nginxFolder("olimpiada-bench-nginx");
  const port = PORT + 2;
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig({ dir, port, instancePorts: [PORT], tls: null }));
  const nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  return {
    base: `http://127.0.0.1:${port}`,
    stop() {
      nginx.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
const proxy = statusProxy();
const timings = new Map(); // kind → [ms]
const statuses = new Map(); // kind → {status: count}
const waits = new Map(); // kind → [[the wait the queue told at the first refusal, the wait had] in s]

function record(kind, ms, status) {
  if (!timings.has(kind)) timings.set(kind, []);
  timings.get(kind).push(ms);
  const counts = statuses.get(kind) ?? {};
  counts[status] = (counts[status] ?? 0) + 1;
  statuses.set(kind, counts);
}

/**
 * A pupil's browser (scripts/opening-simulator.mjs, shared with the rehearsal) from `address`:
 * every request as a browser's fetch makes it, retried like the outbox (network, 5xx, 429) for up
 * to BENCH_STEP_SECONDS, with the pupil's cookies (the session, and the queue ticket a 503 gives).
 * Each try is timed; the wait the queue told at the first refusal is kept beside the wait the
 * request then had.
 */
const browserFrom = (address, refused = { count: 0 }) =>
  pupilBrowser({
    base,
    headers: { "X-Forwarded-For": address },
    stepMs: STEP_MS,
    ignoreRetryAfter: IGNORE_RETRY_AFTER,
    onTry: (kind, ms, status) => {
      if (status === 503) refused.count++;
      record(kind, ms, status);
    },
    onWaited: (kind, told, had) => waits.set(kind, [...(waits.get(kind) ?? []), [told, had]]),
  });

/** The attempt page's stream of the organiser's acts: open while the pupil is on the page. */
const STREAM = "/api/TestAttempts/Events";
let streamsOpen = 0;
let streamsMost = 0;

/**
 * Opens the stream as the page's EventSource does and keeps it open, reading its pings, until
 * the returned function is called (the pupil leaves the page). Its time is to its first byte.
 */
async function openStream(kind, path, { cookie, address, headers }) {
  const controller = new AbortController();
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      headers: { ...headers, Accept: "text/event-stream", Cookie: cookie, "X-Forwarded-For": address },
      signal: controller.signal,
    });
    record(kind, performance.now() - started, response.status);
    if (response.status !== 200) {
      await response.body?.cancel();
      return () => {};
    }
    streamsOpen += 1;
    streamsMost = Math.max(streamsMost, streamsOpen);
    const reader = response.body.getReader();
    const drained = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // closed by us, or the server ended it
      }
      streamsOpen -= 1;
    })();
    return async () => {
      controller.abort();
      await drained;
    };
  } catch {
    record(kind, performance.now() - started, "network");
    return () => {};
  }
}

/**
 * A recorded request with this pupil's login, password and attempt in place of the recorder's
 * (`recording`: its username and attempt id). New asks for the attempt in its answer
 * (withAttempt) unless the pupil keeps the paper sealed (`sealedKept`), as the page does.
 * @param {import("./record-start.mjs").Step} step @param {any} recording
 * @param {{ username?: string, password?: string, attemptId?: number | null, sealedKept?: boolean }} pupil
 */
function personal(step, recording, { username, password, attemptId, sealedKept = false }) {
  const id = String(attemptId ?? recording.attemptId);
  const path = step.path
    .replace(new RegExp(`(/test-attempt/)${recording.attemptId}\\b`), `$1${id}`)
    .replace(new RegExp(`([?&](?:id|attemptId|testAttemptId)=)${recording.attemptId}\\b`), `$1${id}`);
  let body = step.body;
  if (body?.includes(recording.username)) body = JSON.stringify({ ...JSON.parse(body), username, password });
  const kind = kindOf(step.method, step.path, step.headers);
  if (kind === "POST TestAttempts/New") {
    const { withAttempt: _asked, ...fields } = JSON.parse(body);
    body = JSON.stringify(sealedKept ? fields : { ...fields, withAttempt: true });
  }
  return { kind, path, body };
}

try {
  // One real start in Chromium: what every pupil below replays.
  const recording = await recordStart({ base });
  // The sealed paper is this bench's to model (BENCH_SEALED), whether or not the recorded page
  // fetched one in its few seconds before the opening: its fetch is left out of the replays, and a
  // start recorded without a Get (the page opened its copy) gets the Get a page without one asks.
  const notPaper = (steps) => steps.filter((step) => !step.path.startsWith("/api/TestAttempts/Paper"));
  for (const phase of ["signIn", "atZero", "start"]) recording[phase] = notPaper(recording[phase]);
  recording.pages.steps = notPaper(recording.pages.steps);
  if (!recording.start.some((step) => step.path.startsWith("/api/TestAttempts/Get?"))) {
    const made = recording.start.findIndex((step) => step.path.startsWith("/api/TestAttempts/New"));
    const { "content-type": _type, ...headers } = recording.start[made].headers;
    recording.start.splice(made + 1, 0, { method: "GET", path: `/api/TestAttempts/Get?id=${recording.attemptId}`, headers });
  }
  const listSteps = (steps) => steps.map((step) => personal(step, recording, {}).kind).join(", ");
  console.log(`recorded in Chromium: sign-in: ${listSteps(recording.signIn)}`);
  console.log(`                      at zero: ${listSteps(recording.atZero)}`);
  console.log(`                      start:   ${listSteps(recording.start)}`);
  const recordedByPages = recording.pages;
  console.log(
    `                      by pages: ${recordedByPages.steps.map((step) => personal(step, recordedByPages, {}).kind).join(", ")}`,
  );

  // Pupils straight into the tables, each with the password hash of one pupil the server made.
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const made = await (
    await fetch(`${base}/api/test-support/olympiads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        counts: { easy: 10, medium: 10, hard: 10 },
        bankPerDifficulty: 40,
        pinCode: recording.pinCode,
        openedAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    })
  ).json();
  const template = await (
    await fetch(`${base}/api/test-support/pupils`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ subjectId: made.subjectId }),
    })
  ).json();
  const [{ password_hash: hash }] = await sql`select password_hash from users where id = ${template.userId}`;
  await sql`
    insert into users (role, first_name, last_name, subject_id, grade, district_id, region_id, username, password_hash)
    select 1, 'Bench', 'Pupil', ${made.subjectId}, ${made.grade}, 1726266, 1726, 'bench' || g, ${hash}
    from generate_series(1, ${N}) g`;
  await sql`
    insert into registrations (guid, user_id, status, amount_som, paid_at, region_id, district_id)
    select gen_random_uuid(), id, 2, 75000, now(), 1726, 1726266 from users where username like 'bench%'`;

  // The window opens after everyone has signed in (or at once when P is 0).
  const opening = Date.now() + (P > 0 ? P * 1000 + 5000 : 3000);
  await sql`update tests set opened_at = ${new Date(opening)}, closed_at = ${new Date(opening + 3 * 3_600_000)} where id = ${made.testId}`;
  await sql.end();
  console.log(
    `${N} pupils; sign-in over ${P} s; starts over ${A} s from the opening, ${Math.round(PAGE_SHARE * 100)} % by the pages; ${K} answers each`,
  );

  // As the operator does before the opening (docs/operations.md, the hour before): a checkpoint well before it
  // (here, before the sign-ins), so that PostgreSQL's next timed one (checkpoint_timeout, 5 minutes
  // by default) does not start in the opening's minutes. A checkpoint starting there, or just before
  // it, stalls the opening's commits: its writes, and the full page images every page first written
  // after it adds to the WAL. BENCH_CHECKPOINT=0 leaves it to chance.
  if (process.env.BENCH_CHECKPOINT !== "0") {
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await admin`checkpoint`.catch((error) => console.warn(`no checkpoint before the sign-ins: ${error.message}`));
    await admin.end();
  }

  let killer;
  if (killAppAt !== null) killer = sleep(opening - Date.now() + killAppAt * 1000).then(() => bench.restart());
  if (restartDbAt !== null) killer = sleep(opening - Date.now() + restartDbAt * 1000).then(() => bench.restartDatabase());

  let sealedOpened = 0;
  const firstQuestion = { inPlace: [], byPages: [] };
  const served = []; // [arrival, first question] in ms, per pupil served
  const signIns = []; // [asked, signed in] in ms, per pupil signed in
  const failed = [];
  const acknowledged = []; // [attemptId, testAttemptQuestionId, answerId]
  async function pupil(k) {
    const me = { username: `bench${k + 1}`, password: template.password, attemptId: null };
    if (P > 0) await sleep((k / N) * P * 1000);
    else await sleep(Math.max(0, opening - Date.now() + (k / N) * A * 1000));
    // Pupils spread evenly over the arrivals come by the pages (replayed as the second recorded
    // pupil), the others from the countdown, which checks the allowance once at zero.
    const byPages = comesByPages(k, PAGE_SHARE);
    const address = `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
    // The queue's refusals this pupil met on the way to the first question (beside the order kept).
    const refused = { count: 0 };
    const browser = browserFrom(address, refused);
    const leave = [];
    /** The paper kept sealed on the countdown's page (below), once fetched. */
    let sealed = null;
    /** @param {import("./record-start.mjs").Step} step @param {{ username: string, attemptId: number }} [from] */
    const replay = async (step, from = recording) => {
      const { kind, path, body } = personal(step, from, { ...me, sealedKept: sealed !== null });
      if (path.startsWith(STREAM)) {
        leave.push(await openStream(kind, path, { cookie: browser.cookie(), address, headers: step.headers }));
        return { kind, answer: { status: 200, text: "" } };
      }
      const answer = await browser.call(path, { method: step.method, headers: step.headers, raw: body, kind });
      return { kind, answer };
    };
    // Signing in at the opening, the pupil's wait for the first question starts at the sign-in.
    const signInStarted = performance.now();
    for (const step of recording.signIn) await replay(step);
    if (!browser.signedIn()) return failed.push([me.username, "login"]);
    signIns.push([signInStarted, performance.now()]);
    // Checked in on the countdown: the paper, sealed (components/attempts/sealed-paper.ts), at a
    // random moment as the page fetches it.
    const sealing =
      SEALED && P > 0 && !byPages
        ? sealedPaper(browser, opening).then((paper) => {
            sealed = paper;
          })
        : Promise.resolve();

    // Every countdown reaches zero at the opening, and its page checks the allowance once within
    // its spread of it, whatever the pupil does meanwhile; the pupil presses "Testni boshlash" at k/N·A.
    // (Signing in at the opening, the pupil sees no countdown: the start button at once.)
    const recheck =
      P > 0 && !byPages
        ? sleep(Math.max(0, opening + Math.random() * ZERO_SPREAD_MS - Date.now())).then(async () => {
            for (const step of recording.atZero) await replay(step);
          })
        : Promise.resolve();
    await sleep(Math.max(0, opening + (k / N) * A * 1000 - Date.now()));
    await sealing;
    const arrival = P > 0 ? performance.now() : signInStarted;
    const flow = byPages ? recordedByPages.steps : recording.start;
    const flowOf = byPages ? recordedByPages : recording;
    let view = null;
    for (const step of flow) {
      // The sealed paper opened, or New answered the attempt: the page asks no Get.
      if (view && step.path.startsWith("/api/TestAttempts/Get?")) continue;
      const { kind, answer } = await replay(step, flowOf);
      if (kind === "POST TestAttempts/New") {
        const made = answer.status === 200 ? JSON.parse(answer.text) : null;
        me.attemptId = made?.attemptId ?? null;
        // As the page: the sealed paper opened with New's key, else the attempt New answered (withAttempt), else Get.
        view = sealed && made?.paper ? openSealed(sealed, made.paper) : null;
        if (view) sealedOpened++;
        else view = made?.attempt ?? null;
        if (view) {
          firstQuestion[byPages ? "byPages" : "inPlace"].push(performance.now() - arrival);
          served.push([arrival, performance.now(), refused.count]);
        }
        if (me.attemptId === null) {
          const there = await browser.call("/api/TestAttempts/IsThereAttempt");
          me.attemptId = there.status === 200 ? JSON.parse(there.text).attemptId : null;
        }
        if (!me.attemptId) return failed.push([me.username, "New", answer.status, answer.text.slice(0, 80)]);
      }
      // The first question is on screen once Get has answered: what the page asks after it (the
      // stream, the offline shell) goes on while the pupil reads.
      if (kind === "GET TestAttempts/Get" && answer.status === 200 && !view) {
        view = JSON.parse(answer.text);
        firstQuestion[byPages ? "byPages" : "inPlace"].push(performance.now() - arrival);
        served.push([arrival, performance.now(), refused.count]);
      }
    }
    if (!view) return failed.push([me.username, "Get"]);
    const attemptId = me.attemptId;
    const finished = await answerAndFinish(browser, {
      attemptId,
      questions: view.questions,
      answers: K,
      think: () => -Math.log(1 - Math.random()) * THINK,
      acknowledged: (question, answerId) => acknowledged.push([attemptId, question, answerId]),
    });
    if (finished.status !== 200) failed.push([me.username, "Finish", finished.status]);
    await Promise.all(leave.map((close) => close()));
    await recheck;
  }
  // Parents on the public status page all through the opening (issue 26): one visitor asking the
  // app every 100 ms from 2 s before it until the last pupil has finished (served before admission
  // control), and one asking through nginx as the deployment guide sets it (nginx's copy).
  let pupilsDone = false;
  const watch = (from) => {
    const seen = { ms: [], statuses: {}, busy: 0 };
    const done = (async () => {
      await sleep(Math.max(0, opening - 2_000 - Date.now()));
      while (!pupilsDone) {
        const started = performance.now();
        try {
          const response = await fetch(`${from}/holat`, { headers: { "X-Forwarded-For": "10.255.255.254" } });
          const html = await response.text();
          seen.ms.push(performance.now() - started);
          seen.statuses[response.status] = (seen.statuses[response.status] ?? 0) + 1;
          if (html.includes('data-busy="true"')) seen.busy++;
        } catch {
          seen.statuses.network = (seen.statuses.network ?? 0) + 1;
        }
        await sleep(100);
      }
    })();
    return { seen, done };
  };
  const watchers = /** @type {[string, ReturnType<typeof watch>][]} */ ([
    ["the app", watch(base)],
    ...(proxy ? [["nginx", watch(proxy.base)]] : []),
  ]);
  await Promise.all(Array.from({ length: N }, (_, k) => pupil(k)));
  pupilsDone = true;
  await Promise.all(watchers.map(([, w]) => w.done));
  console.log(`sealed papers opened without a Get: ${sealedOpened}`);
  await killer;

  // Every acknowledged answer read back (the last one per question counts: a later one replaces it).
  const check = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const last = new Map(acknowledged.map(([, question, answer]) => [question, answer]));
  const stored = await check`select id, answer_choice_id from attempt_questions where id in ${check([...last.keys()])}`;
  const lost = stored.filter((row) => last.get(row.id) !== row.answer_choice_id).length + (last.size - stored.length);
  await check.end();

  const ms = (v) => `${Math.round(v)}`.padStart(7);
  console.log(
    `\n${"request".padEnd(30)} ${"count".padStart(6)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)} ${"max".padStart(7)}  statuses`,
  );
  for (const [kind, values] of timings) {
    values.sort((a, b) => a - b);
    const counts = Object.entries(statuses.get(kind))
      .map(([status, count]) => `${status}:${count}`)
      .join(" ");
    console.log(
      `${kind.padEnd(30)} ${String(values.length).padStart(6)} ${ms(percentile(values, 0.5))} ${ms(percentile(values, 0.95))} ${ms(percentile(values, 0.99))} ${ms(values.at(-1))}  ${counts}`,
    );
  }
  const seconds = (v) => (v / 1000).toFixed(2);
  for (const [flow, values] of Object.entries(firstQuestion)) {
    if (values.length === 0) continue;
    values.sort((a, b) => a - b);
    console.log(
      `\narrival → first question, ${flow === "inPlace" ? "from the countdown" : "by the pages"}: p50 ${seconds(percentile(values, 0.5))} s   p99 ${seconds(percentile(values, 0.99))} s   max ${seconds(values.at(-1))} s   (${values.length} pupils)`,
    );
  }
  // The order kept: each pupil against the earliest served of those who came after them.
  served.sort((a, b) => a[0] - b[0]);
  const late = [];
  let lateRefused = 0;
  let earliestAfter = Number.POSITIVE_INFINITY;
  for (let i = served.length - 1; i >= 0; i--) {
    const [, servedAt, refusals] = served[i];
    if (servedAt - earliestAfter > 10_000 && refusals > 0) lateRefused++;
    if (servedAt > earliestAfter) late.push(servedAt - earliestAfter);
    earliestAfter = Math.min(earliestAfter, servedAt);
  }
  late.sort((a, b) => a - b);
  console.log(
    `order kept: ${late.length} of ${served.length} pupils served after someone who came later (${late.filter((v) => v > 1000).length} by more than 1 s, ${late.filter((v) => v > 10_000).length} by more than 10 s, ${lateRefused} of those refused on the way); at most ${seconds(late.at(-1) ?? 0)} s later`,
  );
  for (const [kind, pairs] of waits) {
    const ratios = pairs.map(([toldSeconds, had]) => had / Math.max(1, toldSeconds)).sort((a, b) => a - b);
    const within = ratios.filter((r) => r >= 0.5 && r <= 1.5).length;
    console.log(
      `wait told vs had, ${kind}: ${pairs.length} refused then served; within ±50 %: ${within} (${Math.round((100 * within) / pairs.length)} %); had/told p10 ${percentile(ratios, 0.1).toFixed(2)} p50 ${percentile(ratios, 0.5).toFixed(2)} p90 ${percentile(ratios, 0.9).toFixed(2)}`,
    );
  }
  // The sign-ins the server sustained: signed in over the time from the first asked to the last in.
  if (signIns.length > 1) {
    const span = (Math.max(...signIns.map(([, done]) => done)) - Math.min(...signIns.map(([asked]) => asked))) / 1000;
    console.log(
      `sign-ins: ${signIns.length} in ${span.toFixed(1)} s = ${(signIns.length / span).toFixed(1)} a second (SIGN_INS_PER_SECOND)`,
    );
  }
  for (const [from, { seen }] of watchers) {
    seen.ms.sort((a, b) => a - b);
    console.log(
      `/holat during the opening from ${from} (one visitor every 100 ms): ${seen.ms.length} answers, p50 ${percentile(seen.ms, 0.5).toFixed(1)} ms   p99 ${percentile(seen.ms, 0.99).toFixed(1)} ms   max ${(seen.ms.at(-1) ?? Number.NaN).toFixed(1)} ms   statuses ${JSON.stringify(seen.statuses)}; said "busy" in ${seen.busy}`,
    );
  }
  console.log(`failed pupils: ${failed.length}${failed.length ? `  e.g. ${JSON.stringify(failed.slice(0, 3))}` : ""}`);
  console.log(`answers acknowledged: ${acknowledged.length}   lost: ${lost}`);
  console.log(`organiser's-acts streams (${STREAM}) open at once, at most: ${streamsMost}`);
} finally {
  proxy?.stop();
  await bench.stop();
}
