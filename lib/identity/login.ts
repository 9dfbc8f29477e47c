// Identity/Login as one step: sign in (counted per username and address, or per known device), record
// where from (access_events), issue the session cookie and the device cookie; the client address is
// only a much higher outer bound (loginFailures), which a known device is never held to.
import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Cookies } from "@/lib/http/cookies";
import { AppError } from "@/lib/http/errors";
import { createLimiter } from "@/lib/http/rate-limit";
import { noteRequest } from "@/lib/log.mjs";
import { metrics } from "@/lib/metrics.mjs";
import type { LoginInput } from "@/shared/identity/schema";
import { accessOf, recordAccess } from "./access";
import { deviceCookie, deviceCookieValue, newDeviceId, trustedDevice } from "./device";
import { endSession } from "./session";
import { encodeSession, sessionCookie, sessionMarkCookie } from "./session-token";
import { normaliseUsername, type SignedInUser, signIn } from "./sign-in";
import { getCurrentUser } from "./users";

/**
 * Failed sign-ins per client address: only an outer bound on a script. A whole school or a mobile
 * carrier's shared address signs in at the opening minute, and typos happen; what stops guessing
 * a pupil's password is the count per username (sign-in.ts). Past it, the rest of its minute (the
 * window opens at the first failure counted) every sign-in from the address answers 429, except
 * from a device that signed in to that account before (its device cookie): that one is neither
 * stopped nor counted here, since its own tries have their own count, so one pupil's flood of
 * made-up names never keeps a classmate's own phone out.
 */
export const loginFailures = createLimiter("login-failures", { points: 1_000, durationSeconds: 60 });

export async function login({
  input,
  clientAddress,
  cookies,
  now = new Date(),
}: {
  input: LoginInput;
  clientAddress: string;
  cookies: Cookies;
  now?: Date;
}) {
  const device = deviceCookie();
  const username = normaliseUsername(input.username);
  const known = trustedDevice(cookies.get(device.name), username);
  if (!known) await loginFailures.check(clientAddress);
  let user: SignedInUser;
  try {
    user = await signIn({ ...input, address: clientAddress, device: known, now });
  } catch (error) {
    metrics().signIns.inc({ outcome: "refused" });
    // A refusal (a wrong password, a lock, a blocked account) counts once, not an outage; its 429 comes on the next try.
    if (!known && error instanceof AppError && error.status < 500) await loginFailures.consume(clientAddress).catch(() => {});
    throw error;
  }
  metrics().signIns.inc({ outcome: "signed_in" });
  noteRequest({ userId: user.id });
  // The browser keeps its device id whichever account signs in on it (a valid cookie of another
  // username gives its id to this one's), so accounts used on one browser share it.
  const from = accessOf({ clientAddress, cookies });
  const deviceId = from.deviceId ?? newDeviceId();
  await recordAccess(db, { userId: user.id, kind: "sign-in", from: { ...from, deviceId }, at: now });
  const cookie = sessionCookie();
  cookies.set(cookie.name, await encodeSession({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }), cookie.options);
  cookies.set(device.name, deviceCookieValue(username, deviceId), device.options);
  const mark = sessionMarkCookie();
  cookies.set(mark.name, randomBytes(16).toString("base64url"), mark.options);
  return getCurrentUser({ userId: user.id });
}

/** Ends this device's session on the server (see endSession) and clears the cookie. */
export async function logout(cookies: Cookies): Promise<Record<string, never>> {
  const cookie = sessionCookie();
  await endSession(cookies.get(cookie.name));
  cookies.set(cookie.name, "", { ...cookie.options, maxAge: 0 });
  const mark = sessionMarkCookie();
  cookies.set(mark.name, "", { ...mark.options, maxAge: 0 });
  return {};
}
