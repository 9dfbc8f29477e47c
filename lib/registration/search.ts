// The organiser's registrations and payments: search and filters, and one
// registration with its payments and every provider call about it (the audit trail).
import "server-only";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { districts, paymentEvents, payments, registrations, subjects, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { likePattern } from "@/lib/db/like-pattern";
import { notFound } from "@/lib/http/errors";
import { anySeason, inSeason } from "@/lib/seasons/period";
import { fullName } from "@/shared/identity/names";
import { type PaymentProvider, PaymentState } from "@/shared/payments/enums";
import type { RegistrationStatus } from "@/shared/registration/status";

export const REGISTRATIONS_PAGE_SIZE = 50;

export type RegistrationRow = {
  guid: string;
  status: RegistrationStatus;
  amountSom: number;
  createdAt: string;
  paidAt: string | null;
  userId: number | null;
  fullName: string;
  phoneNumber: string | null;
  regionId: number | null;
  districtId: number | null;
  districtName: string | null;
  grade: number | null;
  subjectName: string | null;
  /** The provider of the performed payment, if paid. */
  paidWith: PaymentProvider | null;
};

export type RegistrationSearch = {
  q?: string;
  seasonId?: number | "any";
  status?: RegistrationStatus;
  regionId?: number;
  districtId?: number;
  provider?: PaymentProvider;
  page?: number;
};

/** `seasonId`: the console's season (undefined: the current one; "any": one registration looked up by its guid). */
export async function searchRegistrations({ q, status, regionId, districtId, provider, page = 1, seasonId }: RegistrationSearch) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(registrations.status, status));
  if (regionId) conditions.push(eq(users.regionId, regionId));
  if (districtId) conditions.push(eq(users.districtId, districtId));
  if (provider) {
    conditions.push(
      sql`exists (select 1 from ${payments} where ${payments.registrationGuid} = ${registrations.guid} and ${payments.provider} = ${provider})`,
    );
  }
  const term = q?.trim();
  if (term) {
    const like = likePattern(term);
    const digits = term.replace(/\D/g, "");
    conditions.push(
      or(
        sql`${registrations.guid}::text ilike ${like}`,
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.middleName, like),
        sql`(${users.lastName} || ' ' || ${users.firstName}) ilike ${like}`,
        // A phone typed with +998, spaces or dashes still finds the nine digits.
        ...(digits.length >= 4 ? [ilike(users.phoneNumber, `%${digits.slice(-9)}%`)] : []),
      ) as SQL,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const paidWith = db.$with("paid_with").as(
    db
      .select({ guid: payments.registrationGuid, provider: sql<PaymentProvider>`min(${payments.provider})`.as("provider") })
      .from(payments)
      .where(eq(payments.state, PaymentState.Performed))
      .groupBy(payments.registrationGuid),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .with(paidWith)
      .select({
        registration: registrations,
        user: users,
        districtName: districts.name,
        subjectName: subjects.name,
        paidWith: paidWith.provider,
      })
      .from(registrations)
      .leftJoin(users, eq(users.id, registrations.userId))
      .leftJoin(districts, eq(districts.id, users.districtId))
      .leftJoin(subjects, eq(subjects.id, users.subjectId))
      .leftJoin(paidWith, eq(paidWith.guid, registrations.guid))
      .where(and(seasonId === "any" ? anySeason() : inSeason(seasonId, registrations.seasonId), where))
      .orderBy(desc(registrations.createdAt))
      .limit(REGISTRATIONS_PAGE_SIZE)
      .offset((page - 1) * REGISTRATIONS_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(registrations)
      .leftJoin(users, eq(users.id, registrations.userId))
      .where(and(seasonId === "any" ? anySeason() : inSeason(seasonId, registrations.seasonId), where)),
  ]);
  return {
    items: rows.map(
      (r): RegistrationRow => ({
        guid: r.registration.guid,
        status: r.registration.status,
        amountSom: r.registration.amountSom,
        createdAt: r.registration.createdAt.toISOString(),
        paidAt: r.registration.paidAt?.toISOString() ?? null,
        userId: r.user?.id ?? null,
        fullName: r.user ? fullName(r.user) : "",
        phoneNumber: r.user?.phoneNumber ?? null,
        regionId: r.user?.regionId ?? null,
        districtId: r.user?.districtId ?? null,
        districtName: r.districtName,
        grade: r.user?.grade ?? null,
        subjectName: r.subjectName,
        paidWith: r.paidWith ?? null,
      }),
    ),
    total: Number(total),
  };
}

export type RegistrationDetail = {
  registration: RegistrationRow;
  payments: {
    id: number;
    provider: PaymentProvider;
    providerTransactionId: string;
    amountTiyin: number;
    state: PaymentState;
    createTime: number;
    performTime: number | null;
    cancelTime: number | null;
    cancelReason: number | null;
  }[];
  events: { id: number; provider: PaymentProvider; action: string; request: string; response: string; createdAt: string }[];
};

export async function registrationDetail({ guid }: { guid: string }): Promise<RegistrationDetail> {
  const { items } = await searchRegistrations({ q: guid, seasonId: "any" });
  const registration = items.find((r) => r.guid === guid);
  if (!registration) throw notFound();
  const [paymentRows, events] = await Promise.all([
    db.select().from(payments).where(eq(payments.registrationGuid, guid)).orderBy(asc(payments.createTime)),
    db.select().from(paymentEvents).where(eq(paymentEvents.registrationGuid, guid)).orderBy(asc(paymentEvents.id)).limit(200),
  ]);
  return {
    registration,
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      providerTransactionId: p.providerTransactionId,
      amountTiyin: p.amountTiyin,
      state: p.state,
      createTime: p.createTime,
      performTime: p.performTime,
      cancelTime: p.cancelTime,
      cancelReason: p.cancelReason,
    })),
    events: events.map((e) => ({
      id: e.id,
      provider: e.provider,
      action: e.action,
      request: e.request,
      response: e.response,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
