// The signed-in user's own record: what GetCurrentUser answers, and the credentials a user is
// given. What Identity/Update changes is the pupil's profile (lib/pupils/profile.ts): it reads the
// pupil's attempts, and nothing in lib/identity does, as the attempts read the session from here.
import "server-only";
import { eq } from "drizzle-orm";
import { subjects, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { StudyLanguage } from "@/shared/attempts/enums";
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
