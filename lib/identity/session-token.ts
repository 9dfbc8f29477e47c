// The session: a next-auth v4 JWT in an httpOnly cookie. Edge-safe (middleware reads it too).
import "server-only";
import { LRUCache } from "lru-cache";
import { decode, encode } from "next-auth/jwt";
import { config } from "@/lib/config";
import { sessionCookieName } from "@/lib/http/session-cookie.mjs";

/** An olympiad day, not next-auth's default 30 days. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * `sessionId` names this sign-in on this device: "Chiqish" ends it alone (ended_sessions);
 * `sessionVersion` ending every session of the user is the organiser's act (block, new password).
 */
export type SessionClaims = { userId: number; role: number; sessionVersion: number; sessionId: string };

/** Secure and `__Host-`-prefixed whenever the site is served over HTTPS (production). */
export function sessionCookie() {
  const secure = config().publicUrl.startsWith("https://");
  return {
    name: sessionCookieName(secure),
    options: {
      httpOnly: true,
      sameSite: "lax" as const,
      secure,
      path: "/",
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  };
}

/** 128 random bits (Web Crypto: the middleware reads tokens on the edge runtime too). */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A mark of this sign-in that the attempt page's service worker can read (the session cookie is
 * httpOnly): a kept page is given back offline only while the mark it was kept under is still
 * there (public/sw.js). Same lifetime as the session; cleared at "Chiqish".
 */
export function sessionMarkCookie() {
  const { options } = sessionCookie();
  return { name: "olimpiada-session-mark", options: { ...options, httpOnly: false } };
}

/** A new token (new session id, jti, iat, exp) at every sign-in. */
export function encodeSession({ userId, role, sessionVersion }: Omit<SessionClaims, "sessionId">): Promise<string> {
  return encode({
    token: { sub: String(userId), role, sv: sessionVersion, sid: newSessionId() },
    secret: config().authSecret,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

// Decoding derives a key and decrypts, and every saved answer carries the cookie: a token that
// decoded is remembered until it expires. Its claims cannot change, and whether they still hold
// (blocked, signed out elsewhere) is asked of the database on each request, not here.
const decoded = new LRUCache<string, SessionClaims>({ max: 50_000 });

/** The claims of a valid, unexpired token; null for anything else. */
export async function decodeSession(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  const known = decoded.get(token);
  if (known) return known;
  try {
    const claims = await decode({ token, secret: config().authSecret });
    const userId = Number(claims?.sub);
    if (!claims || !Number.isInteger(userId) || typeof claims.role !== "number") return null;
    const session = {
      userId,
      role: claims.role,
      sessionVersion: Number(claims.sv ?? 0),
      sessionId: typeof claims.sid === "string" ? claims.sid : "",
    };
    const expiresInMs = Number(claims.exp) * 1000 - Date.now();
    if (expiresInMs > 0) decoded.set(token, session, { ttl: expiresInMs });
    return session;
  } catch {
    return null;
  }
}
