// What the item statistics of a test are computed from: its ended attempts the ranking ranks
// (rankedAttempt), each with its answers in paper order, read in one statement; and the study
// language each other version is compared with.
import "server-only";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { attempts, questions, tests, users } from "@/db/schema";
import { rankedAttempt, totalTenthsSql } from "@/lib/attempts/counting";
import { earnsPoints, pointsTenthsSql } from "@/lib/attempts/scoring-sql";
import { reportDb } from "@/lib/db/client";

/** [number on the paper, question id, choice id or null, earned 0/1, the question's points in tenths] */
type Answer = [number, number, number | null, number, number];

/**
 * The test's ended attempts that count, each with its answers in paper order: what every figure is
 * computed from. One row per attempt, its answers aggregated in SQL (a test may have 30 000
 * attempts of 30 questions: 30 000 rows, not 900 000).
 */
export async function readAttempts(testId: number) {
  // earnsPoints reads `questions` and `question_choices`, joined in the subquery by those names.
  const answers = sql<Answer[]>`(
    select coalesce(json_agg(json_build_array(aq.number, aq.question_id, aq.answer_choice_id, ${earnsPoints}, ${pointsTenthsSql(questions.difficulty)})
                             order by aq.number), '[]'::json)
    from attempt_questions aq
    join questions on questions.id = aq.question_id
    left join question_choices on question_choices.id = aq.answer_choice_id
    where aq.attempt_id = ${attempts.id})`;
  return reportDb
    .select({
      attemptId: attempts.id,
      username: users.username,
      language: attempts.language,
      totalTenths: sql<number>`${totalTenthsSql()}::int`,
      answers,
    })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .innerJoin(users, eq(users.id, attempts.userId))
    .where(and(eq(attempts.testId, testId), isNotNull(attempts.endedAt), rankedAttempt()))
    .orderBy(asc(attempts.id));
}

export type ReadAttempt = Awaited<ReturnType<typeof readAttempts>>[number];
