// The demo's families: a registration link each, in the state the demo shows it (awaiting payment,
// or paid with the pupil's login), and its pupil in Yunusobod tumani's first school. Made once: a
// second start finds the registration by its link and leaves it as it is.
import "server-only";
import { eq } from "drizzle-orm";
import { districts, organizations, payments, registrations, users } from "@/db/schema";
import type { Database } from "@/lib/db/client";
import { madeUpPayment } from "@/lib/payments/service";
import type { StudyLanguage } from "@/shared/attempts/enums";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { RegistrationStatus } from "@/shared/registration/status";
import { ensureLogin } from "./accounts";

export type DemoFamily = {
  guid: string;
  status: RegistrationStatus;
  amountSom: number;
  subjectId: number;
  grade: number;
  /** A paid pupil's login (printed in the banner). */
  login?: { username: string; password: string };
};

export type DemoPupilNames = { firstName: string; lastName: string; middleName: string; language?: StudyLanguage; locale?: Locale };

/** The family's pupil's id, the registration made if it is not there yet. */
export async function seedFamily(db: Database, family: DemoFamily, pupil: DemoPupilNames): Promise<number> {
  const [existing] = await db.select().from(registrations).where(eq(registrations.guid, family.guid));
  const userId = existing?.userId ?? (await newFamily(db, family, pupil));
  if (family.login) await ensureLogin(db, { userId, ...family.login });
  return userId;
}

async function newFamily(db: Database, family: DemoFamily, pupil: DemoPupilNames): Promise<number> {
  const [district] = await db.select().from(districts).where(eq(districts.name, "Yunusobod tumani"));
  const [school] = await db.select().from(organizations).where(eq(organizations.districtId, district.id)).limit(1);
  const where = { regionId: district.regionId, districtId: district.id, organizationId: school?.id ?? null };
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        ...pupil,
        ...where,
        grade: family.grade,
        subjectId: family.subjectId,
        birthDate: `${2019 - family.grade}-03-15`,
        phoneNumber: "901234567",
      })
      .returning({ id: users.id });
    await tx.insert(registrations).values({
      guid: family.guid,
      userId: user.id,
      status: family.status,
      amountSom: family.amountSom,
      ...where,
      paidAt: family.status === RegistrationStatus.Paid ? new Date() : null,
    });
    if (family.status === RegistrationStatus.Paid)
      await tx.insert(payments).values(madeUpPayment({ guid: family.guid, amountSom: family.amountSom, origin: "demo" }));
    return user.id;
  });
}
