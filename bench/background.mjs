// `npm run bench:background`: what the heavy work done in the background (drawing certificates,
// screening) costs the pupils still answering. Exits 1 when a target is missed.
// Conditions, targets and options: docs/benchmarks.md#background
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { modelOlympiad } from "./collusion-model.mjs";
import { questionsOfTestSql, seedModelOlympiad } from "./collusion-seed.mjs";
import { sessionCookieOf, signedInOrganiser, startBenchServer, TOKEN } from "./server.mjs";

const PUPILS = Number(process.env.BENCH_PUPILS ?? 5000);
const LIVE = Number(process.env.BENCH_LIVE ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 25);
const WINDOW_S = Number(process.env.BENCH_WINDOW ?? 60);
const TURNS = Number(process.env.BENCH_TURNS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3450);
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
if (PROFILE) mkdirSync(PROFILE, { recursive: true });
const DRAW_ALL = process.env.BENCH_DRAW_ALL !== "0";
/** /proc's clock ticks a second. */
const TICK_MS = 10;

// Each live pupil from an address of their own (their own rate limits), as behind one proxy.
const bench = await startBenchServer({ port: PORT, env: { TRUST_PROXY_HOPS: "1" } });
const { call, stop, databaseUrl } = bench;
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
const support = (body) => call("/api/test-support/certificates", { method: "POST", token: TOKEN, body }).then((r) => r.json());
let missed = 0;
const target = (ok, line) => {
  if (!ok) missed++;
  console.log(`${ok ? "  met " : "MISSED"}  ${line}`);
};

/** CPU-ms so far of: the app's own process(es), each child program, and PostgreSQL's processes (all of the machine's server). */
function cpuNow() {
  const spent = { app: 0, certificates: 0, statistics: 0, postgres: 0 };
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      if (name === "postgres") spent.postgres += ms;
      else if (Number(fields[2]) === bench.processGroup) {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        const child = /\.build\/workers\/(\w+)\.cjs/.exec(cmdline)?.[1];
        if (child === "certificates" || child === "statistics") spent[child] += ms;
        else spent.app += ms;
      }
    } catch {
      // gone meanwhile
    }
  }
  return spent;
}

/** The CPU-ms of the app's child process running `program` (.build/workers/<program>.cjs), or null. */
function childCpuMs(program) {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`.build/workers/${program}.cjs`)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== bench.processGroup) continue;
      return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** BENCH_DRAW_ALL=0: the windows only. */
class Skip extends Error {}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  await support({ action: "pause" });
  const cookie = await signedInOrganiser(call);
  const [district] = await sql`select id, region_id as "regionId" from districts order by id limit 1`;

  // The finished olympiad: its pupils have certificates to draw and a test to screen.
  const finished = await (
    await call("/api/test-support/olympiads", {
      method: "POST",
      token: TOKEN,
      body: { bankPerDifficulty: 20, counts: { easy: 10, medium: 10, hard: 10 }, pinCode: "1234" },
    })
  ).json();
  const [test] = await sql`select opened_at, duration_minutes, easy_points_tenths, medium_points_tenths, hard_points_tenths
                           from tests where id = ${finished.testId}`;
  const model = modelOlympiad({ seed: 1, pupils: PUPILS, schools: 200, perDifficulty: 20, plant: [], opening: test.opened_at.getTime() });
  await seedModelOlympiad((statement) => sql.unsafe(statement), {
    testId: finished.testId,
    subjectId: finished.subjectId,
    grade: finished.grade,
    districtId: district.id,
    regionId: district.regionId,
    tag: `bench${finished.testId}`,
    questions: await sql.unsafe(questionsOfTestSql(finished.subjectId)),
    bank: model.bank,
    attempts: model.attempts,
    schools: 200,
    points: { 1: test.easy_points_tenths, 2: test.medium_points_tenths, 3: test.hard_points_tenths },
    opening: test.opened_at.getTime(),
    durationMinutes: test.duration_minutes,
  });

  // The live olympiad: its pupils answer throughout.
  const live = await (
    await call("/api/test-support/olympiads", {
      method: "POST",
      token: TOKEN,
      body: { bankPerDifficulty: 12, counts: { easy: 10, medium: 10, hard: 10 }, pinCode: "4321" },
    })
  ).json();
  const pupils = [];
  for (let i = 0; i < LIVE; i++) {
    const pupil = await (
      await call("/api/test-support/pupils", { method: "POST", token: TOKEN, body: { subjectId: live.subjectId } })
    ).json();
    const login = await call("/api/Identity/Login", {
      method: "POST",
      body: { username: pupil.username, password: pupil.password },
      headers: { "X-Forwarded-For": `10.9.${i >> 8}.${i & 255}` },
    });
    const session = sessionCookieOf(login);
    const headers = { "X-Forwarded-For": `10.9.${i >> 8}.${i & 255}` };
    const { attemptId } = await (
      await call("/api/TestAttempts/New", { method: "POST", cookie: session, headers, body: { language: 0, pinCode: "4321" } })
    ).json();
    const view = await (await call(`/api/TestAttempts/Get?id=${attemptId}`, { cookie: session, headers })).json();
    pupils.push({ cookie: session, questions: view.questions, sent: 0, address: `10.9.${i >> 8}.${i & 255}` });
  }
  console.log(
    `${PUPILS} pupils finished (certificates to draw, a test to screen); ${LIVE} pupils answering ${RATE} answers a second, ${WINDOW_S} s a window`,
  );

  const profiling = (method) => call("/api/test-support/profile", { method, token: TOKEN }).then((r) => r.json());

  /** CPU-ms by process in each condition, summed over its turns. */
  const cpuBy = {};
  /** Answers at RATE a second for `seconds` (open loop: one sent every 1/RATE s whatever the last took); their latencies, sorted. */
  async function answering(seconds, during = async () => {}, name = null, profile = false) {
    if (profile) await profiling("POST");
    const before = cpuNow();
    const latencies = [];
    const failures = [];
    const sent = [];
    const started = performance.now();
    let n = 0;
    const work = during();
    while (performance.now() - started < seconds * 1000) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const p = pupils[n % pupils.length];
      const q = p.questions[p.sent % p.questions.length];
      const choice = q.questionChoices[p.sent % q.questionChoices.length];
      p.sent++;
      n++;
      const at = performance.now();
      sent.push(
        call("/api/TestAttempts/Answer", {
          method: "POST",
          cookie: p.cookie,
          headers: { "X-Forwarded-For": p.address },
          body: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: choice.questionChoiceId },
          ok: false,
        }).then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 200) latencies.push(performance.now() - at);
          else failures.push(response.status);
        }),
      );
    }
    await Promise.all(sent);
    await work;
    if (profile) writeFileSync(path.join(PROFILE, `${name}.cpuprofile`), JSON.stringify(await profiling("DELETE")));
    const after = cpuNow();
    if (name) {
      cpuBy[name] ??= {};
      const spent = cpuBy[name];
      for (const k of Object.keys(after)) spent[k] = (spent[k] ?? 0) + after[k] - before[k];
    }
    if (failures.length > 0) throw new Error(`answers refused: ${JSON.stringify(failures.slice(0, 10))}`);
    return latencies.sort((a, b) => a - b);
  }

  const line = (name, sorted, calm) =>
    `${name.padEnd(10)} ${String(sorted.length).padStart(6)} answers   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(
      sorted,
      99,
    )
      .toFixed(1)
      .padStart(6)} ms${calm ? `   p99 ${(percentile(sorted, 99) / percentile(calm, 99)).toFixed(2)}× calm` : ""}`;

  // Warm-up: every route compiled and cached, not counted.
  await answering(10);
  const kept = async () =>
    Number((await sql`select count(*) as n from certificate_pictures where kind = 'print' and png is not null`)[0].n);
  const drawStarted = Date.now();
  const turnS = WINDOW_S / TURNS;
  const calm = [];
  const drawing = [];
  const screening = [];
  let screenings = 0;
  let screeningCpu = 0;
  const screenAgainAndAgain = async () => {
    const until = performance.now() + turnS * 1000;
    while (performance.now() < until) {
      const summary = await (await call(`/api/admin/tests/${finished.testId}/screening`, { method: "POST", cookie })).json();
      screenings++;
      screeningCpu += summary.cpuMs ?? 0;
    }
  };
  for (let turn = 0; turn < TURNS; turn++) {
    // The profiles (BENCH_PROFILE) are of the last turn.
    const profile = Boolean(PROFILE) && turn === TURNS - 1;
    calm.push(...(await answering(turnS, undefined, "calm", profile)));
    await support({ action: "resume" });
    drawing.push(...(await answering(turnS, undefined, "drawing", profile)));
    await support({ action: "pause" });
    screening.push(...(await answering(turnS, screenAgainAndAgain, "screening", profile)));
  }
  for (const list of [calm, drawing, screening]) list.sort((a, b) => a - b);
  for (const [name, spent] of Object.entries(cpuBy))
    console.log(
      `  ${name}: CPU-s in its ${TURNS} turns: ${Object.entries(spent)
        .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)}`)
        .join(" · ")}`,
    );
  console.log(line("calm", calm));
  console.log(line("drawing", drawing, calm), `  (${await kept()} certificates drawn meanwhile)`);
  console.log(
    line("screening", screening, calm),
    `  (${screenings} screenings of ${PUPILS} pupils, ${(screeningCpu / Math.max(1, screenings)).toFixed(0)} CPU-ms each in the child)`,
  );

  target(percentile(drawing, 99) <= 1.5 * percentile(calm, 99), `Answer p99 while drawing ahead at most 1.5× calm`);
  target(percentile(screening, 99) <= 1.5 * percentile(calm, 99), `Answer p99 while a ${PUPILS}-pupil test is screened at most 1.5× calm`);

  // The rest of the drawing, on an idle server.
  await support({ action: "resume" });
  if (!DRAW_ALL) throw new Skip();
  let last = Date.now();
  for (let done = await kept(); done < PUPILS; done = await kept()) {
    if (Date.now() - last > 60_000) {
      console.log(`  … ${done} of ${PUPILS} certificates kept`);
      last = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const drawCpu = childCpuMs("certificates");
  console.log(
    `drawing ahead: ${PUPILS} certificates kept in ${((Date.now() - drawStarted) / 60_000).toFixed(1)} min; the drawing child's CPU ${(drawCpu / 60_000).toFixed(1)} CPU-min, ${(drawCpu / PUPILS).toFixed(0)} CPU-ms a certificate`,
  );
} catch (error) {
  if (!(error instanceof Skip)) throw error;
} finally {
  await sql.end();
  await stop();
}
process.exitCode = missed > 0 ? 1 : 0;
