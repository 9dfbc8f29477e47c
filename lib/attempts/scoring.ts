// How a drawn question earns its points: the one definition that Finish, the sweep, recompute and
// regrade all use, so a stored score can always be derived again from the answers and the key.
import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { questionChoices, questions } from "@/db/schema";
import { VoidAwards } from "./enums";

/**
 * 1 when an attempt's question earns its points, else 0: a voided question as the regrade decided
 * (everyone or nobody), otherwise the answer's choice being the correct one. Read over
 * attempt_questions joined to questions and, left, to the answered question_choices row.
 */
export const earnsPoints = sql<number>`case when ${questions.voidAwards} = ${VoidAwards.All} then 1 when ${questions.voidAwards} = ${VoidAwards.None} then 0 when ${questionChoices.isCorrect} then 1 else 0 end`;

/** The advisory lock class of a test's key (the test id is the second key). */
const KEY_LOCK = 7301;

/**
 * Scoring reads the key under a shared lock on the test's key, a regrade changes it under the
 * exclusive one: an attempt that ends while a regrade runs waits for it and is scored with the new
 * key, never with the old one after the regrade re-scored the others. In memory, no row written.
 */
export async function lockKeyToScore(tx: Transaction, testId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${KEY_LOCK}, ${testId})`);
}

export async function lockKeyToChange(tx: Transaction, testId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK}, ${testId})`);
}
