// The answer key's fingerprint: the SHA-256 of a test's points per difficulty and of every question
// its attempts drew, with the question's correct choice (or how a regrade voided it). Printed on
// each export and shown in the console, so a published list can be matched to the key it was
// scored with; a regrade changes it, a question imported or retired later does not.
import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { anyAttempt } from "@/lib/attempts/counting";
import { type Database, db, selectRows, type Transaction } from "@/lib/db/client";
import { type Covered, coveredTests } from "./ranking-sql";

const keyLine = z.object({
  testId: z.number(),
  points: z.string(),
  questionId: z.number(),
  correct: z.string().nullable(),
  voidAwards: z.string().nullable(),
});

/**
 * The key of one test, or of a season's tests in id order (a number: that test): "test 3 points
 * 10/15/25", then "questionId:choiceId" lines.
 */
export async function keyHash(covered: number | Covered, runner: Database | Transaction = db): Promise<string> {
  const rows = await selectRows(
    keyLine,
    runner,
    sql`
      select t.id as "testId", q.id as "questionId", q.void_awards as "voidAwards",
             t.easy_points_tenths || '/' || t.medium_points_tenths || '/' || t.hard_points_tenths as points,
             string_agg(c.id::text, ',' order by c.id) filter (where c.is_correct) as correct
      from tests t
      join questions q on q.subject_id = t.subject_id
      left join question_choices c on c.question_id = q.id
      where ${coveredTests("t.id", typeof covered === "number" ? { testId: covered } : covered)}
        and exists (select 1 from attempt_questions aq join attempts a on a.id = aq.attempt_id
                    where a.test_id = t.id and aq.question_id = q.id and ${anyAttempt()})
      group by t.id, q.id
      order by t.id, q.id`,
  );
  const hash = createHash("sha256");
  let test: number | null = null;
  for (const row of rows) {
    if (row.testId !== test) {
      test = row.testId;
      hash.update(`test ${test} points ${row.points}\n`);
    }
    hash.update(`${row.questionId}:${row.voidAwards ? `void-${row.voidAwards}` : (row.correct ?? "")}\n`);
  }
  return hash.digest("hex");
}
