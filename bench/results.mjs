// `npm run bench:results`: the results side at 30 000 ended attempts of one test (30 questions
// each, 900 000 answers), against a production build on PostgreSQL: a results page, the exports
// (all results as CSV and XLSX: the "within 10 s"), recompute, the item statistics and their
// workbook, and a regrade's dry run, each timed end to end as the organiser's browser receives it.
import postgres from "postgres";
import { sessionCookieOf, startBenchServer } from "./server.mjs";

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 30_000);
const PORT = Number(process.env.BENCH_PORT ?? 3403);
const ADMIN_PASSWORD = "bench-organiser-password";

const { database, databaseUrl, call, stop } = await startBenchServer({ port: PORT });

try {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const seeding = Date.now();
  const [subject] = await sql`select id from subjects where grade = 7 order by id limit 1`;
  const [test] = await sql`
    insert into tests (subject_id, opened_at, closed_at, pin_code)
    values (${subject.id}, now() - interval '3 hours', now() - interval '1 hour', '1234') returning id`;
  // A bank of 10 questions per difficulty, four choices each, the first one correct.
  await sql`
    insert into questions (subject_id, difficulty, texts)
    select ${subject.id}, d, jsonb_build_object('0', '<p>Savol ' || d || '.' || n || '</p>') from generate_series(1, 3) d, generate_series(1, 10) n`;
  await sql`
    insert into question_choices (question_id, texts, is_correct)
    select q.id, jsonb_build_object('0', 'Variant ' || c), c = 1 from questions q, generate_series(1, 4) c where q.subject_id = ${subject.id} order by q.id, c`;
  // Pupils spread over every district, registered there, each with an ended attempt.
  await sql`
    insert into users (role, first_name, last_name, subject_id, grade, district_id, region_id, phone_number)
    select 1, 'Pupil' || g, 'Bench', ${subject.id}, 7, d.id, d.region_id, '90' || lpad((g % 10000000)::text, 7, '0')
    from generate_series(1, ${ATTEMPTS}) g
    join (select id, region_id, row_number() over (order by id) - 1 as k, count(*) over () as n from districts) d
      on d.k = g % d.n`;
  await sql`
    insert into registrations (guid, user_id, status, amount_som, region_id, district_id)
    select gen_random_uuid(), id, 2, 75000, region_id, district_id from users where last_name = 'Bench'`;
  await sql`
    insert into attempts (user_id, test_id, started_at, deadline_at, ended_at, ended_by)
    select id, ${test.id}, now() - interval '3 hours', now() - interval '90 minutes',
           now() - interval '3 hours' + make_interval(secs => 1200 + (id * 7919) % 4200), case when id % 5 <> 0 then 1 else 2 end
    from users where last_name = 'Bench'`;
  // Each attempt draws all 30; the answer is skewed to the key, so scores spread and some tie.
  await sql`
    insert into attempt_questions (attempt_id, question_id, number, choice_order, answer_choice_id, answered_at)
    select a.id, q.id, row_number() over (partition by a.id order by q.difficulty, q.id),
           array[c.first, c.first + 1, c.first + 2, c.first + 3],
           case when random() < 0.05 then null when random() < 0.55 then c.first else c.first + 1 + floor(random() * 3)::int end,
           now() - interval '2 hours'
    from attempts a
    cross join questions q
    join (select question_id, min(id) as first from question_choices group by question_id) c on c.question_id = q.id
    where a.test_id = ${test.id} and q.subject_id = ${subject.id}`;
  // Scored as Finish scores: the key's choice earns the difficulty's points.
  await sql`
    update attempts a set easy_score_tenths = s.easy, medium_score_tenths = s.medium, hard_score_tenths = s.hard
    from (
      select aq.attempt_id,
             (count(*) filter (where q.difficulty = 1 and c.is_correct) * 10)::int as easy,
             (count(*) filter (where q.difficulty = 2 and c.is_correct) * 15)::int as medium,
             (count(*) filter (where q.difficulty = 3 and c.is_correct) * 25)::int as hard
      from attempt_questions aq join questions q on q.id = aq.question_id
      left join question_choices c on c.id = aq.answer_choice_id
      group by aq.attempt_id
    ) s where a.id = s.attempt_id`;
  await sql`analyze`;
  const [{ count }] = await sql`select count(*)::int from attempts where test_id = ${test.id}`;
  const [{ answers }] = await sql`select count(*)::int as answers from attempt_questions`;
  const [district] = await sql`select district_id from users where last_name = 'Bench' limit 1`;
  const [hard] = await sql`select q.id, min(c.id) + 1 as wrong from questions q join question_choices c on c.question_id = q.id
                           where q.subject_id = ${subject.id} and q.difficulty = 3 group by q.id order by q.id limit 1`;
  await sql.end();
  const seeded = ((Date.now() - seeding) / 1000).toFixed(1);

  const login = await call("/api/Identity/Login", { method: "POST", body: { username: "organiser", password: ADMIN_PASSWORD } });
  const cookie = sessionCookieOf(login);

  async function timed(path, method = "GET", body) {
    const started = process.hrtime.bigint();
    const response = await call(path, { method, cookie, body });
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, bytes, response };
  }
  const percentile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

  const lines = [];
  for (const [label, path] of [
    ["results page 1", `/api/admin/results?testId=${test.id}`],
    ["results page 200", `/api/admin/results?testId=${test.id}&page=200`],
    ["results of a district", `/api/admin/results?testId=${test.id}&districtId=${district.district_id}`],
    ["results by name", `/api/admin/results?testId=${test.id}&q=Pupil1234`],
  ]) {
    await timed(path); // warm
    const times = [];
    for (let i = 0; i < 20; i++) times.push((await timed(path)).ms);
    lines.push(
      `${label.padEnd(34)} p50 ${percentile(times, 0.5).toFixed(0)} ms   p95 ${percentile(times, 0.95).toFixed(0)} ms   (20 calls)`,
    );
  }
  for (const [label, query] of [
    ["export all results, CSV", "format=csv&scope=all"],
    ["export all results, XLSX", "format=xlsx&scope=all"],
    ["export second-stage list, CSV", "format=csv&scope=top5"],
    ["export second-stage list, XLSX", "format=xlsx&scope=top5"],
    ["export summary, XLSX", "format=xlsx&scope=summary"],
    ["export every test's list, XLSX", "format=xlsx&scope=top5&everything"],
  ]) {
    const testPart = query.endsWith("&everything") ? "" : `testId=${test.id}&`;
    const { ms, bytes, response } = await timed(`/api/admin/results/export?${testPart}${query.replace("&everything", "")}`);
    const rows = response.headers.get("content-disposition");
    lines.push(
      `${label.padEnd(34)} ${(ms / 1000).toFixed(2)} s   ${(bytes / 1024).toFixed(0)} KB   ${rows.match(/filename="([^"]+)"/)[1]}`,
    );
  }
  const recompute = await timed(`/api/admin/tests/${test.id}/recompute`, "POST");
  const report = await (await call(`/api/admin/tests/${test.id}/recompute`, { method: "POST", cookie })).json();
  lines.push(
    `recompute                          ${(recompute.ms / 1000).toFixed(2)} s   checked ${report.checked}, differences ${report.differences.length}`,
  );
  const items = await timed(`/api/admin/tests/${test.id}/item-statistics`);
  lines.push(`item statistics                    ${(items.ms / 1000).toFixed(2)} s`);
  const workbook = await timed(`/api/admin/tests/${test.id}/item-statistics/export`);
  lines.push(`item statistics, XLSX              ${(workbook.ms / 1000).toFixed(2)} s   ${(workbook.bytes / 1024).toFixed(0)} KB`);
  const dry = await timed(`/api/admin/tests/${test.id}/regrade`, "POST", {
    questionId: hard.id,
    action: "key",
    correctChoiceId: hard.wrong,
    dryRun: true,
  });
  const dryReport = await (
    await call(`/api/admin/tests/${test.id}/regrade`, {
      method: "POST",
      cookie,
      body: { questionId: hard.id, action: "key", correctChoiceId: hard.wrong, dryRun: true },
    })
  ).json();
  lines.push(`regrade dry run (a hard key)       ${(dry.ms / 1000).toFixed(2)} s   ${dryReport.changes.length} pupils move`);

  console.log(
    `\nResults at ${count} ended attempts of one test (${answers} answers), production build on PostgreSQL (${database}); seeded in ${seeded} s`,
  );
  for (const line of lines) console.log(line);
} finally {
  await stop();
}
