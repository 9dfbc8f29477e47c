// The pupil's own profile as Identity/Update changes it: the registration's details, with grade,
// subject and name fixed once a test was started, and a paper drawn in the old study language let go.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { attempts, users } from "@/db/schema";
import { currentAttempt } from "@/lib/attempts/counting";
import { pupilLanguageChanged } from "@/lib/attempts/papers";
import { db } from "@/lib/db/client";
import { businessError } from "@/lib/http/errors";
import { type CurrentUser, getCurrentUser } from "@/lib/identity/users";
import { assertDetailsConsistent } from "@/lib/reference/consistency";
import { ErrorCode } from "@/shared/http/contract";
import type { ProfileInput } from "@/shared/identity/schema";

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
