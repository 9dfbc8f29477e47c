// Where a test's results stand (or all tests' together): which tests, how many attempts have not
// ended, and whether the results are provisional (rules.ts isProvisional). One reading for the
// results page, the exports and the item statistics, so they never disagree about one moment.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { countingAttempt, olympiadTests } from "@/lib/attempts/counting";
import { isProvisional } from "@/lib/attempts/rules";
import { type Database, selectRows, type Transaction } from "@/lib/db/client";
import { when } from "@/lib/db/rows";

export type ResultsState = {
  /** The tests covered (one, or all): 0 when the test does not exist. */
  tests: number;
  /** The test's grade and subject; null for all tests. */
  grade: number | null;
  subjectName: string | null;
  attemptsNotEnded: number;
  provisional: boolean;
};

export async function resultsState(runner: Database | Transaction, testId: number | undefined, now: Date): Promise<ResultsState> {
  const [row] = await selectRows(
    z.object({
      tests: z.number(),
      grade: z.number().nullable(),
      subjectName: z.string().nullable(),
      lastClose: when.nullable(),
      notEnded: z.number(),
    }),
    runner,
    sql`
      select count(*)::int as tests, min(s.grade) as grade, min(s.name) as "subjectName", max(t.closed_at) as "lastClose",
             (select count(*)::int from attempts a
               where a.ended_at is null and ${countingAttempt("a")}
                 ${testId === undefined ? sql`` : sql`and a.test_id = ${testId}`}) as "notEnded"
      from ${olympiadTests("t", "s")} ${testId === undefined ? sql`` : sql`where t.id = ${testId}`}`,
  );
  // The test closing last decides for all: while any window takes answers, the whole is provisional.
  const provisional = row.lastClose !== null && isProvisional({ closedAt: new Date(row.lastClose), now, attemptsNotEnded: row.notEnded });
  return {
    tests: row.tests,
    grade: testId === undefined ? null : row.grade,
    subjectName: testId === undefined ? null : row.subjectName,
    attemptsNotEnded: row.notEnded,
    provisional,
  };
}
