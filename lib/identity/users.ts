// The signed-in user's own record: what GetCurrentUser answers and what Identity/Update changes.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { attempts, subjects, users } from "@/db/schema";
import { currentAttempt } from "@/lib/attempts/counting";
import type { StudyLanguage } from "@/lib/attempts/enums";
import { pupilLanguageChanged } from "@/lib/attempts/papers";
import { ErrorCode } from "@/lib/http/contract";
import { businessError, notFound } from "@/lib/http/errors";
import { assertDetailsConsistent } from "@/lib/reference/consistency";
import type { ProfileInput } from "@/lib/validation/identity";
import { hashPassword } from "./password";
import { normaliseUsername, unlockSignIn } from "./sign-in";

export type CurrentUser = {
  userId: number;
  username: string | null;
  role: number;
  firstName: string;
  lastName: string;
  middleName: string | null;
  birthDate: string | null;
  phoneNumber: string | null;
  regionId: number | null;
  districtId: number | null;
  /** 0: "Boshqa maktab", no school from the list. */
  organizationId: number;
  grade: number | null;
  subjectId: number | null;
  subjectName: string | null;
  /** The language of study (0 Uzbek, 1 Russian, 2 Karakalpak): the test's questions are in it. */
  language: StudyLanguage;
};

export async function getCurrentUser({ userId }: { userId: number }): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, subjectName: subjects.name })
    .from(users)
    .leftJoin(subjects, eq(subjects.id, users.subjectId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const u = row.user;
  return {
    userId: u.id,
    username: u.username,
    role: u.role,
    firstName: u.firstName,
    lastName: u.lastName,
    middleName: u.middleName,
    birthDate: u.birthDate,
    phoneNumber: u.phoneNumber,
    regionId: u.regionId,
    districtId: u.districtId,
    organizationId: u.organizationId ?? 0,
    grade: u.grade,
    subjectId: u.subjectId,
    subjectName: row.subjectName,
    language: u.language,
  };
}

/**
 * Grade and subject decide the pupil's test and ranking: they are fixed once a test was started.
 * One rule in one transaction: the pupil's row is locked before the check, and New locks it too
 * (startFromPaper, newAttempt), so a New and a change of subject sent together cannot both win
 * (one payment, two olympiads). After the start only an organiser changes them, and the name
 * (the certificate's) too.
 */
export async function updateProfile({ userId, profile }: { userId: number; profile: ProfileInput }): Promise<CurrentUser> {
  await assertDetailsConsistent(db, profile);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        grade: users.grade,
        subjectId: users.subjectId,
        firstName: users.firstName,
        lastName: users.lastName,
        middleName: users.middleName,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const subjectChanges = current && (current.grade !== profile.grade || current.subjectId !== profile.subjectId);
    // The name is the certificate's ("Tasdiqlangan"): after the start only an organiser corrects it.
    // A middle name never given may still be filled in (the profile asks for it).
    const nameChanges =
      current &&
      (current.firstName !== profile.firstName ||
        current.lastName !== profile.lastName ||
        (Boolean(current.middleName) && current.middleName !== profile.middleName));
    if (subjectChanges || nameChanges) {
      const [started] = await tx
        .select({ id: attempts.id })
        .from(attempts)
        .where(and(eq(attempts.userId, userId), currentAttempt()))
        .limit(1);
      if (started) throw businessError(subjectChanges ? ErrorCode.SubjectLocked : ErrorCode.NameLocked);
    }
    await tx
      .update(users)
      .set({
        regionId: profile.regionId,
        districtId: profile.districtId,
        organizationId: profile.organizationId || null,
        grade: profile.grade,
        subjectId: profile.subjectId,
        firstName: profile.firstName,
        lastName: profile.lastName,
        middleName: profile.middleName,
        birthDate: profile.birthDate,
        phoneNumber: profile.phoneNumber,
        language: profile.language ?? current?.language,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    // A paper drawn in the old language is not the pupil's any more (a started attempt keeps its own).
    if (current && profile.language !== undefined && profile.language !== current.language) await pupilLanguageChanged(tx, { userId });
  });
  return getCurrentUser({ userId });
}

/** Gives a user a username and password (seeded accounts, tests; payments use the same). */
export async function setCredentials({
  userId,
  username,
  password,
}: {
  userId: number;
  username: string;
  password: string;
}): Promise<void> {
  const name = normaliseUsername(username);
  await db
    .update(users)
    .set({ username: name, passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  await unlockSignIn(name);
}
