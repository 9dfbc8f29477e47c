// The answer key's fingerprint: the SHA-256 of every question of a test's subject with its correct
// choice (or how a regrade voided it). Printed on each export and shown in the console, so a
// published list can be matched to the key it was scored with; any regrade changes it.
import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, db, selectRows, type Transaction } from "@/db/client";

type KeyLine = { testId: number; questionId: number; correct: string | null; voidAwards: string | null };

/** The key of one test, or of all tests in id order: "test 3" then "questionId:choiceId" lines. */
export async function keyHash(testId?: number, runner: Database | Transaction = db): Promise<string> {
  const rows = await selectRows<KeyLine>(
    runner,
    sql`
      select t.id as "testId", q.id as "questionId", q.void_awards as "voidAwards",
             string_agg(c.id::text, ',' order by c.id) filter (where c.is_correct) as correct
      from tests t
      join questions q on q.subject_id = t.subject_id
      left join question_choices c on c.question_id = q.id
      ${testId === undefined ? sql`` : sql`where t.id = ${testId}`}
      group by t.id, q.id
      order by t.id, q.id`,
  );
  const hash = createHash("sha256");
  let test: number | null = null;
  for (const row of rows) {
    if (row.testId !== test) {
      test = row.testId;
      hash.update(`test ${test}\n`);
    }
    hash.update(`${row.questionId}:${row.voidAwards ? `void-${row.voidAwards}` : (row.correct ?? "")}\n`);
  }
  return hash.digest("hex");
}
