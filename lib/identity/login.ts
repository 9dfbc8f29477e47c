// Identity/Login as one step: throttle per client address, sign in, issue the session cookie.
import "server-only";
import { type NextRequest, NextResponse } from "next/server";
import { createLimiter } from "@/lib/http/rate-limit";
import type { LoginInput } from "@/lib/validation/identity";
import { endSessions } from "./session";
import { encodeSession, sessionCookie } from "./session-token";
import { type SignedInUser, signIn } from "./sign-in";
import { getCurrentUser } from "./users";

/**
 * Failed sign-ins per client address. Generous on purpose: a whole school, or a mobile carrier's
 * shared address, signs in at the opening minute, and typos happen; the per-account lockout
 * (5 in a row) is what stops guessing one pupil's password.
 */
export const loginFailures = createLimiter("login-failures", { points: 50, durationSeconds: 60 });

export async function login({ input, clientAddress }: { input: LoginInput; clientAddress: string }): Promise<Response> {
  await loginFailures.check(clientAddress);
  let user: SignedInUser;
  try {
    user = await signIn(input);
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
  return response;
}

/** Ends the session on the server (see endSessions) and clears the cookie. */
export async function logout(request: NextRequest): Promise<Response> {
  const cookie = sessionCookie();
  await endSessions(request.cookies.get(cookie.name)?.value);
  const response = NextResponse.json({}, { headers: { "Cache-Control": "no-store" } });
  response.cookies.set(cookie.name, "", { ...cookie.options, maxAge: 0 });
  return response;
}
