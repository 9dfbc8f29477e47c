// Certificates (DESIGN §7): a pupil with an ended attempt has one; anyone may check it by username.
import "server-only";
import { and, eq, exists, isNotNull, isNull, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { attempts, subjects, users } from "@/db/schema";
import { config } from "@/lib/config";
import { fullName } from "@/lib/identity/names";
import { UserRole } from "@/lib/identity/roles";
import { normaliseUsername } from "@/lib/identity/sign-in";

export type Certificate = {
  username: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  /** Last, first and middle name, as the spec prints it. */
  fullName: string;
  subjectName: string;
  grade: number;
  issueDate: string;
  verifyUrl: string;
};

export const verifyUrlOf = (username: string) => `${config().publicUrl}/cert/${encodeURIComponent(username.toWellFormed())}`;

/** The certificate of a pupil who has ended an attempt; null for anyone else. */
async function certificateWhere(condition: SQL): Promise<Certificate | null> {
  const [row] = await db
    .select({ user: users, subjectName: subjects.name })
    .from(users)
    .innerJoin(subjects, eq(subjects.id, users.subjectId))
    .where(
      and(
        condition,
        eq(users.role, UserRole.Default),
        isNotNull(users.username),
        // An ended attempt: the certificate is for taking part, whatever the score.
        exists(
          db
            .select({ id: attempts.id })
            .from(attempts)
            .where(and(eq(attempts.userId, users.id), isNotNull(attempts.endedAt), isNull(attempts.resetAt))),
        ),
      ),
    );
  if (!row?.user.username || row.user.grade === null) return null;
  const u = row.user;
  return {
    username: u.username!,
    firstName: u.firstName,
    lastName: u.lastName,
    middleName: u.middleName,
    fullName: fullName(u),
    subjectName: row.subjectName,
    grade: u.grade!,
    issueDate: config().certificateDate,
    verifyUrl: verifyUrlOf(u.username!),
  };
}

export function certificateOfUsername(username: string): Promise<Certificate | null> {
  return certificateWhere(eq(users.username, normaliseUsername(username)));
}

export function certificateOfUser(userId: number): Promise<Certificate | null> {
  return certificateWhere(eq(users.id, userId));
}

/** What Certificates/Check answers: the name only when there is a certificate. */
export function checkAnswer(certificate: Certificate | null): { hasCertificate: boolean; fullName: string | null } {
  return { hasCertificate: certificate !== null, fullName: certificate?.fullName ?? null };
}
