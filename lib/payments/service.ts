// The one payment service behind Payme, Click and the card: a registration is paid exactly once,
// in one database transaction (payment row + registration status + credentials), with the
// registration row locked so that replays and a second provider wait and then see it paid.
import "server-only";
import { and, eq } from "drizzle-orm";
import { paymentEvents, payments, registrations, seasons, users } from "@/db/schema";
import { db, type Transaction } from "@/lib/db/client";
import { businessError } from "@/lib/http/errors";
import { createLimiter } from "@/lib/http/rate-limit";
import { storableText } from "@/lib/http/unsafe-text";
import { hashPassword } from "@/lib/identity/password";
import { type PeriodOf, type RegistrationPhase, registrationPhase } from "@/lib/seasons/period";
import { ErrorCode } from "@/shared/http/contract";
import { PaymentProvider, PaymentState } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";
import { tashkentDay } from "@/shared/time";
import { decryptPassword, encryptPassword, generatePassword, generateUsername } from "./credentials";
import type { Credentials } from "./types";

/** A registration with its season's period (lib/seasons/period.ts): an unpaid one is paid within it only. */
export type LockedRegistration = { guid: string; userId: number; status: RegistrationStatus; amountSom: number } & PeriodOf;
export type Payment = typeof payments.$inferSelect;

/** An unpaid registration may be paid at `now` (Unix ms): within its season's registration period. */
export const payableAt = (registration: LockedRegistration, now: number): RegistrationPhase =>
  registrationPhase(registration, tashkentDay(new Date(now)));

/** The same as the card and the sandbox refuse it: in the family's language (1002, 1003). */
export function assertPayableAt(registration: LockedRegistration, now: number): void {
  const phase = payableAt(registration, now);
  if (phase === "before") throw businessError(ErrorCode.RegistrationNotOpen);
  if (phase === "after") throw businessError(ErrorCode.RegistrationClosed);
}

/** Fee in tiyin (so'm × 100), the unit payments are stored in. */
export const tiyin = (som: number) => som * 100;

const registrationColumns = {
  guid: registrations.guid,
  userId: registrations.userId,
  status: registrations.status,
  amountSom: registrations.amountSom,
  registrationOpens: seasons.registrationOpens,
  registrationCloses: seasons.registrationCloses,
  takingRegistrations: seasons.takingRegistrations,
};

/** A registration with its pupil (every registered one has one); null for a guid never registered. */
function toRegistration(
  row: ({ guid: string; userId: number | null; status: number; amountSom: number } & PeriodOf) | undefined,
): LockedRegistration | null {
  return row && row.userId !== null ? { ...row, userId: row.userId, status: row.status as RegistrationStatus } : null;
}

/**
 * Runs `work` in a transaction holding the registration's row lock; `work` gets null for a guid
 * never registered. Every change to a registration's payments goes through here.
 */
export function withRegistration<T>(
  guid: string,
  work: (tx: Transaction, registration: LockedRegistration | null) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // The registration's row alone is locked: its season's is every registration's.
    const [row] = await tx
      .select(registrationColumns)
      .from(registrations)
      .innerJoin(seasons, eq(seasons.id, registrations.seasonId))
      .where(eq(registrations.guid, guid))
      .for("update", { of: registrations });
    return work(tx, toRegistration(row));
  });
}

/** The registration (without a lock), for checks that need no lock. */
export async function findRegistration(guid: string): Promise<LockedRegistration | null> {
  const [row] = await db
    .select(registrationColumns)
    .from(registrations)
    .innerJoin(seasons, eq(seasons.id, registrations.seasonId))
    .where(eq(registrations.guid, guid));
  return toRegistration(row);
}

export async function findPayment(provider: PaymentProvider, providerTransactionId: string): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerTransactionId, providerTransactionId)));
  return row ?? null;
}

/** The payment row again, locked, inside a `withRegistration` transaction. */
export async function lockPayment(tx: Transaction, id: number): Promise<Payment | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
  return row;
}

export async function cancelPayment(tx: Transaction, payment: Payment, reason: number | null, now: number): Promise<Payment> {
  const [row] = await tx
    .update(payments)
    .set({ state: PaymentState.Cancelled, cancelTime: now, cancelReason: reason })
    .where(eq(payments.id, payment.id))
    .returning();
  return row;
}

/**
 * Performs a created payment: it, the registration's Paid status and the pupil's credentials in
 * the caller's transaction. The caller holds the registration lock and has checked it is unpaid.
 */
export async function performPayment(tx: Transaction, registration: LockedRegistration, payment: Payment, now: number): Promise<Payment> {
  const [performed] = await tx
    .update(payments)
    .set({ state: PaymentState.Performed, performTime: now })
    .where(eq(payments.id, payment.id))
    .returning();
  await tx
    .update(registrations)
    .set({ status: RegistrationStatus.Paid, paidAt: new Date(now), updatedAt: new Date(now) })
    .where(eq(registrations.guid, registration.guid));
  await giveCredentials(tx, registration.userId);
  return performed;
}

/** A payment made and performed at once (the card checkout confirms a completed charge). */
export async function createPerformedPayment(
  tx: Transaction,
  registration: LockedRegistration,
  values: { provider: PaymentProvider; providerTransactionId: string; amountTiyin: number; now: number },
): Promise<Payment> {
  const [created] = await tx
    .insert(payments)
    .values({ ...values, registrationGuid: registration.guid, createTime: values.now })
    .returning();
  return performPayment(tx, registration, created, values.now);
}

/**
 * The payment row of a pupil marked paid without a provider: the demo's families and the test
 * suites' pupils. A card payment whose id says where it came from ("demo-…", "test-…"), so that
 * the register lists it and its reconciliation finds no paid registration without a payment.
 */
export function madeUpPayment({
  guid,
  amountSom,
  origin,
  now = Date.now(),
}: {
  guid: string;
  amountSom: number;
  origin: "demo" | "test";
  now?: number;
}) {
  return {
    registrationGuid: guid,
    provider: PaymentProvider.Card,
    providerTransactionId: `${origin}-${guid}`,
    amountTiyin: tiyin(amountSom),
    state: PaymentState.Performed,
    createTime: now,
    performTime: now,
  };
}

/** A username no one has, a fresh password: hashed for sign-in, encrypted for the parent's page. */
async function giveCredentials(tx: Transaction, userId: number): Promise<void> {
  const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (user?.username) return; // given once: a pupil who somehow has a login keeps it
  let username = generateUsername();
  for (let i = 0; i < 5; i++) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!taken) break;
    username = generateUsername();
  }
  const password = generatePassword();
  await tx
    .update(users)
    .set({ username, passwordHash: await hashPassword(password), passwordEncrypted: encryptPassword(password) })
    .where(eq(users.id, userId));
}

/** A paid registration's credentials, for the parent's page and the chat-bot; null before payment. */
export async function registrationCredentials(guid: string): Promise<Credentials | null> {
  const [row] = await db
    .select({ status: registrations.status, username: users.username, passwordEncrypted: users.passwordEncrypted })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.guid, guid));
  if (!row || row.status !== RegistrationStatus.Paid || !row.username) return null;
  return {
    username: row.username,
    password: row.passwordEncrypted ? decryptPassword(row.passwordEncrypted) : null,
    passwordReset: row.passwordEncrypted === null,
  };
}

/**
 * Calls that did not prove they come from the provider (no Payme key, no valid Click signature)
 * are anyone's: at most this many a minute per provider are recorded, each a line without its body.
 */
const unauthenticatedCalls = createLimiter("payment-unauthenticated-audit", { points: 60, durationSeconds: 60 });

/**
 * The audit trail: what a provider sent and what we answered. A call that did not prove it comes
 * from the provider gets a small, capped record that names no registration: anyone could send it,
 * so it must not fill the table or a parent's registration page.
 */
export async function recordPaymentEvent(event: {
  provider: PaymentProvider;
  action: string;
  request: unknown;
  response: unknown;
  /** The call carried the provider's key or signature. */
  authenticated: boolean;
  /** The registration the call was about, when it names one (shown on its page in the console). */
  registrationGuid?: string | null;
}): Promise<void> {
  // Every call is recorded whatever it carries: characters PostgreSQL refuses are escaped.
  const text = (value: unknown) => storableText(typeof value === "string" ? value : JSON.stringify(value ?? null));
  if (!event.authenticated) {
    try {
      await unauthenticatedCalls.consume(event.provider);
    } catch {
      return; // past the cap: not recorded
    }
    const size = Buffer.byteLength(typeof event.request === "string" ? event.request : JSON.stringify(event.request ?? null));
    await db.insert(paymentEvents).values({
      provider: event.provider,
      action: `unauthenticated:${text(event.action)}`.slice(0, 40),
      request: `(${size} bytes, not kept)`,
      response: text(event.response).slice(0, 512),
      registrationGuid: null,
    });
    return;
  }
  const guid = event.registrationGuid && /^[0-9a-f-]{36}$/i.test(event.registrationGuid) ? event.registrationGuid.toLowerCase() : null;
  await db.insert(paymentEvents).values({
    provider: event.provider,
    action: text(event.action).slice(0, 40),
    request: text(event.request).slice(0, 64 * 1024),
    response: text(event.response),
    registrationGuid: guid,
  });
}
