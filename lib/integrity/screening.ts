// The answer-copying screening of a test, as a job: it reads the test's ended attempts that count
// (their answers as drawn, every save of each answer, the devices and addresses of their
// sign-ins and start), runs the statistics (lib/statistics/similarity.ts) and keeps what they list for the
// organiser to judge (screenings, screening_pairs). The statistics run in a child process
// (lib/statistics/off-process.ts), off the process that answers pupils. It runs once after a test
// closes and no attempt of it can still end (the sweep asks: screenClosedTests), when the
// organiser asks, and after a regrade. It decides nothing: a pair is evidence for a person (./decisions.ts).
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { screeningPairs, screenings } from "@/db/schema";
import { currentAttempt, olympiadTests } from "@/lib/attempts/counting";
import { graceCutoff } from "@/lib/attempts/rules";
import { checkInOfSql, withinGraceSql } from "@/lib/attempts/rules-sql";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { childRead } from "@/lib/background/child-read";
import { config } from "@/lib/config";
import { db, selectRows } from "@/lib/db/client";
import { idRow } from "@/lib/db/rows";
import { notFound } from "@/lib/http/errors";
import { errorText, log, logEvent } from "@/lib/log.mjs";
import { rankingCtes } from "@/lib/results/ranking-sql";
import { screenOffProcess } from "@/lib/statistics/off-process";
import { DEFAULT_SCREENING, type ScreeningOptions } from "@/lib/statistics/similarity";

/** The advisory lock class of a test's screening (the test id is the second key): one run at a time. */
const SCREENING_LOCK = 7302;

export type ScreeningTrigger = "close" | "console" | "regrade";

export type ScreeningSummary = {
  screeningId: number;
  testId: number;
  attempts: number;
  pairs: number;
  tested: number;
  listed: number;
  cpuMs: number;
  /** The process the statistics ran in (the statistics' child, never the web process). */
  pid: number;
};

/** The screening's options: the defaults, with the deployment's false discovery rate and minimum (lib/config). */
export function screeningOptions(): ScreeningOptions {
  return { ...DEFAULT_SCREENING, ...config().screening };
}

/**
 * When a sign-in or start counts for the screening's pairing: from the test's check-in to its
 * close and grace (the last answers may still be arriving). `test` is an alias of `tests`.
 */
export const inScreeningWindow = (at: SQL, test: SQL): SQL =>
  sql`(${checkInOfSql({ openedAt: sql`${test}.opened_at`, checkInMinutes: sql`${test}.check_in_minutes` })} <= ${at}
       and ${withinGraceSql(sql`${test}.closed_at`, at)})`;

/**
 * The statement that reads the test's attempts as the statistics read them: the ended ones that are
 * ranked (the ranking's own reading: ranking-sql.ts rankingCtes, so its place and exclusion rules),
 * as one JSON text of ScreenedRow (lib/statistics/screened-rows.ts): the statistics' child reads and parses it
 * (lib/background/child-read.ts), not the process that answers pupils.
 */
function screenedRowsSql(testId: number): SQL {
  return sql`
      with ${rankingCtes({ testId })},
      screened as (
      select r.attempt_id as "attemptId", r.user_id as "userId", r.organization_id as "organizationId", r.district_id as "districtId",
             (select coalesce(json_agg(json_build_array(aq.question_id, aq.answer_choice_id, coalesce(c.is_correct, false),
                                                       floor(extract(epoch from saves.last_at) * 1000), saves.sequence)
                                       order by aq.number), '[]'::json)
                from attempt_questions aq
                left join question_choices c on c.id = aq.answer_choice_id
                -- The attempt's saves read once, grouped by question (not looked up per question).
                left join (
                  select e.question_id, max(e.received_at) as last_at, array_agg(e.choice_id order by e.received_at, e.id) as sequence
                  from answer_events e where e.attempt_id = r.attempt_id group by e.question_id
                ) saves on saves.question_id = aq.question_id
               where aq.attempt_id = r.attempt_id) as responses,
             (select array_agg(distinct v.device_id) from access_events v
               where v.user_id = r.user_id and v.device_id is not null and ${inScreeningWindow(sql.raw("v.at"), sql.raw("t"))}) as devices,
             (select array_agg(distinct v.address) from access_events v
               where v.user_id = r.user_id and v.address is not null and ${inScreeningWindow(sql.raw("v.at"), sql.raw("t"))}) as addresses
      from ranked r
      join tests t on t.id = r.test_id
      where r.excluded is null)
      select coalesce(json_agg(s order by s."attemptId"), '[]'::json)::text as "rowsJson" from screened s`;
}

/**
 * Screens one test now and keeps the result as its newest screening. Null when another instance
 * is screening it at this moment (that run's result will be the newest).
 */
export async function screenTest({
  testId,
  trigger,
  organiserId = null,
  options = screeningOptions(),
  now = new Date(),
}: {
  testId: number;
  trigger: ScreeningTrigger;
  organiserId?: number | null;
  options?: ScreeningOptions;
  now?: Date;
}): Promise<ScreeningSummary | null> {
  return db.transaction(async (tx) => {
    const [{ locked }] = await selectRows(
      z.object({ locked: z.boolean() }),
      tx,
      sql`select pg_try_advisory_xact_lock(${SCREENING_LOCK}, ${testId}) as locked`,
    );
    if (!locked) return null;
    // Read and computed in the child process (lib/statistics/off-process.ts): the web process
    // answers pupils meanwhile. (The child reads on its own connection, outside this transaction:
    // the attempts of a closed test, which its lock does not guard.)
    const rows = await childRead(screenedRowsSql(testId), tx);
    const { result, attempts, cpuMs, pid } = await screenOffProcess(rows, options);
    const [screening] = await tx
      .insert(screenings)
      .values({
        testId,
        trigger,
        organiserId,
        options,
        attempts,
        pairs: result.pairs,
        tested: result.tested,
        listed: result.listed.length,
        cpuMs,
        ranAt: now,
      })
      .returning({ id: screenings.id });
    // In slices: one statement's parameters are limited.
    for (let i = 0; i < result.listed.length; i += 500) {
      await tx.insert(screeningPairs).values(
        result.listed.slice(i, i + 500).map((evidence, k) => ({
          screeningId: screening.id,
          attemptA: evidence.attemptA,
          attemptB: evidence.attemptB,
          evidence,
          position: i + k,
        })),
      );
    }
    const summary = {
      screeningId: screening.id,
      testId,
      attempts,
      pairs: result.pairs,
      tested: result.tested,
      listed: result.listed.length,
      cpuMs,
      pid,
    };
    logEvent("screening.run", { ...summary, trigger });
    return summary;
  });
}

/**
 * The console's "screen now": the test must be the olympiad's; the run is audited. `busy` when
 * another run of it is under way.
 */
export async function screenTestNow({ testId, organiserId }: { testId: number; organiserId: number }) {
  const [test] = await selectRows(idRow, db, sql`select t.id from ${olympiadTests("t", "s")} where t.id = ${testId}`);
  if (!test) throw notFound();
  const summary = await screenTest({ testId, trigger: "console", organiserId });
  if (!summary) return { busy: true as const };
  await recordAction(db, {
    organiserId,
    action: AuditAction.ScreeningRun,
    targetType: "test",
    targetId: testId,
    details: { screeningId: summary.screeningId, attempts: summary.attempts, pairs: summary.pairs, listed: summary.listed },
  });
  return { busy: false as const, ...summary };
}

/**
 * The sweep's part: every olympiad test whose window and grace have passed, with no attempt left
 * to end, that has ended attempts and no screening since it closed, is screened once.
 */
export async function screenClosedTests(now = new Date()): Promise<ScreeningSummary[]> {
  const due = await selectRows(
    z.object({ testId: z.number() }),
    db,
    sql`
      select t.id as "testId" from ${olympiadTests("t", "s")}
      where t.closed_at < ${graceCutoff(now).toISOString()}::timestamptz
        -- Only the close's own run counts here: one the organiser asked for before the last attempts
        -- ended saw fewer of them.
        and not exists (select 1 from screenings x where x.test_id = t.id and x.trigger = 'close' and x.ran_at > t.closed_at)
        and exists (select 1 from attempts a where a.test_id = t.id and a.ended_at is not null and ${currentAttempt("a")})
        and not exists (select 1 from attempts a where a.test_id = t.id and a.ended_at is null and ${currentAttempt("a")})
      order by t.closed_at, t.id
      limit 5`,
  );
  const done: ScreeningSummary[] = [];
  for (const { testId } of due) {
    const summary = await screenTest({ testId, trigger: "close", now });
    if (summary) done.push(summary);
  }
  return done;
}

/** After a regrade the scores and so the choice table changed: a test screened before is screened again. */
export async function screenAfterRegrade(testId: number): Promise<void> {
  const [screened] = await selectRows(idRow, db, sql`select id from screenings where test_id = ${testId} limit 1`);
  if (!screened) return;
  try {
    await screenTest({ testId, trigger: "regrade" });
  } catch (error) {
    // The regrade stands; the sweep does not run it again, the console's "screen now" can.
    log().error({ testId, err: errorText(error) }, "the screening after a regrade failed");
  }
}
