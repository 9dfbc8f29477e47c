// The published state of a test's results, as the results page shows it and its exports carry it:
// whether the results are provisional, the answer key's hash, and the second-stage list's hash;
// and the kept list (published_rankings), read again instead of ranked again while it holds.
// When it holds, and the triggers that drop it: docs/console.md#the-published-state-and-the-kept-list
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { anyAttempt } from "@/lib/attempts/counting";
import { db, inSnapshot, reportDb, selectRows, type Transaction } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { errorText, log } from "@/lib/log.mjs";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { keyHash } from "./key";
import { type ResultRow, resultsPageAndTop } from "./ranking";
import type { ResultsFilter } from "./ranking-sql";
import { resultsState } from "./state";
import { dataHash, type ListData, topData } from "./tables";

/** What one snapshot reads of a test's kept list. */
export type KeptRanking = {
  testId: number;
  /** The version the snapshot saw (0: nothing was ever kept or outdated): a list it ranks is kept over it only. */
  version: number;
  /** The test's ended attempts in the snapshot, kept with the list it ranks. */
  endedAttempts: number;
  /** The kept list's hash if it holds in this snapshot, else null (rank it again). */
  topHash: string | null;
};

/** The kept list of a test as a snapshot sees it, and whether it still holds there. */
export async function keptRanking(tx: Transaction, testId: number): Promise<KeptRanking> {
  // Every ended attempt of the test counts here, a reset one too: one more ended is one more ranked.
  const [row] = await selectRows(
    z.object({ ended: z.number(), version: z.number().nullable(), kept: z.number().nullable(), topHash: z.string().nullable() }),
    tx,
    sql`
      select (select count(*)::int from attempts a where a.test_id = ${testId} and a.ended_at is not null and ${anyAttempt()}) as ended,
             p.version, p.ended_attempts as kept, p.top_hash as "topHash"
      from (select ${testId}::int as test_id) test
      left join published_rankings p on p.test_id = test.test_id`,
  );
  return { testId, version: row.version ?? 0, endedAttempts: row.ended, topHash: row.kept === row.ended ? row.topHash : null };
}

/**
 * Keeps the list ranked in the snapshot that read `kept`, unless a change has moved the test's
 * version on since. Keeping is a saving, never a condition: a read whose list cannot be kept (a
 * change holding the row, the test removed meanwhile) still answers, and the next read keeps it.
 */
export async function keepRanking(kept: KeptRanking, data: ListData, topHash: string, rankedAt: Date): Promise<void> {
  if (kept.topHash !== null) {
    // Both from one snapshot: a list that held there and is not the one ranked means a change the triggers missed.
    log().error({ testId: kept.testId, kept: kept.topHash, ranked: topHash }, "the kept second-stage list differs from the ranking");
  }
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await tx.execute(sql`
        insert into published_rankings (test_id, version, ended_attempts, top_rows, top_hash, ranked_at)
        values (${kept.testId}, ${kept.version}, ${kept.endedAttempts}, ${JSON.stringify(data)}::jsonb, ${topHash},
                ${rankedAt.toISOString()}::timestamptz)
        on conflict (test_id) do update
          set ended_attempts = excluded.ended_attempts, top_rows = excluded.top_rows, top_hash = excluded.top_hash,
              ranked_at = excluded.ranked_at
          where published_rankings.version = excluded.version`);
    });
  } catch (error) {
    log().warn({ testId: kept.testId, err: errorText(error) }, "the second-stage list was not kept");
  }
}

export type PublishedState = { provisional: boolean; attemptsNotEnded: number; keyHash: string; topHash: string };

/**
 * What the results page shows: one page of a test's results and the second-stage list's published
 * state, without making a file: whether it is provisional, and the hashes its export would carry
 * (the key's, the list's: of its data, so the same whatever language the page or the file is in).
 * One snapshot, one ranking: the list is ranked with the page, and only when nothing kept holds.
 */
export async function resultsPage({
  now = new Date(),
  ...filter
}: ResultsFilter & { page?: number; locale?: Locale; now?: Date }): Promise<{
  items: ResultRow[];
  total: number;
  published: PublishedState;
}> {
  const { testId } = filter;
  const read = await inSnapshot(async (tx) => {
    const state = await resultsState(tx, testId, now);
    if (state.tests === 0) throw notFound();
    const kept = await keptRanking(tx, testId);
    const key = await keyHash(testId, tx);
    const { items, total, top } = await resultsPageAndTop(tx, filter, kept.topHash === null);
    if (kept.topHash !== null) return { state, kept, key, items, total, ranked: null, topHash: kept.topHash };
    const ranked = topData(top ?? []);
    return { state, kept, key, items, total, ranked, topHash: dataHash(ranked) };
  }, reportDb);
  const { state, kept, key, items, total, ranked, topHash } = read;
  if (ranked) await keepRanking(kept, ranked, topHash, now);
  return { items, total, published: { provisional: state.provisional, attemptsNotEnded: state.attemptsNotEnded, keyHash: key, topHash } };
}
