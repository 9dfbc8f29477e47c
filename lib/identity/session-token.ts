// The session: a next-auth v4 JWT in an httpOnly cookie. Edge-safe (middleware reads it too).
import { decode, encode } from "next-auth/jwt";
import { config } from "@/lib/config";

/** An olympiad day, not next-auth's default 30 days. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

export type SessionClaims = { userId: number; role: number; sessionVersion: number };

/** Secure and `__Host-`-prefixed whenever the site is served over HTTPS (production). */
export function sessionCookie() {
  const secure = config().publicUrl.startsWith("https://");
  return {
    name: secure ? "__Host-next-auth.session-token" : "next-auth.session-token",
    options: {
      httpOnly: true,
      sameSite: "lax" as const,
      secure,
      path: "/",
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  };
}

/** A new token (new jti, iat, exp) at every sign-in. */
export function encodeSession({ userId, role, sessionVersion }: SessionClaims): Promise<string> {
  return encode({
    token: { sub: String(userId), role, sv: sessionVersion },
    secret: config().authSecret,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function decodeSession(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const claims = await decode({ token, secret: config().authSecret });
    const userId = Number(claims?.sub);
    if (!claims || !Number.isInteger(userId) || typeof claims.role !== "number") return null;
    return { userId, role: claims.role, sessionVersion: Number(claims.sv ?? 0) };
  } catch {
    return null;
  }
}
