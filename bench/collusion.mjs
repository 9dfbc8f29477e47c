// `npm run bench:collusion`: does the answer-copying screening find copiers without accusing honest
// pupils, and what does it cost? Exits 1 when a target is missed.
// The olympiad, the targets and the options: docs/benchmarks.md#collusion
import postgres from "postgres";
import { modelOlympiad } from "./collusion-model.mjs";
import { questionsOfTestSql, seedModelOlympiad } from "./collusion-seed.mjs";
import { signedInOrganiser, startBenchServer, TOKEN } from "./server.mjs";

const PUPILS = Number(process.env.BENCH_PUPILS ?? 5000);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 200);
const PAIRS_PER_CELL = Number(process.env.BENCH_PLANTED ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3412);
const RATES = [0.3, 0.5, 0.8];
const SMALL = { pupils: 60, perDifficulty: 12, seeds: 20, copiers: 2 };

const { call, stop, databaseUrl } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });
const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
let missed = 0;
const target = (ok, line) => {
  if (!ok) missed++;
  console.log(`${ok ? "  met " : "MISSED"}  ${line}`);
};
try {
  const cookie = await signedInOrganiser(call);
  const [district] = await sql`select id, region_id as "regionId" from districts order by id limit 1`;

  /** One olympiad of the model, written and screened; what the screening listed against what was planted. */
  async function screened(seed, plant, { pupils = PUPILS, schools = SCHOOLS, perDifficulty = 20, quiet = false } = {}) {
    const olympiad = await (
      await call("/api/test-support/olympiads", {
        method: "POST",
        token: TOKEN,
        body: { bankPerDifficulty: perDifficulty, counts: { easy: 10, medium: 10, hard: 10 }, pinCode: "1234" },
      })
    ).json();
    const [test] = await sql`select opened_at, duration_minutes, easy_points_tenths, medium_points_tenths, hard_points_tenths
                             from tests where id = ${olympiad.testId}`;
    const questions = /** @type {any[]} */ (await sql.unsafe(questionsOfTestSql(olympiad.subjectId)));
    const model = modelOlympiad({ seed, pupils, schools, perDifficulty, plant, opening: test.opened_at.getTime() });
    const written = Date.now();
    await seedModelOlympiad((statement) => sql.unsafe(statement), {
      testId: olympiad.testId,
      subjectId: olympiad.subjectId,
      grade: olympiad.grade,
      districtId: district.id,
      regionId: district.regionId,
      tag: `bench${olympiad.testId}`,
      questions,
      bank: model.bank,
      attempts: model.attempts,
      schools,
      points: { 1: test.easy_points_tenths, 2: test.medium_points_tenths, 3: test.hard_points_tenths },
      opening: test.opened_at.getTime(),
      durationMinutes: test.duration_minutes,
    });
    if (!quiet)
      console.log(`wrote ${pupils} pupils' attempts and ${pupils * 30} answers in ${((Date.now() - written) / 1000).toFixed(1)} s`);
    const summary = await (await call(`/api/admin/tests/${olympiad.testId}/screening`, { method: "POST", cookie })).json();
    const listed = await sql`
      select ua.username as a, ub.username as b, (p.evidence->>'flagged')::boolean as flagged
      from screening_pairs p
      join attempts aa on aa.id = p.attempt_a join users ua on ua.id = aa.user_id
      join attempts ab on ab.id = p.attempt_b join users ub on ub.id = ab.user_id
      where p.screening_id = ${summary.screeningId}`;
    const pupilOf = (username) => Number(username.slice(username.lastIndexOf("-") + 1));
    const key = (x, y) => `${Math.min(x, y)}-${Math.max(x, y)}`;
    const plantedBy = new Map(model.planted.map((p) => [key(p.copier, p.source), p]));
    const found = new Map();
    let falseFlags = 0;
    for (const row of listed) {
      if (!row.flagged) continue;
      const planted = plantedBy.get(key(pupilOf(row.a), pupilOf(row.b)));
      if (planted) found.set(`${planted.rate}/${planted.together}`, (found.get(`${planted.rate}/${planted.together}`) ?? 0) + 1);
      else falseFlags++;
    }
    return { summary, found, falseFlags, honestPairs: summary.pairs - model.planted.length };
  }

  if (!process.env.BENCH_SMALL_ONLY) await large();
  await small();

  /** The camp-sized olympiad: no copier, then copiers at three rates. */
  async function large() {
    console.log(`An olympiad of ${PUPILS} pupils in ${SCHOOLS} schools, 30 questions each from a bank of 60, screened by the server's job`);
    console.log("");
    console.log("1. No copier at all");
    const honest = await screened(1, []);
    console.log(
      `   ${honest.summary.pairs} pairs within schools, ${honest.summary.tested} with 10 or more shared questions screened; ${honest.falseFlags} flagged`,
    );
    console.log(`   CPU of the screening: ${(honest.summary.cpuMs / 1000).toFixed(2)} s`);
    target(honest.falseFlags <= 1, `false flags with no copier: ${honest.falseFlags} (target at most 1)`);
    target(
      honest.summary.cpuMs <= 2000,
      `CPU seconds for ${PUPILS} pupils: ${(honest.summary.cpuMs / 1000).toFixed(2)} (target at most 2)`,
    );

    console.log("");
    console.log(`2. Copiers planted: ${PAIRS_PER_CELL} pairs per copy rate, sitting together and apart`);
    const plant = RATES.flatMap((rate) => [true, false].map((together) => ({ rate, together, pairs: PAIRS_PER_CELL })));
    const copying = await screened(2, plant);
    const per100k = (copying.falseFlags / copying.honestPairs) * 100_000;
    console.log(
      `   ${copying.summary.pairs} pairs, ${copying.summary.tested} screened, ${copying.summary.listed} listed; false flags ${copying.falseFlags} (${per100k.toFixed(1)} per 100 000 honest pairs)`,
    );
    console.log(`   CPU of the screening: ${(copying.summary.cpuMs / 1000).toFixed(2)} s`);
    console.log("   found per copy rate:        together   apart (timing independent)");
    for (const rate of RATES) {
      const share = (together) => (copying.found.get(`${rate}/${together}`) ?? 0) / PAIRS_PER_CELL;
      console.log(
        `     ${String(rate * 100).padStart(3)} % of answers copied      ${(share(true) * 100).toFixed(0).padStart(4)} %   ${(share(false) * 100).toFixed(0).padStart(4)} %`,
      );
    }
    const share = (rate, together) => (copying.found.get(`${rate}/${together}`) ?? 0) / PAIRS_PER_CELL;
    target(per100k <= 5, `false flags per 100 000 honest pairs with copiers: ${per100k.toFixed(1)} (target at most 5)`);
    target(share(0.8, true) >= 0.9, `found at 80 % copied, together: ${(share(0.8, true) * 100).toFixed(0)} % (target at least 90 %)`);
    target(share(0.5, true) >= 0.5, `found at 50 % copied, together: ${(share(0.5, true) * 100).toFixed(0)} % (target at least 50 %)`);
  }

  /** A school-sized test over many seeds: the copier's ability must still count when the groups are few. */
  async function small() {
    console.log("");
    console.log(
      `3. A school-sized test: ${SMALL.pupils} pupils in one school, 30 questions of a bank of ${SMALL.perDifficulty * 3}, ${SMALL.copiers} pairs copying 80 % together, ${SMALL.seeds} seeds`,
    );
    let falseFlags = 0;
    let honestPairs = 0;
    let found = 0;
    for (let seed = 1; seed <= SMALL.seeds; seed++) {
      const run = await screened(100 + seed, [{ rate: 0.8, together: true, pairs: SMALL.copiers }], {
        pupils: SMALL.pupils,
        schools: 1,
        perDifficulty: SMALL.perDifficulty,
        quiet: true,
      });
      falseFlags += run.falseFlags;
      honestPairs += run.honestPairs;
      found += run.found.get("0.8/true") ?? 0;
    }
    const per1500 = (falseFlags / honestPairs) * 1500;
    const share = found / (SMALL.copiers * SMALL.seeds);
    console.log(
      `   ${honestPairs} honest pairs screened in all, ${falseFlags} of them listed; copiers found ${found} of ${SMALL.copiers * SMALL.seeds}`,
    );
    target(per1500 <= 1, `honest pairs listed per 1 500 in a school-sized test: ${per1500.toFixed(2)} (target at most 1)`);
    target(share >= 0.9, `copiers (80 %, together) found in a school-sized test: ${(share * 100).toFixed(0)} % (target at least 90 %)`);
  }
} finally {
  await sql.end();
  await stop();
}
process.exitCode = missed > 0 ? 1 : 0;
