// The organiser's own end of a test's appeals, and no silent slip with it: an end earlier than the
// one families were shown (or already past) is saved only when the organiser confirmed it knowing
// how many families it reaches, and those families read on their pages that it was moved, from
// when to when. The record of each change is its audit entry (with the end it replaced).
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { organiserActions, tests } from "@/db/schema";
import { currentAttempt } from "@/lib/attempts/counting";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, selectRows, type Transaction } from "@/lib/db/client";
import { AppError, invalidInput, notFound } from "@/lib/http/errors";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { appealsCloseAt } from "@/lib/subject-tests/appeals-deadline";
import { ErrorCode } from "@/shared/http/contract";
import { formatTashkent } from "@/shared/time";

/** The families an end of appeals reaches: the pupils who ended the test (they, or their parents, may appeal). */
async function familiesOf(tx: Transaction, testId: number): Promise<number> {
  const [row] = await selectRows(
    z.object({ families: z.number() }),
    tx,
    sql`select count(distinct a.user_id)::int as families from attempts a
        where a.test_id = ${testId} and a.ended_at is not null and ${currentAttempt("a")}`,
  );
  return row.families;
}

/**
 * Sets the organiser's end of a test's appeals (null: back to the national rule). An end earlier
 * than the one in force, or already past, needs `confirmEarlier`: until it is given, 4007 with a
 * confirmation in the organiser's language naming how many families it reaches, from when to when.
 */
export async function setAppealsClose({
  organiserId,
  testId,
  appealsCloseAt: own,
  reason,
  confirmEarlier = false,
  now = new Date(),
}: {
  organiserId: number;
  testId: number;
  appealsCloseAt: Date | null;
  reason: string;
  confirmEarlier?: boolean;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [test] = await tx
      .select({ closedAt: tests.closedAt, appealsCloseAt: tests.appealsCloseAt })
      .from(tests)
      .where(eq(tests.id, testId))
      .for("update");
    if (!test) throw notFound();
    if (own !== null && own <= test.closedAt) throw invalidInput({ appealsCloseAt: ["Range"] });
    const before = appealsCloseAt(test);
    const after = appealsCloseAt({ closedAt: test.closedAt, appealsCloseAt: own });
    if (after < before || after <= now) {
      const families = await familiesOf(tx, testId);
      if (families > 0 && !confirmEarlier) {
        const words = { count: families, from: formatTashkent(before.toISOString()), to: formatTashkent(after.toISOString()) };
        throw new AppError(400, ErrorCode.ConfirmationRequired, callOrganiserMessages().validation.confirmAppealsEarlier(words));
      }
    }
    await tx.update(tests).set({ appealsCloseAt: own }).where(eq(tests.id, testId));
    await recordAction(tx, {
      organiserId,
      action: AuditAction.AppealsClose,
      targetType: "test",
      targetId: testId,
      reason,
      details: { appealsCloseAt: own?.toISOString() ?? null, closesAt: after.toISOString(), before: before.toISOString() },
    });
  });
}

/** The last change of the test's end of appeals, when it moved the end earlier: what families are told. */
export async function closeMovedEarlier(runner: Transaction | typeof db, testId: number): Promise<{ from: string; at: string } | null> {
  const [last] = await runner
    .select({ details: organiserActions.details, at: organiserActions.createdAt })
    .from(organiserActions)
    .where(and(eq(organiserActions.action, AuditAction.AppealsClose), eq(organiserActions.targetId, testId)))
    .orderBy(desc(organiserActions.id))
    .limit(1);
  if (!last?.details) return null;
  const { closesAt, before } = JSON.parse(last.details) as { closesAt?: string; before?: string };
  return closesAt && before && closesAt < before ? { from: before, at: new Date(last.at).toISOString() } : null;
}
