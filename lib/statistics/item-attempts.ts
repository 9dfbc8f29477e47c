// What the item statistics of a test are computed from: its ended attempts the ranking ranks
// (rankedAttempt), each with its answers in paper order, read in one statement.
import "server-only";
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { attempts, questions, tests, users } from "@/db/schema";
import { rankedAttempt, totalTenthsSql } from "@/lib/attempts/counting";
import { earnsPoints, pointsTenthsSql } from "@/lib/attempts/scoring-sql";
import { reportDb, selectRows } from "@/lib/db/client";
import type { StudyLanguage } from "@/shared/attempts/enums";

/** [number on the paper, question id, choice id or null, earned 0/1, the question's points in tenths] */
type Answer = [number, number, number | null, number, number];

/** An ended attempt that counts, with its answers in paper order. */
export type ReadAttempt = { attemptId: number; username: string | null; language: StudyLanguage; totalTenths: number; answers: Answer[] };

/** The test's ended attempts that count: one row per attempt, `attempts` joined with its test and pupil. */
const rankedOf = (testId: number) => sql`
  ${attempts}
  join ${tests} on ${tests.id} = ${attempts.testId}
  join ${users} on ${users.id} = ${attempts.userId}
  where ${and(eq(attempts.testId, testId), isNotNull(attempts.endedAt), rankedAttempt())}`;

/**
 * The statement that reads the test's ended attempts that count (ReadAttempt, in attempt order),
 * each with its answers in paper order: what every figure is computed from. Aggregated in SQL (a
 * test may have 30 000 attempts of 30 questions: 30 000 rows, not 900 000) into one JSON text,
 * which the statistics' child reads and parses (lib/background/child-read.ts).
 */
export function attemptsReadSql(testId: number): SQL {
  // earnsPoints reads `questions` and `question_choices`, joined in the subquery by those names.
  const answers = sql`(
    select coalesce(json_agg(json_build_array(aq.number, aq.question_id, aq.answer_choice_id, ${earnsPoints}, ${pointsTenthsSql(questions.difficulty)})
                             order by aq.number), '[]'::json)
    from attempt_questions aq
    join questions on questions.id = aq.question_id
    left join question_choices on question_choices.id = aq.answer_choice_id
    where aq.attempt_id = ${attempts.id})`;
  return sql`select coalesce(json_agg(json_build_object(
                 'attemptId', ${attempts.id}, 'username', ${users.username}, 'language', ${attempts.language},
                 'totalTenths', ${totalTenthsSql()}::int, 'answers', ${answers}) order by ${attempts.id}), '[]'::json)::text as "attemptsJson"
             from ${rankedOf(testId)}`;
}

/** The questions the test's ended attempts that count drew. */
export async function drawnQuestions(testId: number): Promise<number[]> {
  const rows = await selectRows(
    z.object({ questionId: z.number() }),
    reportDb,
    sql`select distinct aq.question_id as "questionId" from attempt_questions aq
        where aq.attempt_id in (select ${attempts.id} from ${rankedOf(testId)})`,
  );
  return rows.map((row) => row.questionId);
}
