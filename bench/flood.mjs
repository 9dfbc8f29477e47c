// `npm run bench:flood`: what one anonymous address can take from everyone else, behind one proxy
// with the default admission. What it prints and its options: docs/benchmarks.md#flood
import { performance } from "node:perf_hooks";
import { benchOlympiad, signedInPupil, startBenchServer, TOKEN } from "./server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3440);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 12);

const { base, call, stop } = await startBenchServer({ port: PORT, env: { TRUST_PROXY_HOPS: "1" } });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;

/** Loops `path` on `connections` connections from `address` (with `cookie`, if given) until `until` (performance.now()). */
function flood(path, connections, address, until, cookie = null) {
  let answered = 0;
  const headers = { "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) };
  const loop = async (i) => {
    while (performance.now() < until) {
      const response = await fetch(`${base}${path(i)}`, { headers }).catch(() => null);
      await response?.arrayBuffer().catch(() => {});
      answered++;
    }
  };
  return Promise.all(Array.from({ length: connections }, (_, i) => loop(i))).then(() => answered);
}

/** Each pupil signs in twice from its school's address (six schools): each sign-in's time and status. */
async function signIns(pupils) {
  return Promise.all(
    pupils.map(async (pupil, i) => {
      const took = [];
      for (let round = 0; round < 2; round++) {
        const started = performance.now();
        const response = await fetch(`${base}/api/Identity/Login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${10 + i}` },
          body: JSON.stringify({ username: pupil.username, password: pupil.password }),
        });
        await response.arrayBuffer();
        took.push({ ms: performance.now() - started, status: response.status });
      }
      return took;
    }),
  ).then((all) => all.flat());
}

/** A signed-in pupil's call, `times` over: each one's time. */
async function pupilCalls(pupil, times) {
  const took = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/TestAttempts/IsThereAttempt`, {
      headers: { Cookie: pupil.cookie, "X-Forwarded-For": "198.51.100.50" },
    });
    await response.arrayBuffer();
    took.push(performance.now() - started);
  }
  return took;
}

const line = (what, took) => {
  const times = took.map((t) => t.ms);
  const refused = took.filter((t) => t.status === 503).length;
  const failed = took.filter((t) => t.status !== 200 && t.status !== 503).length;
  return `${what}: median ${ms(median(times))}, slowest ${ms(Math.max(...times))}, refused ${refused} of ${took.length}${failed ? `, other failures ${failed}` : ""}`;
};

try {
  const olympiad = await benchOlympiad(call);
  const pupils = await Promise.all(
    Array.from({ length: 6 }, async () =>
      (await call("/api/test-support/pupils", { method: "POST", token: TOKEN, body: { subjectId: olympiad.subjectId } })).json(),
    ),
  );
  console.log(line("12 sign-ins from 6 addresses, calm", await signIns(pupils)));
  let until = performance.now() + FLOOD_SECONDS * 1000;
  const flooding = flood(() => "/api/Regions/GetAll", 48, "203.0.113.9", until);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const during = await signIns(pupils);
  const looped = await flooding;
  console.log(line("12 sign-ins from 6 addresses, one address with no session looping /api/Regions/GetAll on 48 connections", during));
  console.log(`  the flood: ${looped} requests answered in ${FLOOD_SECONDS} s`);

  const looper = await signedInPupil(call, olympiad);
  until = performance.now() + FLOOD_SECONDS * 1000;
  const session = flood(() => "/api/Identity/GetCurrentUser", 48, "203.0.113.11", until, looper.cookie);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const beside = await signIns(pupils);
  const sessionLooped = await session;
  console.log(line("12 sign-ins from 6 addresses, one pupil's session looping /api/Identity/GetCurrentUser on 48 connections", beside));
  console.log(`  the flood: ${sessionLooped} requests answered in ${FLOOD_SECONDS} s`);

  const pupil = await signedInPupil(call, olympiad);
  console.log(`a pupil's call, calm: median ${ms(median(await pupilCalls(pupil, 20)))}`);
  until = performance.now() + FLOOD_SECONDS * 1000;
  const misses = flood((i) => `/_next/static/chunks/missing-${i}-${Math.random().toString(36).slice(2)}.js`, 32, "203.0.113.10", until);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const took = await pupilCalls(pupil, 20);
  const missed = await misses;
  console.log(
    `a pupil's call, 32 connections asking for made-up build files: median ${ms(median(took))}, slowest ${ms(Math.max(...took))} (${missed} misses answered in ${FLOOD_SECONDS} s)`,
  );
} finally {
  await stop();
}
