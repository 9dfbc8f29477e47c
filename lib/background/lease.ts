// A lease on a row: a process that claims work sets the row's `claimed_until`, and no other
// process takes the row until the claim runs out, so processes and machines share a job without a
// lock held across the work, and a process that dies mid-way only delays its rows. The one rule
// (claimUntil, unclaimed) and the one way to claim the rows that are due (claimRows).
import "server-only";
import { and, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@/lib/db/client";

/** When a claim taken at `at` (the database's now by default) for `seconds` runs out. */
export const claimUntil = (seconds: number, at: SQL = sql`now()`): SQL => sql`${at} + make_interval(secs => ${seconds})`;

/** Whether a row is free to claim at `at`: never claimed, or its claim ran out. */
export const unclaimed = (claimedUntil: AnyPgColumn, at: SQL = sql`now()`): SQL =>
  sql`(${claimedUntil} is null or ${claimedUntil} < ${at})`;

type Leased = PgTable & { claimedUntil: AnyPgColumn };
type Picked<K extends Record<string, AnyPgColumn>> = { [P in keyof K]: K[P]["_"]["data"] };

/**
 * Claims for `seconds` at most `limit` rows of `table` that are `due` and free, first by
 * `orderBy`, skipping rows another process is claiming at the same moment; returns the claimed
 * rows' `key` columns (which name a row: the table's primary key).
 */
export async function claimRows<K extends Record<string, AnyPgColumn>>(
  table: Leased,
  options: { key: K; due: SQL | undefined; orderBy: SQL | AnyPgColumn; limit: number; seconds: number; at?: SQL },
): Promise<Picked<K>[]> {
  const { key, due, orderBy, limit, seconds, at = sql`now()` } = options;
  const columns = sql.join(Object.values(key), sql`, `);
  const chosen = sql`select ${columns} from ${table} where ${and(due, unclaimed(table.claimedUntil, at))}
    order by ${orderBy} limit ${limit} for update skip locked`;
  const claimed = await db
    .update(table)
    .set({ claimedUntil: claimUntil(seconds, at) } as Partial<Leased["$inferInsert"]>)
    .where(sql`(${columns}) in (${chosen})`)
    .returning(key);
  return claimed as Picked<K>[];
}
