// Where each sign-in and each start came from (access_events): the browser's device id and the
// client's address, which an answer-copying screening reads (two accounts on one browser). Kept
// and removed with the pupil's personal data (lib/personal-data/personal-data.ts).
import "server-only";
import { accessEvents } from "@/db/schema";
import type { db, Transaction } from "@/lib/db/client";
import type { Cookies } from "@/lib/http/cookies";
import { deviceIdOf } from "./device";

/** Where a request came from, as access_events keeps it. */
export type Access = { deviceId: string | null; address: string | null };

/** A start made outside a request (a script, a test): from nowhere known. */
export const UNKNOWN_ACCESS: Access = { deviceId: null, address: null };

/**
 * The request's device id (none until its browser has a valid device cookie) and address. An
 * address client-address.mjs could not tell is kept as none, so that it never looks shared.
 */
export function accessOf({ clientAddress, cookies }: { clientAddress: string; cookies: Pick<Cookies, "get"> }): Access {
  return { deviceId: deviceIdOf(cookies) ?? null, address: clientAddress === "unknown" ? null : clientAddress };
}

/** Appends one access: a sign-in (no test) or a start of the test. */
export async function recordAccess(
  runner: typeof db | Transaction,
  { userId, testId = null, kind, from, at }: { userId: number; testId?: number | null; kind: "sign-in" | "start"; from: Access; at: Date },
): Promise<void> {
  await runner.insert(accessEvents).values({ userId, testId, kind, deviceId: from.deviceId, address: from.address, at });
}
