// `npm run bench:certificates`: what a pupil pressing "download" on their certificate in a loop (32
// requests at a time) costs another pupil in the middle of a test, on a production build on
// PostgreSQL: the other pupil's reads (Get then GetRemainingTime) with nothing else going on, and
// while the loop runs. tests/api/certificates.spec.ts checks the loop's outcome (the certificate
// drawn once, a few downloads a minute, the other pupil served); these are its times. The figures to
// watch: the reads' median and ninth of ten during the loop. Options (environment): BENCH_PORT,
// BENCH_READS (10).
import { performance } from "node:perf_hooks";
import { sessionCookieOf, startBenchServer, TOKEN } from "./server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3422);
const READS = Number(process.env.BENCH_READS ?? 10);
const LOOPS = 32;

const { call, stop } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });

/** A pupil of a new three-question olympiad with PIN `pinCode`, signed in and started: their cookie and attempt. */
async function startedPupil(pinCode) {
  const olympiad = await (
    await call("/api/test-support/olympiads", {
      method: "POST",
      token: TOKEN,
      body: { counts: { easy: 1, medium: 1, hard: 1 }, pinCode },
    })
  ).json();
  const pupil = await (
    await call("/api/test-support/pupils", { method: "POST", token: TOKEN, body: { subjectId: olympiad.subjectId } })
  ).json();
  const login = await call("/api/Identity/Login", { method: "POST", body: { username: pupil.username, password: pupil.password } });
  const cookie = sessionCookieOf(login);
  const { attemptId } = await (await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode } })).json();
  return { cookie, attemptId };
}

const at = (values, q) => values[Math.min(values.length - 1, Math.floor(values.length * q))] ?? Number.NaN;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (v) => `${Math.round(v)} ms`;
  return `median ${ms(at(sorted, 0.5))}, 9th of 10 ${ms(at(sorted, 0.9))}, slowest ${ms(sorted.at(-1))}`;
};

try {
  // The pupil with a certificate: their test finished.
  const finished = await startedPupil("2468");
  await call("/api/TestAttempts/Finish", {
    method: "POST",
    cookie: finished.cookie,
    body: { attemptId: finished.attemptId, isEndedByUser: true },
  });
  // Another pupil in the middle of a test.
  const other = await startedPupil("1122");

  /** The other pupil's page asking again: Get, then the remaining time. Its time in ms. */
  const read = async () => {
    const started = performance.now();
    for (const path of [`/api/TestAttempts/Get?id=${other.attemptId}`, `/api/TestAttempts/GetRemainingTime?attemptId=${other.attemptId}`])
      await (await call(path, { cookie: other.cookie })).arrayBuffer();
    return performance.now() - started;
  };

  const quiet = [];
  for (let i = 0; i < READS; i++) quiet.push(await read());

  const statuses = [];
  let looping = true;
  const loop = async () => {
    while (looping) {
      const response = await call("/api/Certificates/Generate", { method: "POST", cookie: finished.cookie, ok: false });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
  };
  const loops = Array.from({ length: LOOPS }, loop);
  const during = [];
  for (let i = 0; i < READS; i++) during.push(await read());
  looping = false;
  await Promise.all(loops);

  const count = (status) => statuses.filter((s) => s === status).length;
  console.log(`the other pupil's Get + GetRemainingTime alone: ${summary(quiet)} (${quiet.length} reads)`);
  console.log(
    `Generate loop: ${statuses.length} calls (${count(200)} × 200, ${count(429)} × 429); the other pupil's Get + GetRemainingTime: ${summary(during)} (${during.length} reads)`,
  );
} finally {
  await stop();
}
