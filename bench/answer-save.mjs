// `npm run bench:answers`: answer-save throughput and latency at 50 connections against a
// production build on PostgreSQL, beside the same app's trivial JSON route (the framework's
// floor), and a check that every acknowledged answer is in the database afterwards.
import autocannon from "autocannon";
import postgres from "postgres";
import { sessionCookieOf, startBenchServer, TOKEN } from "./server.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 3400);

const { base: BASE, database, databaseUrl, call, stop } = await startBenchServer({ port: PORT });

try {
  // One pupil per connection, each with a started 30-question attempt.
  const olympiad = await (
    await call("/api/test-support/olympiads", {
      method: "POST",
      token: TOKEN,
      body: { bankPerDifficulty: 12, counts: { easy: 10, medium: 10, hard: 10 }, pinCode: "1234" },
    })
  ).json();
  const pupils = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const pupil = await (
      await call("/api/test-support/pupils", { method: "POST", token: TOKEN, body: { subjectId: olympiad.subjectId } })
    ).json();
    const login = await call("/api/Identity/Login", { method: "POST", body: { username: pupil.username, password: pupil.password } });
    const cookie = sessionCookieOf(login);
    const { attemptId } = await (
      await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode: "1234" } })
    ).json();
    const view = await (await call(`/api/TestAttempts/Get?id=${attemptId}`, { cookie })).json();
    pupils.push({ cookie, attemptId, questions: view.questions, sent: 0, acknowledged: new Map(), inFlight: null });
  }

  const run = (options) =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ url: BASE, connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
      instance.on("error", reject);
    });

  const floor = await run({ requests: [{ method: "GET", path: "/api/health" }] });

  // A pupil is lent to one request at a time (autocannon gives each request a fresh context), so
  // each pupil's answers are in order and the last acknowledged one must be the stored one.
  const idle = [...pupils];
  const answers = await run({
    requests: [
      {
        method: "POST",
        path: "/api/TestAttempts/Answer",
        setupRequest: (request, context) => {
          const p = idle.shift();
          const question = p.questions[p.sent % p.questions.length];
          const choice = question.questionChoices[Math.floor(p.sent / p.questions.length) % question.questionChoices.length];
          p.sent++;
          context.pupil = p;
          context.inFlight = { question: question.testAttemptQuestionId, answer: choice.questionChoiceId };
          p.inFlight = context.inFlight;
          return {
            ...request,
            headers: { "Content-Type": "application/json", Cookie: p.cookie },
            body: JSON.stringify({ testAttemptQuestionId: context.inFlight.question, answerId: context.inFlight.answer }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 200) context.pupil.acknowledged.set(context.inFlight.question, context.inFlight.answer);
          context.pupil.inFlight = null;
          idle.push(context.pupil);
        },
      },
    ],
  });

  // Every acknowledged answer (the last one per question: one connection answers in order) is stored.
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let acknowledged = 0;
  let missing = 0;
  for (const p of pupils) {
    const rows = await db`select id, answer_choice_id from attempt_questions where attempt_id = ${p.attemptId}`;
    const stored = new Map(rows.map((r) => [r.id, r.answer_choice_id]));
    for (const [question, answer] of p.acknowledged) {
      acknowledged++;
      // The run stops with requests in flight: one the server took but never answered may have
      // replaced the last acknowledged answer, which is no loss.
      const overwritten = p.inFlight?.question === question && stored.get(question) === p.inFlight.answer;
      if (stored.get(question) !== answer && !overwritten) missing++;
    }
  }
  await db.end();

  const line = (name, r) =>
    `${name.padEnd(40)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  const ratio = answers.requests.average / floor.requests.average;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, production build on PostgreSQL (${database})`);
  console.log(line("floor   GET  /api/health", floor));
  console.log(line("answer  POST /api/TestAttempts/Answer", answers));
  console.log(
    `answer / floor: ${(ratio * 100).toFixed(0)} % of the floor's req/s (target >= 75 %), answer p99 ${answers.latency.p99} ms (target <= 150 ms)`,
  );
  console.log(`acknowledged answers checked: ${acknowledged} final states, missing from the database: ${missing}`);
  process.exitCode = missing === 0 ? 0 : 1;
} finally {
  await stop();
}
