// A closed season's tests take no new decision: no change of a test's settings (so none is reopened
// for new attempts), no regrade, no screening or appeal decision, no new version of its final list.
import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { seasons, subjects, tests } from "@/db/schema";
import { type Database, selectRows, type Transaction } from "@/lib/db/client";
import { businessError } from "@/lib/http/errors";
import { ErrorCode } from "@/shared/http/contract";
import { closedSeasonSql } from "./period";

const closedRow = z.object({ closed: z.boolean() });

/** Refuses (4019, in the caller's language) when the test's, or the subject's, season is closed. */
export async function assertSeasonOpen(runner: Database | Transaction, of: { testId: number } | { subjectId: number }): Promise<void> {
  const which = "testId" in of ? sql`${tests.id} = ${of.testId}` : sql`${subjects.id} = ${of.subjectId}`;
  const from = "testId" in of ? sql`${tests} join ${subjects} on ${subjects.id} = ${tests.subjectId}` : sql`${subjects}`;
  const [row] = await selectRows(
    closedRow,
    runner,
    sql`select ${closedSeasonSql()} as closed from ${from} join ${seasons} on ${eq(seasons.id, subjects.seasonId)} where ${which}`,
  );
  if (row?.closed) throw businessError(ErrorCode.SeasonClosed);
}
