// `npm run bench:admission`: what the front door's refusals cost those it serves, on a production
// build with an admission limit of 1 and BODY_WAIT_MS of 2 s (as tests/api/admission.spec.ts runs
// it; the test checks what is served and what is refused, these are the times). Printed: a page and
// an API call while 64 request bodies are held open (never sent, or stopped after 40 KB of 60 KB)
// and how soon those 64 get their 408; a body too large refused, with it sent and with its length
// only declared; and after 300 clients hang up as soon as they have asked, how soon the server has
// noticed every one and then five rounds of a page and an API call. Options (environment): BENCH_PORT.
import { connect } from "node:net";
import { performance } from "node:perf_hooks";
import jwt from "next-auth/jwt";
import { heldOpen as heldOpenOn } from "../tests/support/held-open.mjs";
import { startBenchServer } from "./server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3420);
const AUTH_SECRET = "bench-admission-auth-secret-0123456789abcdef";
const METRICS_TOKEN = "bench-admission-metrics-token-0123456789abcdef";
const BODY_WAIT_MS = 2_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (start) => Math.round(performance.now() - start);

const { base, stop } = await startBenchServer({
  port: PORT,
  env: { ADMISSION_LIMIT: "1", BODY_WAIT_MS: String(BODY_WAIT_MS), AUTH_SECRET, METRICS_TOKEN },
});

/** Raw connections holding a body half sent (tests/support/held-open.mjs), to this bench's server. */
const heldOpen = (count, head, partial) => heldOpenOn(PORT, count, head, partial);

/** Polls `done` every 20 ms for up to `ms`: whether it came true. */
async function within(ms, done) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (await done()) return true;
    await sleep(20);
  }
  return false;
}

/** A page and an API call, one after the other: each one's status and time. */
async function pageAndApi() {
  const took = [];
  for (const path of ["/api/Regions/GetAll", "/login"]) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    took.push(`${path} ${response.status} in ${since(started)} ms`);
  }
  return took.join(", ");
}

/** The requests to `route` that have ended on the server (answered, or their client gone). */
async function endedAt(route) {
  const figures = await (await fetch(`${base}/api/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const series = new RegExp(`^olimpiada_http_request_duration_seconds_count\\{[^}]*route="${route}"[^}]*\\} (\\d+)$`, "gm");
  return [...figures.matchAll(series)].reduce((sum, match) => sum + Number(match[1]), 0);
}

try {
  for (const [what, length, partial] of [
    ["bodies never come", 200, "{"],
    ["bodies stop after 40 KB of 60 KB", 60_000, `{"username":"${"x".repeat(40_000)}`],
  ]) {
    const idle = heldOpen(
      64,
      `POST /api/payments/payme HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
      partial,
    );
    await idle.sent;
    const sent = performance.now();
    console.log(`64 idle request bodies (${what}) held open, admission limit 1: ${await pageAndApi()}`);
    const refused = () => idle.answers.filter((answer) => answer.startsWith("HTTP/1.1 408")).length;
    const all = await within(30_000, () => refused() === 64);
    console.log(`  their 408s (BODY_WAIT_MS ${BODY_WAIT_MS} ms): ${refused()} of 64, ${all ? "the last" : "after"} ${since(sent)} ms`);
    idle.close();
  }

  let started = performance.now();
  const declared = await fetch(`${base}/api/Identity/Login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "x".repeat(200_000) }),
  });
  await declared.arrayBuffer();
  console.log(`a 200 KB body without an organiser's session: ${declared.status} in ${since(started)} ms`);
  started = performance.now();
  const headersOnly = heldOpen(
    1,
    "POST /api/Identity/Login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n",
    "",
  );
  await within(30_000, () => headersOnly.answers.join("").length > 0);
  console.log(`  its length only declared: ${headersOnly.answers.join("").slice(9, 12) || "no answer"} in ${since(started)} ms`);
  headersOnly.close();

  const tokens = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      jwt.encode({ token: { sub: String(1_000 + i), role: 1, sv: 0, sid: `s${i}` }, secret: AUTH_SECRET, maxAge: 600 }),
    ),
  );
  const before = await endedAt("/api/Regions/GetAll");
  started = performance.now();
  for (const token of tokens) {
    const socket = connect(PORT, "127.0.0.1");
    socket.on("error", () => {});
    socket.end(`GET /api/Regions/GetAll HTTP/1.1\r\nHost: a\r\nCookie: next-auth.session-token=${token}\r\n\r\n`, () => socket.destroy());
  }
  const noticed = await within(60_000, async () => (await endedAt("/api/Regions/GetAll")) >= before + 300);
  console.log(
    `300 clients that hang up as soon as they have asked: ${noticed ? "all ended on the server in" : "not all ended after"} ${since(started)} ms`,
  );
  for (let i = 0; i < 5; i++) console.log(`  then ${await pageAndApi()}`);
} finally {
  await stop();
}
