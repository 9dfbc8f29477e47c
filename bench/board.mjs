// `npm run bench:board`: the organiser's board (GET /api/admin/board, one grouped statement) at
// 10 000 attempts, against a production build on PostgreSQL: 200 polls one after another, as one
// console does, then 20 consoles polling at once.
import autocannon from "autocannon";
import postgres from "postgres";
import { sessionCookieOf, startBenchServer } from "./server.mjs";

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3402);
const ADMIN_PASSWORD = "bench-organiser-password";

const { base, database, databaseUrl, call, stop } = await startBenchServer({ port: PORT });

try {
  // The data, written straight into the database: a test per subject, pupils registered and
  // paid in every subject, and an attempt for ATTEMPTS of them (a quarter still running).
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const subjects = await sql`select id from subjects order by id`;
  await sql`
    insert into tests (subject_id, opened_at, closed_at, pin_code)
    select id, now() - interval '1 hour', now() + interval '1 day', '1234' from subjects
    on conflict do nothing`;
  const pupils = Math.round(ATTEMPTS * 1.2);
  await sql`
    insert into users (role, first_name, last_name, subject_id, grade, district_id, region_id, last_sign_in_at)
    select 1, 'Bench', 'Pupil ' || g, (select id from subjects order by id offset (g % ${subjects.length}) limit 1),
           5, 1726266, 1726, case when g % 3 = 0 then null else now() end
    from generate_series(1, ${pupils}) g`;
  await sql`
    insert into registrations (guid, user_id, status, amount_som)
    select gen_random_uuid(), id, case when id % 10 = 0 then 1 else 2 end, 75000 from users where first_name = 'Bench'`;
  await sql`
    insert into attempts (user_id, test_id, started_at, deadline_at, ended_at, ended_by)
    select u.id, t.id, now() - interval '30 minutes',
           now() + interval '60 minutes',
           case when u.id % 4 = 0 then null else now() - interval '5 minutes' end,
           case when u.id % 4 = 0 then null else 1 end
    from (select id, subject_id from users where first_name = 'Bench' order by id limit ${ATTEMPTS}) u
    join tests t on t.subject_id = u.subject_id`;
  await sql`analyze`;
  const [{ count }] = await sql`select count(*)::int from attempts`;
  await sql.end();

  const login = await call("/api/Identity/Login", { method: "POST", body: { username: "organiser", password: ADMIN_PASSWORD } });
  const cookie = sessionCookieOf(login);
  const timings = [];
  for (let i = 0; i < 200; i++) {
    const started = process.hrtime.bigint();
    await (await call("/api/admin/board", { cookie })).json();
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  timings.sort((a, b) => a - b);
  const at = (q) => timings[Math.min(timings.length - 1, Math.floor(timings.length * q))].toFixed(1);

  const consoles = await new Promise((resolve, reject) => {
    const run = autocannon(
      { url: `${base}/api/admin/board`, connections: 20, duration: 10, headers: { Cookie: cookie } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    run.on("error", reject);
  });

  console.log(`\nGET /api/admin/board, production build on PostgreSQL (${database}), ${count} attempts, ${subjects.length} subjects`);
  console.log(`one console, 200 polls in a row:  p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   p99 ${at(0.99)} ms`);
  console.log(
    `20 consoles at once (10 s):        ${Math.round(consoles.requests.average)} req/s   p50 ${consoles.latency.p50} ms   p99 ${consoles.latency.p99} ms   non-2xx ${consoles.non2xx}`,
  );
} finally {
  await stop();
}
