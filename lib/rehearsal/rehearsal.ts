// A rehearsal of the opening (`npm run ops:rehearsal`): the organiser's script makes N
// synthetic pupils in a test of their own, runs the opening against the deployment over its public
// API, reports what it measured and removes them. The rehearsal's subject is marked: it is never
// offered at registration, counted on the board, listed in results or exports, or ranked. Its
// pupils share one password, hashed once (5 000 hashes would be the rehearsal's own overload).
import "server-only";
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { attempts, districts, drawnPapers, questions, readingTexts, registrations, rehearsals, subjects, tests, users } from "@/db/schema";
import { isOlympiadSubject } from "@/lib/attempts/counting";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { hashPassword } from "@/lib/identity/password";
import { importQuestionBank } from "@/lib/questions/import";
import type { RehearsalReport } from "@/lib/rehearsal/schema";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { DIFFICULTY_NAMES } from "@/shared/attempts/scoring";
import { UserRole } from "@/shared/identity/roles";
import { RegistrationStatus } from "@/shared/registration/status";

/** The rehearsal's test: 30 questions drawn from 12 per difficulty, 30 minutes, open for two hours. */
const BANK_PER_DIFFICULTY = 12;
const COUNT = 10;
const DURATION_MINUTES = 30;
const OPEN_MS = 2 * 3_600_000;
const INSERT_CHUNK = 500;

export type RehearsalStarted = {
  rehearsalId: number;
  subjectId: number;
  testId: number;
  pinCode: string;
  openedAt: string;
  /** Every pupil's password (they share it): the script signs them in with it. */
  password: string;
  usernames: string[];
};

export async function createRehearsal({
  organiserId,
  pupils,
  opensInSeconds,
  now = new Date(),
}: {
  organiserId: number;
  pupils: number;
  opensInSeconds: number;
  now?: Date;
}): Promise<RehearsalStarted> {
  const openedAt = new Date(now.getTime() + opensInSeconds * 1000);
  const tag = randomUUID().slice(0, 8);
  const [subject] = await db
    .insert(subjects)
    .values({ name: `Mashq ${tag}`, grade: 5, rehearsal: true })
    .returning({ id: subjects.id });
  await importQuestionBank({
    subjectId: subject.id,
    readingTexts: [],
    questions: DIFFICULTY_NAMES.flatMap((difficulty) =>
      Array.from({ length: BANK_PER_DIFFICULTY }, (_, i) => ({
        difficulty,
        text: `<p>Mashq savoli (${difficulty}) ${i + 1}: ${i + 2} + ${i + 3} nechaga teng?</p>`,
        choices: [0, 1, 2, 3].map((k) => ({ text: String(2 * i + 5 + k), correct: k === 0 })),
      })),
    ),
  });
  const pinCode = String(randomInt(1000, 10_000));
  const test = await upsertSubjectTest({
    subjectId: subject.id,
    settings: {
      openedAt: openedAt.toISOString(),
      closedAt: new Date(openedAt.getTime() + OPEN_MS).toISOString(),
      durationMinutes: DURATION_MINUTES,
      easyCount: COUNT,
      mediumCount: COUNT,
      hardCount: COUNT,
      pinCode,
    },
  });

  const [district] = await db.select({ id: districts.id, regionId: districts.regionId }).from(districts).orderBy(districts.id).limit(1);
  const [row] = await db
    .insert(rehearsals)
    .values({ subjectId: subject.id, organiserId, pupils, openedAt })
    .returning({ id: rehearsals.id });
  const password = randomBytes(9).toString("base64url");
  const passwordHash = await hashPassword(password);
  const usernames = Array.from({ length: pupils }, (_, k) => `mashq${row.id}x${k + 1}`);
  await db.transaction(async (tx) => {
    for (let from = 0; from < pupils; from += INSERT_CHUNK) {
      const made = await tx
        .insert(users)
        .values(
          usernames.slice(from, from + INSERT_CHUNK).map((username, i) => ({
            role: UserRole.Default,
            firstName: "Mashq",
            lastName: `O'quvchi ${from + i + 1}`,
            regionId: district?.regionId ?? null,
            districtId: district?.id ?? null,
            grade: 5,
            subjectId: subject.id,
            username,
            passwordHash,
          })),
        )
        .returning({ id: users.id });
      await tx.insert(registrations).values(
        made.map(({ id }) => ({
          guid: randomUUID(),
          userId: id,
          status: RegistrationStatus.Paid,
          amountSom: 0,
          regionId: district?.regionId ?? null,
          districtId: district?.id ?? null,
          paidAt: now,
        })),
      );
    }
    await recordAction(tx, {
      organiserId,
      action: AuditAction.RehearsalCreate,
      targetType: "subject",
      targetId: subject.id,
      details: { pupils, openedAt: openedAt.toISOString() },
    });
  });
  return {
    rehearsalId: row.id,
    subjectId: subject.id,
    testId: test.testId,
    pinCode,
    openedAt: openedAt.toISOString(),
    password,
    usernames,
  };
}

/** The script's figures, kept for the console's page. */
export async function reportRehearsal({
  rehearsalId,
  report,
  now = new Date(),
}: {
  rehearsalId: number;
  report: RehearsalReport;
  now?: Date;
}) {
  const [row] = await db
    .update(rehearsals)
    .set({ report, reportedAt: now })
    .where(eq(rehearsals.id, rehearsalId))
    .returning({ id: rehearsals.id });
  if (!row) throw notFound();
  return { rehearsalId };
}

/** Removes the rehearsal's pupils, their attempts, its test, bank and subject; its figures stay. */
export async function removeRehearsal({
  rehearsalId,
  organiserId,
  now = new Date(),
}: {
  rehearsalId: number;
  organiserId: number;
  now?: Date;
}) {
  const [row] = await db.select().from(rehearsals).where(eq(rehearsals.id, rehearsalId));
  if (!row) throw notFound();
  const subjectId = row.subjectId;
  if (subjectId === null) return { rehearsalId, removed: 0 };
  // Only a rehearsal's own subject is ever removed here.
  const [subject] = await db.select({ rehearsal: subjects.rehearsal }).from(subjects).where(eq(subjects.id, subjectId));
  if (!subject || isOlympiadSubject(subject)) throw notFound();
  const removed = await db.transaction(async (tx) => {
    const ofSubject = tx.select({ id: tests.id }).from(tests).where(eq(tests.subjectId, subjectId));
    const pupils = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.subjectId, subjectId), eq(users.role, UserRole.Default)));
    await tx.delete(attempts).where(inArray(attempts.testId, ofSubject)); // their questions go with them
    await tx.delete(drawnPapers).where(inArray(drawnPapers.testId, ofSubject));
    await tx.delete(registrations).where(inArray(registrations.userId, pupils));
    const gone = await tx
      .delete(users)
      .where(and(eq(users.subjectId, subjectId), eq(users.role, UserRole.Default)))
      .returning({ id: users.id });
    await tx.delete(tests).where(eq(tests.subjectId, subjectId));
    await tx.delete(questions).where(eq(questions.subjectId, subjectId)); // their choices go with them
    await tx.delete(readingTexts).where(eq(readingTexts.subjectId, subjectId));
    await tx.update(rehearsals).set({ removedAt: now }).where(eq(rehearsals.id, rehearsalId));
    await tx.delete(subjects).where(eq(subjects.id, subjectId));
    await recordAction(tx, {
      organiserId,
      action: AuditAction.RehearsalRemove,
      targetType: "subject",
      targetId: null,
      details: { pupils: gone.length },
    });
    return gone.length;
  });
  return { rehearsalId, removed };
}

export type RehearsalView = {
  rehearsalId: number;
  pupils: number;
  openedAt: string;
  createdAt: string;
  report: RehearsalReport | null;
  removed: boolean;
};

/** The latest rehearsal, for the console's page. */
export async function lastRehearsal(): Promise<RehearsalView | null> {
  const [row] = await db.select().from(rehearsals).orderBy(desc(rehearsals.id)).limit(1);
  if (!row) return null;
  return {
    rehearsalId: row.id,
    pupils: row.pupils,
    openedAt: row.openedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    report: (row.report as RehearsalReport | null) ?? null,
    removed: row.removedAt !== null,
  };
}
