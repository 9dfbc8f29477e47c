// The demo's families: a registration link each, in the state the demo shows it (awaiting payment,
// or paid with the pupil's login), and its pupil in Yunusobod tumani's first school. Made once: a
// second start finds the registration by its link and leaves it as it is. A family paid through
// Payme or Click has that provider's made-up payment ("demo-…") and its fiscal receipt: Payme's as
// its SetFiscalData would report it (an address at the operator), Click's queued as Complete
// queues it, for the receipts' job to submit (`npm run demo` answers it with a local stand-in).
import "server-only";
import { eq } from "drizzle-orm";
import { districts, fiscalReceipts, organizations, payments, registrations, users } from "@/db/schema";
import type { Database, Transaction } from "@/lib/db/client";
import { madeUpPayment } from "@/lib/payments/service";
import type { StudyLanguage } from "@/shared/attempts/enums";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { PaymentProvider, ReceiptState } from "@/shared/payments/enums";
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
  /** Who took a paid family's fee: a made-up card payment unless said. */
  paidBy?: typeof PaymentProvider.Payme | typeof PaymentProvider.Click;
};

/** The made-up Payme receipt's address at the operator, marked as the demo's. */
export const DEMO_PAYME_RECEIPT = "https://ofd.soliq.uz/check?t=DEMO0000000001&r=1&c=20260101090000&s=000000000001";

/** A paid family's made-up payment, and its receipt when paid through Payme or Click. */
async function paidFamily(tx: Transaction, family: DemoFamily): Promise<void> {
  const made = madeUpPayment({ guid: family.guid, amountSom: family.amountSom, origin: "demo" });
  if (!family.paidBy) {
    await tx.insert(payments).values(made);
    return;
  }
  const provider = family.paidBy;
  const [payment] = await tx
    .insert(payments)
    .values({
      ...made,
      provider,
      providerTransactionId: `demo-${provider}-${family.guid}`,
      // Click's click_paydoc_id, which its receipt is submitted under.
      providerPaymentId: provider === PaymentProvider.Click ? "900000000001" : null,
    })
    .returning({ id: payments.id });
  const now = new Date();
  await tx.insert(fiscalReceipts).values(
    provider === PaymentProvider.Payme
      ? {
          paymentId: payment.id,
          kind: "PERFORM",
          provider,
          state: ReceiptState.Registered,
          receiptUrl: DEMO_PAYME_RECEIPT,
          fiscalData: { receipt_id: 1, status_code: 0, message: "demo", qr_code_url: DEMO_PAYME_RECEIPT },
          registeredAt: now,
        }
      : { paymentId: payment.id, kind: "PERFORM", provider, state: ReceiptState.Waiting, nextTryAt: now },
  );
}

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
    if (family.status === RegistrationStatus.Paid) await paidFamily(tx, family);
    return user.id;
  });
}
