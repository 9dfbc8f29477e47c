// "The pupil is blocked": the one rule every read of users.blocked_at goes through, with its SQL
// twin, tested on one table of cases (tests/unit/counting.test.ts). tests/unit/house-rules.test.ts
// fails on a read of the column outside this file and lib/attempts/counting.ts.
//
// A pupil an organiser blocked has no sign-in and no session (every open one ends at its next
// request), no certificate, is listed in the ranking but not ranked (attemptExclusion), and is left
// out of the item statistics (rankedAttempt): docs/integrity.md, "Who counts where".
import "server-only";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { users } from "@/db/schema";

/** Whether the pupil is blocked. */
export const isBlocked = (pupil: { blockedAt: Date | null }): boolean => pupil.blockedAt !== null;

/** A user's blocked_at: the table's column, an alias's of a raw statement (`"u"`), or an expression. */
function blockedAtOf(blockedAt: SQLWrapper | string): SQLWrapper {
  if (typeof blockedAt !== "string") return blockedAt;
  if (!/^[a-z_][a-z0-9_]*$/.test(blockedAt)) throw new Error(`not an SQL alias: ${blockedAt}`);
  return sql.raw(`${blockedAt}.blocked_at`);
}

/** isBlocked in SQL. */
export const blockedPupil = (blockedAt: SQLWrapper | string = users.blockedAt): SQL => sql`(${blockedAtOf(blockedAt)} is not null)`;

/** Not blocked, in SQL: the pupils who may sign in and be certified. */
export const unblockedPupil = (blockedAt: SQLWrapper | string = users.blockedAt): SQL => sql`(${blockedAtOf(blockedAt)} is null)`;
