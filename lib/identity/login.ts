// Identity/Login as one step: sign in (counted per username and address, or per known device), issue the
// session cookie and the device cookie; the client address is only a much higher outer bound.
import "server-only";
import { randomBytes } from "node:crypto";
import { type NextRequest, NextResponse } from "next/server";
import { createLimiter } from "@/lib/http/rate-limit";
import type { LoginInput } from "@/lib/validation/identity";
import { deviceCookie, deviceCookieValue, trustedDevice } from "./device";
import { endSession } from "./session";
import { encodeSession, sessionCookie, sessionMarkCookie } from "./session-token";
import { normaliseUsername, type SignedInUser, signIn } from "./sign-in";
import { getCurrentUser } from "./users";

/**
 * Failed sign-ins per client address: only an outer bound on a script. A whole school or a mobile
 * carrier's shared address signs in at the opening minute, and typos happen; what stops guessing
 * a pupil's password is the count per username (sign-in.ts).
 */
export const loginFailures = createLimiter("login-failures", { points: 1_000, durationSeconds: 60 });

export async function login({
  input,
  clientAddress,
  request,
}: {
  input: LoginInput;
  clientAddress: string;
  request: NextRequest;
}): Promise<Response> {
  await loginFailures.check(clientAddress);
  const device = deviceCookie();
  const username = normaliseUsername(input.username);
  let user: SignedInUser;
  try {
    user = await signIn({ ...input, address: clientAddress, device: trustedDevice(request.cookies.get(device.name)?.value, username) });
  } catch (error) {
    await loginFailures.consume(clientAddress).catch(() => {}); // the 429 comes on the next try
    throw error;
  }
  const response = NextResponse.json(await getCurrentUser({ userId: user.id }), {
    headers: { "Cache-Control": "no-store" },
  });
  const cookie = sessionCookie();
  response.cookies.set(
    cookie.name,
    await encodeSession({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }),
    cookie.options,
  );
  response.cookies.set(device.name, deviceCookieValue(username), device.options);
  const mark = sessionMarkCookie();
  response.cookies.set(mark.name, randomBytes(16).toString("base64url"), mark.options);
  return response;
}

/** Ends this device's session on the server (see endSession) and clears the cookie. */
export async function logout(request: NextRequest): Promise<Response> {
  const cookie = sessionCookie();
  await endSession(request.cookies.get(cookie.name)?.value);
  const response = NextResponse.json({}, { headers: { "Cache-Control": "no-store" } });
  response.cookies.set(cookie.name, "", { ...cookie.options, maxAge: 0 });
  const mark = sessionMarkCookie();
  response.cookies.set(mark.name, "", { ...mark.options, maxAge: 0 });
  return response;
}
