// `npm run ops:rehearsal -- --url URL --pupils N`: the opening rehearsed against a deployment over
// its public API with an organiser's credentials (REHEARSAL_USERNAME and REHEARSAL_PASSWORD): N
// synthetic pupils sign in, start, answer and finish, and it prints a go/no-go line.
// Options and what it prints: docs/operations.md#rehearsal
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { capacityFrom, processFigures } from "./capacity.mjs";
import {
  answerAndFinish,
  comesByPages,
  json,
  openSealed,
  percentile,
  pupilBrowser,
  QUIET_MS,
  sealedPaper,
  sleep,
} from "./opening-simulator.mjs";

const { values: options } = parseArgs({
  options: {
    url: { type: "string" },
    pupils: { type: "string", default: "200" },
    username: { type: "string", default: process.env.REHEARSAL_USERNAME ?? "organiser" },
    "page-share": { type: "string", default: "0.2" },
    "start-seconds": { type: "string", default: "24" },
    "opening-seconds": { type: "string", default: "60" },
    answers: { type: "string", default: "3" },
    "opens-in": { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
if (!options.url) {
  console.error(
    "usage: npm run ops:rehearsal -- --url https://olimpiada.example.uz --pupils 2000  (REHEARSAL_PASSWORD in the environment)",
  );
  process.exit(2);
}
const BASE = options.url.replace(/\/+$/, "");
const N = Number(options.pupils);
const PAGE_SHARE = Number(options["page-share"]);
const A = Number(options["start-seconds"]);
const OPENING_SECONDS = Number(options["opening-seconds"]);
const K = Number(options.answers);
/** Sign-ins before the opening at ~10 a second, plus the quiet minute before it. */
const OPENS_IN = Number(options["opens-in"] ?? Math.max(90, Math.ceil(N / 10) + 75));
const PASSWORD = process.env.REHEARSAL_PASSWORD ?? process.env.ADMIN_PASSWORD;
const TARGET_MS = 3_000;
if (!PASSWORD) {
  console.error("REHEARSAL_PASSWORD (the organiser's password) is not set.");
  process.exit(2);
}

/** A browser of the rehearsal's: JSON unless asked otherwise, redirects seen as they come. */
const browserAt = () => pupilBrowser({ base: BASE, headers: { Accept: "application/json" }, redirect: "manual" });

const organiser = browserAt().call;
const signedIn = await organiser("/api/Identity/Login", { method: "POST", body: { username: options.username, password: PASSWORD } });
if (signedIn.status !== 200) {
  console.error(`The organiser could not sign in: ${signedIn.status} ${signedIn.text.slice(0, 200)}`);
  process.exit(1);
}
const board = json(await organiser("/api/admin/board"));
const registered = (board?.tests ?? []).reduce((sum, test) => sum + (test.counts?.paid ?? 0), 0);
const made = await organiser("/api/admin/rehearsals", { method: "POST", body: { pupils: N, opensInSeconds: OPENS_IN } });
if (made.status !== 200) {
  console.error(`The rehearsal could not be made: ${made.status} ${made.text.slice(0, 300)}`);
  process.exit(1);
}
const rehearsal = JSON.parse(made.text);
const opening = Date.parse(rehearsal.openedAt);
console.log(
  `rehearsal #${rehearsal.rehearsalId} on ${BASE}: ${N} pupils sign in over the check-in, the test opens in ${OPENS_IN} s; ` +
    `starts ramp up over ${A} s, ${Math.round(PAGE_SHARE * 100)} % by the pages; ${K} answers each`,
);

/**
 * The app's figures by process (scripts/capacity.mjs), read `times` times from /api/metrics with
 * the operator's METRICS_TOKEN (each read reaches one process behind the balancer): the first read
 * of each process or the last. Null without the token.
 */
const METRICS_TOKEN = process.env.METRICS_TOKEN;
async function readFigures(times, keep) {
  if (!METRICS_TOKEN) return null;
  const figures = new Map();
  for (let i = 0; i < times; i++) {
    const scraped = await fetch(`${BASE}/api/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => null);
    if (!scraped?.ok) continue;
    for (const [key, read] of processFigures(await scraped.text())) if (keep === "last" || !figures.has(key)) figures.set(key, read);
  }
  return figures;
}

const firstQuestion = []; // [arrival offset ms, ms to the first question or Infinity]
const failed = [];
const acknowledged = []; // [pupil index, attemptId, testAttemptQuestionId, answerId]
const attemptsOf = [];
let sealedOpened = 0;
const signInSpan = Math.max(1_000, opening - Date.now() - QUIET_MS - 5_000);

async function pupil(k) {
  const browser = browserAt();
  const { call } = browser;
  const username = rehearsal.usernames[k];
  const byPages = comesByPages(k, PAGE_SHARE);
  // The check-in: signed in at a moment of it; the page's allowance draws the paper.
  await sleep((k / N) * signInSpan);
  const login = await call("/api/Identity/Login", { method: "POST", body: { username, password: rehearsal.password } });
  if (login.status !== 200) return failed.push([username, "login", login.status]);
  await call("/api/TestAttempts/AllowTestAttempt");
  const sealed = byPages ? null : await sealedPaper(browser, opening);

  // The opening: arrivals ramp up (pupil k at A·√(k/N)), so the rate grows through the run.
  const offset = A * 1000 * Math.sqrt(k / N);
  await sleep(opening + offset - Date.now());
  const arrival = performance.now();
  if (byPages) {
    await call("/test-attempt", { headers: { Accept: "text/html" } });
    await call("/api/TestAttempts/AllowTestAttempt");
    await call("/api/TestAttempts/IsThereAttempt");
  }
  const started = json(await call("/api/TestAttempts/New", { method: "POST", body: { language: 0, pinCode: rehearsal.pinCode } }));
  if (!started) {
    firstQuestion.push([offset, Number.POSITIVE_INFINITY]);
    return failed.push([username, "New"]);
  }
  const attemptId = started.attemptId;
  attemptsOf[k] = { call, attemptId };
  let view = sealed && started.paper ? openSealed(sealed, started.paper) : null;
  if (view) sealedOpened++;
  else view = json(await call(`/api/TestAttempts/Get?id=${attemptId}`));
  if (!view) {
    firstQuestion.push([offset, Number.POSITIVE_INFINITY]);
    return failed.push([username, "Get"]);
  }
  firstQuestion.push([offset, performance.now() - arrival]);
  if (byPages) await call(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`);

  const finished = await answerAndFinish(browser, {
    attemptId,
    questions: view.questions,
    answers: K,
    think: () => 1_000 + Math.random() * 2_000,
    acknowledged: (question, answerId) => acknowledged.push([k, attemptId, question, answerId]),
  });
  if (finished.status !== 200) failed.push([username, "Finish", finished.status]);
}

let reported = false;
try {
  // The app's CPU and starts just before the opening, and again once every pupil has the first
  // question (or has failed): what the starts cost it, for the capacity.
  const costRead = (async () => {
    await sleep(opening - 3_000 - Date.now());
    const before = await readFigures(20, "last");
    while (firstQuestion.length + failed.length < N) await sleep(200);
    const after = await readFigures(20, "first");
    return before && after ? capacityFrom(before, after) : null;
  })();
  await Promise.all(Array.from({ length: N }, (_, k) => pupil(k)));
  const capacity = await costRead;

  // Every acknowledged answer read back (a later answer to the same question replaces an earlier one).
  const last = new Map(acknowledged.map(([k, attemptId, question, answer]) => [question, { k, attemptId, answer }]));
  const views = new Map();
  let lost = 0;
  for (const [question, { k, attemptId, answer }] of last) {
    if (!views.has(attemptId)) views.set(attemptId, json(await attemptsOf[k].call(`/api/TestAttempts/Get?id=${attemptId}`)));
    const stored = views.get(attemptId)?.questions.find((q) => q.testAttemptQuestionId === question);
    if (stored?.answerId !== answer) lost++;
  }

  // The rate at which p99 stayed within 3 s: 2-second windows of arrivals, in order (the rate grows).
  const windows = new Map();
  for (const [offset, ms] of firstQuestion) {
    const w = Math.floor(offset / 2_000);
    windows.set(w, [...(windows.get(w) ?? []), ms]);
  }
  let sustained = null;
  let peak = 0;
  for (const w of [...windows.keys()].sort((a, b) => a - b)) {
    const values = windows.get(w).sort((a, b) => a - b);
    const rate = values.length / 2;
    peak = Math.max(peak, rate);
    if (percentile(values, 0.99) > TARGET_MS) break;
    sustained = Math.max(sustained ?? 0, rate);
  }
  const served = firstQuestion
    .map(([, ms]) => ms)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const needed = registered / OPENING_SECONDS;
  // A go needs the measured capacity too, where it was measured: a lucky run's rate is not enough.
  const go =
    failed.length === 0 &&
    lost === 0 &&
    sustained !== null &&
    sustained >= needed &&
    (capacity === null || capacity.startsPerSecond >= needed);
  const report = {
    url: BASE,
    pupils: N,
    pageShare: PAGE_SHARE,
    startSeconds: A,
    firstQuestionP50Ms: Math.round(percentile(served, 0.5) || 0),
    firstQuestionP99Ms: Math.round(percentile(served, 0.99) || 0),
    failed: failed.length,
    lost,
    answers: acknowledged.length,
    sustainedStartsPerSecond: sustained,
    peakStartsPerSecond: peak,
    registered,
    neededStartsPerSecond: Math.round(needed * 10) / 10,
    openingSeconds: OPENING_SECONDS,
    capacity: capacity && {
      startsPerSecond: Math.round(capacity.startsPerSecond * 10) / 10,
      instances: capacity.instances.map(({ name, cores, cpuMsPerStart, startsPerSecond }) => ({
        name,
        cores,
        cpuMsPerStart: Math.round(cpuMsPerStart * 10) / 10,
        startsPerSecond: Math.round(startsPerSecond * 10) / 10,
      })),
    },
    go,
  };
  const s = (ms) => (ms / 1000).toFixed(2);
  console.log(`first question: p50 ${s(report.firstQuestionP50Ms)} s   p99 ${s(report.firstQuestionP99Ms)} s   (${served.length} pupils)`);
  console.log(`sealed papers opened without a Get: ${sealedOpened}`);
  console.log(`failed pupils: ${failed.length}${failed.length ? `  e.g. ${JSON.stringify(failed.slice(0, 3))}` : ""}`);
  console.log(`answers acknowledged: ${acknowledged.length}   lost: ${lost}`);
  console.log(
    `starts a second with p99 ≤ 3 s: ${sustained === null ? "none" : sustained.toFixed(1)}${sustained === peak ? " (the run's peak: the deployment may take more)" : ""}; peak ${peak.toFixed(1)}`,
  );
  if (capacity) {
    const each = capacity.instances
      .map((i) => `${i.name}: ${i.cores} cores, ${i.cpuMsPerStart.toFixed(1)} CPU-ms a start, ${i.startsPerSecond.toFixed(1)} a second`)
      .join("; ");
    console.log(
      `capacity from the measured cost: ${capacity.startsPerSecond.toFixed(1)} starts a second (${each}${capacity.unreadProcesses ? `; ${capacity.unreadProcesses} processes not read twice, left out` : ""}); the database's CPU is not in it`,
    );
  } else {
    console.log(
      `capacity from the measured cost: not measured (${METRICS_TOKEN ? "no start was counted" : "set METRICS_TOKEN: it is read from /api/metrics"})`,
    );
  }
  console.log(
    `${go ? "GO" : "NO-GO"}: ${registered} pupils registered (paid), starting within ${OPENING_SECONDS} s, need ${needed.toFixed(1)} starts a second`,
  );
  const saved = await organiser(`/api/admin/rehearsals/${rehearsal.rehearsalId}`, { method: "PUT", body: report });
  reported = saved.status === 200;
  if (!reported) console.error(`The figures could not be reported: ${saved.status} ${saved.text.slice(0, 200)}`);
} finally {
  if (!options.keep) {
    const removed = json(await organiser(`/api/admin/rehearsals/${rehearsal.rehearsalId}`, { method: "DELETE" }));
    console.log(removed ? `removed: ${removed.removed} rehearsal pupils` : "the rehearsal's pupils could not be removed");
  }
}
process.exit(reported ? 0 : 1);
