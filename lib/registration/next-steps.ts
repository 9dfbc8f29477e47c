// What a paid family does next, as the registration page says it before the test: when the
// pupil's test opens and closes (Tashkent time), and in which language it is (the pupil's language
// of study: the paper is drawn in it). The PIN is read out at the test's opening, never sent before.
import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { registrations, tests, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import type { StudyLanguage } from "@/shared/attempts/enums";

export type NextSteps = {
  /** The pupil's stage-one test's window (ISO), or null while the organiser has set none. */
  test: { openedAt: string; closedAt: string } | null;
  language: StudyLanguage;
};

/** A paid registration's next steps, or null (not paid, or its pupil's test has closed). */
export async function nextSteps(guid: string, now: Date): Promise<NextSteps | null> {
  const [row] = await db
    .select({ language: users.language, openedAt: tests.openedAt, closedAt: tests.closedAt })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(tests, and(eq(tests.subjectId, users.subjectId), eq(tests.stage, 1)))
    .where(and(eq(registrations.guid, guid), isNotNull(registrations.paidAt)));
  if (!row) return null;
  if (row.openedAt === null || row.closedAt === null) return { test: null, language: row.language };
  if (row.closedAt <= now) return null;
  return { test: { openedAt: row.openedAt.toISOString(), closedAt: row.closedAt.toISOString() }, language: row.language };
}
