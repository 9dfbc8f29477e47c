// Registrations: the status behind a parent's link, and the pupil's details submitted through it.
import "server-only";
import { eq, sql } from "drizzle-orm";
import { registrations, users } from "@/db/schema";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { businessError } from "@/lib/http/errors";
import { callLocaleNow } from "@/lib/i18n/server";
import { assertDetailsConsistent } from "@/lib/reference/consistency";
import { registrationsCreated } from "@/lib/registration/register-limit";
import { type RegistrationWindow, registeringSeason, seasonOfRegistration } from "@/lib/seasons/seasons";
import { ErrorCode } from "@/shared/http/contract";
import type { PupilDetails, RegisterInput, RegistrationDetails } from "@/shared/registration/schema";
import { RegistrationStatus } from "@/shared/registration/status";
import type { RegisterStatus } from "@/shared/registration/types";

/** A guid never seen answers status 0 with the fee of the season taking registrations (0 when none does). */
export async function getRegisterStatus({ guid }: { guid: string }): Promise<RegisterStatus> {
  const [row] = await db
    .select({ status: registrations.status, userId: registrations.userId, amountSom: registrations.amountSom })
    .from(registrations)
    .where(eq(registrations.guid, guid));
  if (!row) return { status: RegistrationStatus.None, userId: null, amountToPay: (await registeringSeason())?.feeSom ?? 0 };
  return { status: row.status as RegistrationStatus, userId: row.userId, amountToPay: row.amountSom };
}

/** Registers or pays only within the season's period: before it "not yet", after it "over". */
export function assertRegistrationOpen(window: RegistrationWindow | null): asserts window is RegistrationWindow {
  if (window?.phase === "before") throw businessError(ErrorCode.RegistrationNotOpen);
  if (window?.phase !== "open") throw businessError(ErrorCode.RegistrationClosed);
}

/** The details as the form shows them again (the guid link is the parent's secret). */
export async function getRegistrationDetails({ guid }: { guid: string }): Promise<RegistrationDetails | null> {
  const [row] = await db
    .select({ user: users, accommodation: registrations.accommodationRequest })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.guid, guid));
  if (!row) return null;
  const u = row.user;
  return {
    regionId: u.regionId ?? 0,
    districtId: u.districtId ?? 0,
    organizationId: u.organizationId ?? 0,
    grade: u.grade ?? 0,
    subjectId: u.subjectId ?? 0,
    language: u.language,
    firstName: u.firstName,
    lastName: u.lastName,
    middleName: u.middleName ?? undefined,
    birthDate: u.birthDate ?? undefined,
    phoneNumber: u.phoneNumber ?? undefined,
    accommodation: row.accommodation ?? undefined,
  };
}

function userColumns(details: PupilDetails) {
  return {
    regionId: details.regionId,
    districtId: details.districtId,
    organizationId: details.organizationId || null,
    grade: details.grade,
    subjectId: details.subjectId,
    // Absent: Uzbek for a new pupil, unchanged on a re-submission (a client that never sends it).
    language: details.language,
    firstName: details.firstName,
    lastName: details.lastName,
    middleName: details.middleName ?? null,
    birthDate: details.birthDate ?? null,
    phoneNumber: details.phoneNumber ?? null,
  };
}

/**
 * Creates the pupil and the registration, or updates the details while unpaid.
 * Concurrent submissions of one guid serialise on the registration row: one pupil, last write wins.
 * `clientAddress`: where a parent's submission came from, which a new registration counts
 * against; null for a registration the server makes itself (test support).
 */
export async function register(
  input: RegisterInput,
  { clientAddress, at = now() }: { clientAddress: string | null; at?: Date },
): Promise<RegisterStatus> {
  const { guid, accommodation, ...details } = input;
  const accommodationRequest = accommodation ?? null;
  return db.transaction(async (tx) => {
    const before = await seasonOfRegistration(guid, tx, at);
    const [paid] = before ? await tx.select({ status: registrations.status }).from(registrations).where(eq(registrations.guid, guid)) : [];
    if (paid?.status === RegistrationStatus.Paid) throw businessError(ErrorCode.RegistrationAlreadyPaid);
    // A new link registers for the season taking registrations, an unpaid one in its own, within the period.
    const season = before ?? (await registeringSeason(tx, at));
    assertRegistrationOpen(season);
    await assertDetailsConsistent(tx, details, season.seasonId);
    // The offer the parent has just accepted (the form's agreement): its version and fee.
    const accepted = { seasonId: season.seasonId, offerVersion: season.offerVersion, amountSom: season.feeSom };
    const created = await tx
      .insert(registrations)
      .values({ guid, status: RegistrationStatus.Registered, ...accepted })
      .onConflictDoNothing()
      .returning({ guid: registrations.guid });
    // A new registration counts against its address (429 past it, and the row is not kept).
    if (created.length > 0 && clientAddress !== null) await registrationsCreated.consume(clientAddress);
    const [registration] = await tx.select().from(registrations).where(eq(registrations.guid, guid)).for("update");
    if (registration.status === RegistrationStatus.Paid) throw businessError(ErrorCode.RegistrationAlreadyPaid);

    // Where the pupil is registered is kept on the registration too: the ranking reads it there.
    const { regionId, districtId, organizationId } = userColumns(details);
    const place = { regionId, districtId, organizationId };
    let userId = registration.userId;
    if (userId === null) {
      // The parent's language is the pupil's until the pupil signs in with one (users.locale).
      const [user] = await tx
        .insert(users)
        .values({ ...userColumns(details), language: details.language ?? 0, locale: callLocaleNow() })
        .returning({ id: users.id });
      userId = user.id;
      await tx
        .update(registrations)
        .set({ userId, ...place, accommodationRequest })
        .where(eq(registrations.guid, guid));
    } else {
      // Words the organiser has not read are not approved: a changed or withdrawn request waits
      // again (or is gone), and the minutes approved for the old words go with their approval.
      const approvalUndone = registration.accommodationApprovedAt !== null && accommodationRequest !== registration.accommodationRequest;
      await tx
        .update(users)
        .set({ ...userColumns(details), ...(approvalUndone ? { extraMinutes: 0 } : {}), updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await tx
        .update(registrations)
        .set({
          ...place,
          // A new version of the offer, accepted by this submission, brings its fee; otherwise the
          // fee stays what it was (a payment the provider created for it still matches).
          ...(registration.offerVersion === accepted.offerVersion && registration.seasonId === accepted.seasonId ? {} : accepted),
          accommodationRequest,
          ...(accommodationRequest === registration.accommodationRequest ? {} : { accommodationApprovedAt: null }),
          updatedAt: sql`now()`,
        })
        .where(eq(registrations.guid, guid));
    }
    const [kept] = await tx.select({ amountSom: registrations.amountSom }).from(registrations).where(eq(registrations.guid, guid));
    return { status: RegistrationStatus.Registered, userId, amountToPay: kept.amountSom };
  });
}
