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
import { type Covered, coveredTests } from "./ranking-sql";

export type ResultsState = {
  /** The tests covered (one, or a season's): 0 when the test does not exist. */
  tests: number;
  /** The season of what is covered; null when no test is. */
  year: number | null;
  /** The test's grade and subject; null for a season's tests. */
  grade: number | null;
  subjectName: string | null;
  attemptsNotEnded: number;
  provisional: boolean;
};

/** Where one test's results stand (a number), or a season's tests' together. */
export async function resultsState(runner: Database | Transaction, of: number | Covered, now: Date): Promise<ResultsState> {
  const covered = typeof of === "number" ? { testId: of } : of;
  const [row] = await selectRows(
    z.object({
      tests: z.number(),
      grade: z.number().nullable(),
      subjectName: z.string().nullable(),
      lastClose: when.nullable(),
      year: z.number().nullable(),
      notEnded: z.number(),
    }),
    runner,
    sql`
      select count(*)::int as tests, min(s.grade) as grade, min(s.name) as "subjectName", max(t.closed_at) as "lastClose",
             (select se.year from seasons se where se.id = min(s.season_id)) as year,
             (select count(*)::int from attempts a
               where a.ended_at is null and ${countingAttempt("a")}
                 and ${coveredTests("a.test_id", covered)}) as "notEnded"
      from ${olympiadTests("t", "s")} where ${coveredTests("t.id", covered)}`,
  );
  // The test closing last decides for all: while any window takes answers, the whole is provisional.
  const provisional = row.lastClose !== null && isProvisional({ closedAt: new Date(row.lastClose), now, attemptsNotEnded: row.notEnded });
  return {
    tests: row.tests,
    year: row.year,
    grade: covered.testId === undefined ? null : row.grade,
    subjectName: covered.testId === undefined ? null : row.subjectName,
    attemptsNotEnded: row.notEnded,
    provisional,
  };
}
