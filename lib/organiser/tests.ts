// The organiser sets up a subject's stage-one test: window, duration, PIN, counts and points.
import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { attempts, subjects, tests } from "@/db/schema";
import { ReviewPolicy } from "@/lib/attempts/enums";
import { pointsToTenths, tenthsToPoints } from "@/lib/attempts/rules";
import { notFound } from "@/lib/http/errors";
import { uz } from "@/lib/i18n/uz";
import type { TestSettings } from "@/lib/validation/organiser";

export type TestView = Omit<TestSettings, "easyPoints" | "mediumPoints" | "hardPoints"> & {
  testId: number;
  subjectId: number;
  easyPoints: number;
  mediumPoints: number;
  hardPoints: number;
  /** What the organiser should know about these settings (Uzbek), e.g. that `afterEnd` leaks the key. */
  warnings: string[];
};

function view(row: typeof tests.$inferSelect): TestView {
  return {
    testId: row.id,
    subjectId: row.subjectId,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt.toISOString(),
    durationMinutes: row.durationMinutes,
    pinCode: row.pinCode,
    easyCount: row.easyCount,
    mediumCount: row.mediumCount,
    hardCount: row.hardCount,
    easyPoints: tenthsToPoints(row.easyPointsTenths),
    mediumPoints: tenthsToPoints(row.mediumPointsTenths),
    hardPoints: tenthsToPoints(row.hardPointsTenths),
    reviewPolicy: row.reviewPolicy as TestView["reviewPolicy"],
    warnings: row.reviewPolicy === ReviewPolicy.AfterEnd ? [uz.organiser.afterEndWarning] : [],
  };
}

/** Creates or changes the subject's stage-one test; fields left out keep their value (or default). */
export async function upsertSubjectTest({ subjectId, settings }: { subjectId: number; settings: TestSettings }): Promise<TestView> {
  const [subject] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, subjectId));
  if (!subject) throw notFound();
  const values = {
    openedAt: new Date(settings.openedAt),
    closedAt: new Date(settings.closedAt),
    pinCode: settings.pinCode,
    ...(settings.durationMinutes !== undefined && { durationMinutes: settings.durationMinutes }),
    ...(settings.easyCount !== undefined && { easyCount: settings.easyCount }),
    ...(settings.mediumCount !== undefined && { mediumCount: settings.mediumCount }),
    ...(settings.hardCount !== undefined && { hardCount: settings.hardCount }),
    ...(settings.easyPoints !== undefined && { easyPointsTenths: pointsToTenths(settings.easyPoints) }),
    ...(settings.mediumPoints !== undefined && { mediumPointsTenths: pointsToTenths(settings.mediumPoints) }),
    ...(settings.hardPoints !== undefined && { hardPointsTenths: pointsToTenths(settings.hardPoints) }),
    ...(settings.reviewPolicy !== undefined && { reviewPolicy: settings.reviewPolicy }),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(tests)
      .values({ subjectId, stage: 1, ...values })
      .onConflictDoUpdate({ target: [tests.subjectId, tests.stage], set: { ...values, updatedAt: sql`now()` } })
      .returning();
    // An earlier close caps every running attempt's deadline in the same transaction (DESIGN §6):
    // no one answers past the close while the key may open. A later close extends nothing.
    await tx
      .update(attempts)
      .set({ deadlineAt: saved.closedAt })
      .where(and(eq(attempts.testId, saved.id), isNull(attempts.endedAt), gt(attempts.deadlineAt, saved.closedAt)));
    return saved;
  });
  return view(row);
}
