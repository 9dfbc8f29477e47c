// Pupils for the test suites, made through the domain functions: a registration, then a login.
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { payments, registrations, subjects, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { setCredentials } from "@/lib/identity/users";
import { madeUpPayment } from "@/lib/payments/service";
import { register } from "@/lib/registration/registration";
import { currentSeasonSql } from "@/lib/seasons/period";
import type { StudyLanguage } from "@/shared/attempts/enums";
import { RegistrationStatus } from "@/shared/registration/status";

/** A paid pupil with a login, and their registration (the parent's link). */
export type TestPupil = { userId: number; username: string; password: string; guid: string };

/** A registration awaiting payment: a pupil with details and no login yet. */
export async function createTestRegistration({
  grade = 7,
  subject = "Matematika",
  subjectId,
  names = { firstName: "Test", lastName: "Oquvchi", middleName: "Sinovovich" },
  districtId = 1726266,
  language,
  accommodation,
}: {
  language?: StudyLanguage;
  /** A request for an accommodation, as the registration form takes it. */
  accommodation?: string;
  grade?: number;
  subject?: string;
  subjectId?: number;
  names?: { firstName: string; lastName: string; middleName?: string };
  /** A SOATO district; its region is its first four digits. */
  districtId?: number;
} = {}): Promise<{ guid: string; userId: number }> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(
      subjectId
        ? eq(subjects.id, subjectId)
        : and(eq(subjects.name, subject), eq(subjects.grade, grade), eq(subjects.seasonId, currentSeasonSql())),
    );
  const guid = randomUUID();
  const { userId } = await register(
    {
      guid,
      regionId: Math.floor(districtId / 1000),
      districtId,
      grade: row.grade,
      subjectId: row.id,
      language,
      accommodation,
      ...names,
    },
    { clientAddress: null },
  );
  return { guid, userId: userId! };
}

export async function createTestPupil({
  password = "Parol2025",
  grade = 7,
  subject = "Matematika",
  subjectId,
  paid = true,
  extraMinutes = 0,
  names,
  districtId,
  language,
  accommodation,
}: {
  password?: string;
  accommodation?: string;
  /** The study language (0 Uzbek, 1 Russian, 2 Karakalpak), as the registration form gives it. */
  language?: StudyLanguage;
  grade?: number;
  subject?: string;
  /** A subject of a test olympiad (lib/testing/olympiad); its grade is taken from it. */
  subjectId?: number;
  paid?: boolean;
  extraMinutes?: number;
  names?: { firstName: string; lastName: string; middleName?: string };
  districtId?: number;
} = {}): Promise<TestPupil> {
  const { guid, userId } = await createTestRegistration({ grade, subject, subjectId, names, districtId, language, accommodation });
  const username = `t${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  await setCredentials({ userId, username, password });
  // Payment is the payment service's; a test pupil is simply marked paid (or not), with a made-up payment.
  if (paid) {
    const [{ amountSom }] = await db
      .update(registrations)
      .set({ status: RegistrationStatus.Paid, paidAt: new Date() })
      .where(eq(registrations.guid, guid))
      .returning({ amountSom: registrations.amountSom });
    await db.insert(payments).values(madeUpPayment({ guid, amountSom, origin: "test" }));
  }
  if (extraMinutes) await db.update(users).set({ extraMinutes }).where(eq(users.id, userId));
  return { userId, username, password, guid };
}
