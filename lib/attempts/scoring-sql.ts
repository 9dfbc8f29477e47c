// Scoring in the database: how a drawn question earns its points and what an attempt scores, the
// one definition that Finish, the sweep, recompute and regrade all use, so a stored score can
// always be derived again from the answers and the key; and the lock on a test's key.
import "server-only";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { questionChoices, questions, tests } from "@/db/schema";
import { selectRows, type Transaction } from "@/lib/db/client";
import { VoidAwards } from "@/shared/attempts/enums";
import { DIFFICULTIES } from "@/shared/attempts/scoring";

/**
 * 1 when an attempt's question earns its points, else 0: a voided question as the regrade decided
 * (everyone or nobody), otherwise the answer's choice being the correct one. Read over
 * attempt_questions joined to questions and, left, to the answered question_choices row.
 */
export const earnsPoints = sql<number>`case when ${questions.voidAwards} = ${VoidAwards.All} then 1 when ${questions.voidAwards} = ${VoidAwards.None} then 0 when ${questionChoices.isCorrect} then 1 else 0 end`;

/** tenthsToPoints in SQL: points (numeric) of an expression in tenths. */
export const tenthsToPointsSql = (tenths: SQLWrapper): SQL<number> => sql<number>`(${tenths} / 10.0)`;

/** A question's points (tenths) in its test, by its difficulty: over rows joined to `tests`. */
export function pointsTenthsSql(difficulty: SQLWrapper): SQL<number> {
  const column = { easy: tests.easyPointsTenths, medium: tests.mediumPointsTenths, hard: tests.hardPointsTenths } as const;
  return sql<number>`(case ${difficulty} ${sql.join(
    DIFFICULTIES.map((d) => sql`when ${d.difficulty} then ${column[d.name]}`),
    sql` `,
  )} end)`;
}

/**
 * The scores (tenths) of every attempt matching `which`, a condition on `attempts`, from its
 * answers and the key: rows (attempt_id, easy, medium, hard), each difficulty's earned questions
 * × its points. Finish, the sweep, recompute and regrade all score with this one statement.
 */
export function scoresOf(which: SQL): SQL {
  const parts = DIFFICULTIES.map(
    (d) => sql`coalesce(sum(earned_tenths) filter (where difficulty = ${d.difficulty}), 0)::int as ${sql.identifier(d.name)}`,
  );
  return sql`
    select attempt_id, ${sql.join(parts, sql`, `)}
    from (
      select attempts.id as attempt_id, questions.difficulty, (${earnsPoints}) * ${pointsTenthsSql(questions.difficulty)} as earned_tenths
      from attempts
      join tests on tests.id = attempts.test_id
      left join attempt_questions on attempt_questions.attempt_id = attempts.id
      left join questions on questions.id = attempt_questions.question_id
      left join question_choices on question_choices.id = attempt_questions.answer_choice_id
      where ${which}
    ) answers
    group by attempt_id`;
}

/** The advisory lock class of a test's key (the test id is the second key). */
export const KEY_LOCK = 7301;

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

/** The tests with attempts matching `which`, each test's key locked shared; their ids. */
export async function lockKeysToScore(tx: Transaction, which: SQL): Promise<number[]> {
  const rows = await selectRows(
    z.object({ testId: z.number() }),
    tx,
    sql`select test_id as "testId", pg_advisory_xact_lock_shared(${KEY_LOCK}, test_id)::text as locked
        from (select distinct attempts.test_id from attempts where ${which}) due order by test_id`,
  );
  return rows.map((r) => r.testId);
}
