// The organiser sets the list's minute: when a test's final list becomes public (./public.ts). Set
// ahead, it is what families are shown ("results on 20.06 at 10:00"); it may move while the list
// is not public yet, and once it is public the minute stays (4021): what families read never goes
// back. Each change is audited with the minute it replaced.
import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { tests } from "@/db/schema";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, selectRows } from "@/lib/db/client";
import { when } from "@/lib/db/rows";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import { assertSeasonOpen } from "@/lib/seasons/closed";
import { ErrorCode } from "@/shared/http/contract";
import { listIsPublic } from "./public";

const minuteRow = z.object({ closedAt: when, resultsAt: when.nullable(), finalisedAt: when.nullable() });

/**
 * Sets the test's minute (null: public from its finalisation, only before it is finalised). Refused
 * once the list is public (4021), and for a minute not after both the test's close and now (Range).
 */
export async function setResultsMinute({
  organiserId,
  testId,
  resultsAt,
  reason,
  now,
}: {
  organiserId: number;
  testId: number;
  resultsAt: Date | null;
  reason: string;
  now: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await selectRows(
      minuteRow,
      tx,
      sql`select t.closed_at as "closedAt", t.results_at as "resultsAt",
                 (select max(fl.finalised_at) from final_lists fl where fl.test_id = t.id) as "finalisedAt"
          from tests t where t.id = ${testId} for update of t`,
    );
    if (!row) throw notFound();
    await assertSeasonOpen(tx, { testId });
    const before = row.resultsAt === null ? null : new Date(row.resultsAt);
    const finalisedAt = row.finalisedAt === null ? null : new Date(row.finalisedAt);
    if (listIsPublic({ finalisedAt, resultsAt: before }, now)) throw businessError(ErrorCode.ListPublic);
    // Cleared on a final list, it would be public at once: the minute that publishes it is said, not implied.
    if (resultsAt === null && finalisedAt !== null) throw invalidInput({ resultsAt: ["Required"] });
    if (resultsAt !== null && (resultsAt <= now || resultsAt <= new Date(row.closedAt))) throw invalidInput({ resultsAt: ["Range"] });
    await tx.update(tests).set({ resultsAt }).where(eq(tests.id, testId));
    await recordAction(tx, {
      organiserId,
      action: AuditAction.ResultsMinute,
      targetType: "test",
      targetId: testId,
      reason,
      details: { resultsAt: resultsAt?.toISOString() ?? null, before: before?.toISOString() ?? null },
    });
  });
}
