// `npm run bench:results-day`: results day on a production build on PostgreSQL. An olympiad of
// BENCH_FAMILIES pupils (10 000) has closed, its list is final, and the certificates are drawn
// ahead (the bench times it). Then:
// 1. What each view costs: CPU-ms (the app's processes and its database's backends, idle
//    subtracted) and database transactions, per view, over BENCH_SAMPLE families (100), beside a
//    signed-out /login; the first view of each, and the same view again.
// 2. The crowd: every family comes once over BENCH_MINUTES (10), half of them in the first fifth,
//    each from an address of its own, and makes its five views one after another: its page, its
//    district's list, the certificate's check page, its link preview (the chat app's crawler when
//    the link is shared), and then half of them sign in and download the certificate while the
//    other half reload their page. A refusal (503) is asked again after its Retry-After, as the
//    busy page does; a view fails when it is not answered 2xx within a minute of its first try.
// It prints the drawing ahead's time, the per-view table and the crowd's line (views, failed,
// refused, p50/p99 of a view from its first try to its answer, CPU-ms a view). Options:
// BENCH_FAMILIES, BENCH_MINUTES, BENCH_SAMPLE, BENCH_PORT, BENCH_APP_ROOT (another checkout's build:
// the commit before a change). docs/benchmarks.md#results-day
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { cpuMeter } from "./cpu.mjs";
import { sessionCookieOf, signedInOrganiser, startBenchServer, TOKEN } from "./server.mjs";

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const SAMPLE = Math.min(FAMILIES, Number(process.env.BENCH_SAMPLE ?? 100));
const PORT = Number(process.env.BENCH_PORT ?? 3440);
const APP_NAME = "olimpiada-bench-results-day";
/** A view not answered 2xx within this long of its first try has failed. */
const GIVE_UP_MS = 60_000;

const bench = await startBenchServer({ port: PORT, env: { TRUST_PROXY_HOPS: "1" } });
const { base, call, stop } = bench;
// The bench's own reads of the statistics go to another database: they are not the app's transactions.
const stats = postgres(bench.databaseUrl.replace(/\/[^/]*$/, "/postgres"), {
  max: 1,
  onnotice: () => {},
  connection: { application_name: APP_NAME },
});
const sql = postgres(bench.databaseUrl, { max: 2, onnotice: () => {}, connection: { application_name: APP_NAME } });
const meter = cpuMeter({ bench, sql: stats, appName: APP_NAME });

const support = async (what, body) =>
  (await call(`/api/test-support/${what}`, { method: "POST", token: TOKEN, body, ok: false })).json().catch(() => null);

/** The database's transactions so far (committed and rolled back), once the backends have reported them, and when. */
async function transactions() {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await stats`select pg_stat_clear_snapshot()`;
  const [row] = await stats`select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = ${bench.database}`;
  return { n: Number(row.n), at: performance.now() };
}

/**
 * Measures `work`: the CPU and the database's transactions it took, less what the server spends
 * at rest (its periodic jobs), measured just before.
 */
async function measured(work) {
  const quiet = await transactions();
  const idle = await meter.idleRate(2_000);
  const from = await transactions();
  const idleXacts = (from.n - quiet.n) / (from.at - quiet.at);
  const before = await meter.reading();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const used = meter.spent(before, await meter.reading());
  const to = await transactions();
  return { cpu: used.ms - idle * seconds, xacts: to.n - from.n - idleXacts * (to.at - from.at), seconds };
}

/**
 * A request as a family's browser makes it, asked again after a refusal's Retry-After: its status and time from the first try.
 * @param {{ address: string }} family
 * @param {string} path
 * @param {{ method?: string, body?: unknown, cookie?: string }} [options]
 */
async function view(family, path, { method = "GET", body = undefined, cookie = undefined } = {}) {
  const started = performance.now();
  let refused = 0;
  for (;;) {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        redirect: "manual",
        signal: AbortSignal.timeout(GIVE_UP_MS),
        headers: {
          "X-Forwarded-For": family.address,
          "Accept-Encoding": "br, gzip",
          Accept: method === "GET" ? "text/html,image/png,*/*" : "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const bytes = await response.arrayBuffer();
      const ms = performance.now() - started;
      if (response.status === 503 && ms < GIVE_UP_MS) {
        refused++;
        const wait = Number(response.headers.get("retry-after") ?? 1) * 1_000;
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, GIVE_UP_MS - ms)));
        continue;
      }
      return { status: response.status, ms, refused, response, text: () => Buffer.from(bytes).toString("utf8") };
    } catch (error) {
      return { status: 0, ms: performance.now() - started, refused, error: String(error) };
    }
  }
}

try {
  const seeding = performance.now();
  await support("certificates", { action: "pause" });
  const hour = 3_600_000;
  const olympiad = await support("olympiads", {
    counts: { easy: 1, medium: 1, hard: 1 },
    bankPerDifficulty: 1,
    pinCode: "1234",
    openedAt: new Date(Date.now() - 3 * hour).toISOString(),
    closedAt: new Date(Date.now() - hour).toISOString(),
  });
  const template = await support("pupils", { subjectId: olympiad.subjectId });
  const [{ password_hash: hash }] = await sql`select password_hash from users where id = ${template.userId}`;
  // The families: pupils spread over every district, paid, each with an ended attempt and a score.
  await sql`
    insert into users (role, first_name, last_name, subject_id, grade, district_id, region_id, username, password_hash)
    select 1, 'Oila' || g, 'Natija', ${olympiad.subjectId}, ${olympiad.grade}, d.id, d.region_id, 'kunlik' || g, ${hash}
    from generate_series(1, ${FAMILIES}::int) g
    join (select id, region_id, row_number() over (order by id) - 1 as k, count(*) over () as n from districts) d on d.k = g % d.n`;
  await sql`
    insert into registrations (guid, user_id, status, amount_som, paid_at, region_id, district_id)
    select gen_random_uuid(), id, 2, 75000, now() - interval '30 days', region_id, district_id from users where last_name = 'Natija'`;
  await sql`
    insert into attempts (user_id, test_id, started_at, deadline_at, ended_at, ended_by, easy_score_tenths, medium_score_tenths, hard_score_tenths)
    select id, ${olympiad.testId}, now() - interval '3 hours', now() - interval '90 minutes', now() - interval '2 hours', 1,
           (id % 2) * 10, ((id / 2) % 2) * 15, ((id / 4) % 2) * 25
    from users where last_name = 'Natija'`;
  // The appeals are over: the organiser finalises the list, public at once.
  await sql`update tests set appeals_close_at = now() - interval '1 minute' where id = ${olympiad.testId}`;
  await sql`analyze`;
  const organiser = await signedInOrganiser(call);
  const preview = await (await call(`/api/admin/tests/${olympiad.testId}/final`, { cookie: organiser })).json();
  await call(`/api/admin/tests/${olympiad.testId}/final`, {
    method: "POST",
    cookie: organiser,
    body: { expectedTopHash: preview.topHash },
  });
  const [list] = await sql`select top_hash from final_lists where test_id = ${olympiad.testId} order by version desc limit 1`;
  /** @type {{ username: string, districtId: number, guid: string, address: string, password: string, preview?: string }[]} */
  const families = (
    await sql`
      select u.username, u.district_id as "districtId", r.guid from users u join registrations r on r.user_id = u.id
      where u.last_name = 'Natija' order by u.id`
  ).map((row, i) => ({
    username: row.username,
    districtId: row.districtId,
    guid: row.guid,
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    password: template.password,
  }));
  console.log(
    `seeded ${FAMILIES} families, the list final (${list.top_hash.slice(0, 12)}…) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  // The drawing ahead, as the server does it in the background between the close and the minute.
  const pictures = async () => Number((await sql`select count(*)::int as n from certificate_pictures where png is not null`)[0].n);
  const drawing = performance.now();
  await support("certificates", { action: "resume" });
  let last = -1;
  let still = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const now = await pictures();
    // Done when it has stopped drawing for 15 s (a build that draws only the print picture stops at one a pupil).
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= 3 && now > 0) break;
  }
  const drawnIn = (performance.now() - drawing) / 1000 - 15;
  const tenThousand = (drawnIn / FAMILIES) * 10_000;
  console.log(
    `drawing ahead: ${last} pictures for ${FAMILIES} pupils in ${drawnIn.toFixed(0)} s (${((drawnIn * 1000) / last).toFixed(0)} ms a picture; ` +
      `10 000 pupils at that pace: ${(tenThousand / 60).toFixed(0)} min)`,
  );

  // 1. What each view costs, four at a time: its first view and the same again (a copy kept, where
  // the build keeps one), over SAMPLE families, and the check page's over SAMPLE others.
  const sample = families.slice(0, SAMPLE);
  const others = families.slice(SAMPLE, 2 * SAMPLE);
  const previewIn = (page) =>
    /<meta property="og:image" content="[^"]*?(\/cert\/[^"]+)"/.exec(page.text?.() ?? "")?.[1]?.replace(/&amp;/g, "&");
  const checkPage = async (f) => {
    const page = await view(f, `/cert/${f.username}`);
    f.preview ??= previewIn(page);
    return page;
  };
  const signIn = async (f) =>
    sessionCookieOf(
      (await view(f, "/api/Identity/Login", { method: "POST", body: { username: f.username, password: f.password } })).response,
    );
  /** @type {[string, typeof families, (family: (typeof families)[number]) => ReturnType<typeof view>][]} */
  const kinds = [
    ["/login (signed out)", sample, (f) => view(f, "/login")],
    ["family page", sample, (f) => view(f, `/register/${f.guid}`)],
    ["district list", sample, (f) => view(f, `/lists/${list.top_hash}?district=${f.districtId}`)],
    ["district list again", sample, (f) => view(f, `/lists/${list.top_hash}?district=${f.districtId}`)],
    ["check page", others, checkPage],
    ["check page again", others, checkPage],
    ["link preview", others, (f) => view(f, f.preview)],
    ["link preview again", others, (f) => view(f, f.preview)],
    ["sign-in + download", sample, async (f) => view(f, "/api/Certificates/Generate", { method: "POST", cookie: await signIn(f) })],
  ];
  const costs = new Map();
  for (const [kind, who, work] of kinds) {
    const failed = [];
    const { cpu, xacts } = await measured(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < who.length) {
            const answer = await work(who[next++]);
            if (answer.status < 200 || answer.status >= 300) failed.push(answer.status);
          }
        }),
      );
    });
    if (failed.length > 0) console.warn(`${kind}: ${failed.length} not 2xx (${[...new Set(failed)].join(", ")})`);
    costs.set(kind, { cpu: cpu / who.length, xacts: xacts / who.length });
  }
  const login = costs.get("/login (signed out)").cpu;
  console.log(`\nper view, ${SAMPLE} families four at a time (CPU-ms: the app and its database's backends, idle subtracted)`);
  console.log(`${"view".padEnd(22)} ${"CPU-ms".padStart(7)} ${"× /login".padStart(9)} ${"transactions".padStart(13)}`);
  for (const [kind, { cpu, xacts }] of costs)
    console.log(
      `${kind.padEnd(22)} ${cpu.toFixed(1).padStart(7)} ${(cpu / login).toFixed(2).padStart(9)} ${xacts.toFixed(1).padStart(13)}`,
    );

  // 2. The crowd: half the families in the first fifth of the time, the rest over the remainder.
  const spanMs = MINUTES * 60_000;
  const arrivals = families.map((_, i) =>
    i < FAMILIES / 2 ? (i / (FAMILIES / 2)) * (spanMs / 5) : spanMs / 5 + ((i - FAMILIES / 2) / (FAMILIES / 2)) * ((4 * spanMs) / 5),
  );
  const times = [];
  let failed = 0;
  let refused = 0;
  const failures = {};
  const visit = async (family, i) => {
    const views = [
      () => view(family, `/register/${family.guid}`),
      () => view(family, `/lists/${list.top_hash}?district=${family.districtId}`),
      () => checkPage(family),
      () => (family.preview ? view(family, family.preview) : Promise.resolve({ status: 0, ms: 0, refused: 0, error: "no preview" })),
      i % 2 === 0
        ? async () => {
            const signedIn = await view(family, "/api/Identity/Login", {
              method: "POST",
              body: { username: family.username, password: family.password },
            });
            if (signedIn.status !== 200) return signedIn;
            const download = await view(family, "/api/Certificates/Generate", {
              method: "POST",
              cookie: sessionCookieOf(signedIn.response),
            });
            return { ...download, ms: signedIn.ms + download.ms, refused: signedIn.refused + download.refused };
          }
        : () => view(family, `/register/${family.guid}`),
    ];
    for (const [n, one] of views.entries()) {
      const answer = await one();
      refused += answer.refused;
      times.push(answer.ms);
      if (answer.status < 200 || answer.status >= 300) {
        failed++;
        const key = `view ${n + 1}: ${answer.status || answer.error}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
  };
  console.log(`\nthe crowd: ${FAMILIES} families over ${MINUTES} min, half in the first ${MINUTES / 5} min …`);
  const crowd = await measured(async () => {
    const started = performance.now();
    await Promise.all(
      families.map(async (family, i) => {
        await new Promise((resolve) => setTimeout(resolve, arrivals[i] - (performance.now() - started)));
        await visit(family, i);
      }),
    );
  });
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
  const cpuPerView = crowd.cpu / times.length;
  console.log(
    `results day: ${times.length} views of ${FAMILIES} families in ${crowd.seconds.toFixed(0)} s: ${failed} failed, ${refused} refused and asked again; ` +
      `a view p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms; ${cpuPerView.toFixed(1)} CPU-ms a view ` +
      `(${(cpuPerView / login).toFixed(2)} × /login), ${(crowd.xacts / times.length).toFixed(1)} transactions a view`,
  );
  if (failed > 0) console.log(`failed: ${JSON.stringify(failures)}`);
} finally {
  await sql.end();
  await stats.end();
  await stop();
}
