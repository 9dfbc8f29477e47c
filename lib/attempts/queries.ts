// Loading what the attempt rules act on: the pupil with their test, and an attempt with its test.
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { attempts, registrations, tests, users } from "@/db/schema";
import { db, type Transaction } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { noteRequest } from "@/lib/log.mjs";
import { RegistrationStatus } from "@/shared/registration/status";
import { currentAttempt } from "./counting";

export type TestRow = typeof tests.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;

/** The pupil, whether they have paid, and the stage-one test of their subject (if any). */
export async function loadPupilTest({ userId }: { userId: number }) {
  const [row] = await db
    .select({ user: users, registrationStatus: registrations.status, test: tests })
    .from(users)
    .leftJoin(registrations, eq(registrations.userId, users.id))
    .leftJoin(tests, and(eq(tests.subjectId, users.subjectId), eq(tests.stage, 1)))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return { user: row.user, paid: row.registrationStatus === RegistrationStatus.Paid, test: row.test };
}

/** The pupil's own attempt with its test; another pupil's attempt is simply not found. */
export async function loadOwnAttempt(
  { userId, attemptId }: { userId: number; attemptId: number },
  tx: Transaction | typeof db = db,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ attempt: AttemptRow; test: TestRow }> {
  noteRequest({ attemptId });
  const query = tx
    .select({ attempt: attempts, test: tests })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId), currentAttempt()));
  // `lock`: the attempt's row locked for the transaction, and read as it is once the lock is had.
  const [row] = await (lock ? query.for("update", { of: attempts }) : query);
  if (!row) throw notFound();
  return row;
}

/** The pupil's latest attempt, if any. */
export async function loadLatestAttempt({ userId }: { userId: number }) {
  const [row] = await db
    .select({ attempt: attempts, test: tests })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.userId, userId), currentAttempt()))
    .orderBy(desc(attempts.startedAt))
    .limit(1);
  return row ?? null;
}
