// `npm run bench:requests`: what one request of the opening's path costs, as requests a second at
// 20 connections for one pupil with a running 30-question attempt (production build on
// PostgreSQL): the framework's floor (/api/health), the calls and the pages the browser makes on
// its way to the first question. The CPU each costs bounds the opening.
// Options (environment): BENCH_SECONDS (5 each), BENCH_CONNECTIONS (20), BENCH_ONLY (a part of the
// cases' names), APP_PROCESSES and BENCH_NODE_ARGS (passed on).
import autocannon from "autocannon";
import { benchOlympiad, signedInPupil, startBenchServer } from "./server.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3406);

const env = { ADMISSION_LIMIT: "0", ...(process.env.APP_PROCESSES ? { APP_PROCESSES: process.env.APP_PROCESSES } : {}) };
const { base, call, stop } = await startBenchServer({ port: PORT, env });

try {
  const olympiad = await benchOlympiad(call);
  const { cookie } = await signedInPupil(call, olympiad);
  // A second pupil of the same test without an attempt: the start page as it is after a sign-in.
  const waiting = await signedInPupil(call, olympiad);
  const waitingCookie = waiting.cookie;
  const { attemptId } = await (
    await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode: "1234" } })
  ).json();

  /** @type {[string, string, Record<string, string>][]} */
  const cases = [
    ["GET /api/health (floor)", "/api/health", {}],
    ["GET AllowTestAttempt", "/api/TestAttempts/AllowTestAttempt", {}],
    ["GET GetRemainingTime", `/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`, {}],
    ["GET Get", `/api/TestAttempts/Get?id=${attemptId}`, {}],
    ["static /sw.js (a cached shell's floor)", "/sw.js", { Cookie: "" }],
    ["GET /api/notices (before admission, from a copy)", "/api/notices", { Cookie: "" }],
    ["page /holat (before admission, from a copy)", "/holat", { Cookie: "" }],
    ["page /login (HTML, a page's floor)", "/login", { Accept: "text/html", Cookie: "" }],
    ["page /test-attempt/{id} (HTML)", `/test-attempt/${attemptId}`, { Accept: "text/html" }],
    ["page /test-attempt/{id} (RSC)", `/test-attempt/${attemptId}`, { RSC: "1" }],
    ["page /test-attempt (HTML, start page)", "/test-attempt", { Accept: "text/html", Cookie: waitingCookie }],
    ["page /test-attempt (RSC, start page)", "/test-attempt", { RSC: "1", Cookie: waitingCookie }],
    [
      "POST Identity/Login",
      "/api/Identity/Login",
      {
        method: "POST",
        "Content-Type": "application/json",
        body: JSON.stringify({ username: waiting.username, password: waiting.password }),
      },
    ],
  ];
  // Warm-up: the first seconds of a fresh process are spent compiling, not serving.
  for (const path of ["/api/health", `/test-attempt/${attemptId}`]) {
    await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: 2, headers: { Cookie: cookie } });
  }
  /** @param {Record<string, string>} headers */
  const withoutRequest = ({ method: _method, body: _body, ...rest }) => rest;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, one pupil with a running attempt`);
  // BENCH_ONLY: a part of the cases' names (e.g. "page"), to measure those alone.
  const only = process.env.BENCH_ONLY;
  for (const [name, path, headers] of cases.filter(([name]) => !only || name.includes(only))) {
    const result = await new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${base}${path}`,
          connections: CONNECTIONS,
          duration: SECONDS,
          method: headers.method ?? "GET",
          body: headers.body,
          headers: { Cookie: cookie, ...withoutRequest(headers) },
        },
        (error, r) => (error ? reject(error) : resolve(r)),
      );
      instance.on("error", reject);
    });
    const kb = result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0;
    console.log(
      `${name.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   ${kb.toFixed(1).padStart(6)} KB   non-2xx ${result.non2xx}`,
    );
  }
} finally {
  await stop();
}
