// Who is asking: the session cookie checked against the database on every request, so a blocked
// pupil or a reset password ends the session at once.
import "server-only";
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import { endedSessions, users } from "@/db/schema";
import { db, prepared } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { callMessages } from "@/lib/i18n/server";
import { publishChange } from "@/lib/live/changes";
import { noteRequest } from "@/lib/log.mjs";
import { isBlocked, unblockedPupil } from "./blocked";
import { decodeSession, SESSION_MAX_AGE_SECONDS, type SessionClaims } from "./session-token";

export type SessionUser = { id: number; role: number };

export const unauthorized = () => new AppError(401, null, callMessages().http.unauthorized);
export const forbidden = () => new AppError(403, null, callMessages().http.forbidden);

/** This device's session was signed out ("Chiqish"), in SQL: the hot paths' statements use it. */
export const sessionEndedSql = (sessionId: SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>) =>
  sql`exists (select 1 from ${endedSessions} where ${endedSessions.sessionId} = ${sessionId})`;

/**
 * The session rule in SQL, for a statement that reads the user row anyway (saveAnswer, Get): not
 * blocked, not signed out everywhere (the version), nor on this device. Its twin is userOfClaims.
 */
export const sessionHoldsSql = () =>
  sql`(${unblockedPupil()} and ${users.sessionVersion} = ${sql.placeholder("sessionVersion")}::int
       and not ${sessionEndedSql(sql.placeholder("sessionId"))})`;

/** The database's word on a token's claims: the user exists, is not blocked, was not signed out. */
export async function userOfClaims(claims: SessionClaims): Promise<SessionUser | null> {
  const [user] = await prepared("session_user", (db, name) =>
    db
      .select({
        id: users.id,
        role: users.role,
        blockedAt: users.blockedAt,
        sessionVersion: users.sessionVersion,
        ended: sessionEndedSql(sql.placeholder("sessionId")).mapWith(Boolean),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare(name),
  ).execute({ userId: claims.userId, sessionId: claims.sessionId });
  if (!user || isBlocked(user) || user.sessionVersion !== claims.sessionVersion || user.ended) return null;
  noteRequest({ userId: user.id }); // the request's log line says whose it was
  return { id: user.id, role: user.role };
}

/** The database's word on a token (see userOfClaims); null for none, an invalid one, or a stale one. */
export async function userOfToken(token: string | undefined): Promise<SessionUser | null> {
  const claims = await decodeSession(token);
  return claims ? userOfClaims(claims) : null;
}

/**
 * For the one hot path (saving an answer): a valid token of one of these roles, without the
 * database check, which the caller's own statement must make (see saveAnswer).
 */
export async function requireClaims(token: string | undefined, roles: readonly number[]): Promise<SessionClaims> {
  const claims = await decodeSession(token);
  if (!claims) throw unauthorized();
  if (!roles.includes(claims.role)) throw forbidden();
  noteRequest({ userId: claims.userId });
  return claims;
}

/** For route handlers: the signed-in user, or 401; with roles, 403 for anyone else. */
export async function requireUser(token: string | undefined, roles?: readonly number[]): Promise<SessionUser> {
  const user = await userOfToken(token);
  if (!user) throw unauthorized();
  if (roles && !roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * "Chiqish": this device's session ends on the server, not only in the browser, so a replayed
 * cookie (a school computer shared by pupils) gets 401. The user's other devices stay signed in:
 * a parent signing out on a phone must not end the test running on the school's computer. A token
 * from before session ids (none) ends every session, as "Chiqish" did then.
 */
export async function endSession(token: string | undefined, now = new Date()): Promise<void> {
  const claims = await decodeSession(token);
  if (!claims) return;
  if (claims.sessionId) {
    const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
    await db.insert(endedSessions).values({ sessionId: claims.sessionId, expiresAt }).onConflictDoNothing();
  } else {
    await db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, claims.userId), eq(users.sessionVersion, claims.sessionVersion)));
  }
  // This device's open attempt page (its live stream) hears of it and lets its place go.
  const only = claims.sessionId ? { sessionId: claims.sessionId } : {};
  await publishChange([claims.userId], { kind: "signedOut", reason: "signedOut" }, only);
}

/** Forgets signed-out sessions whose tokens have expired anyway (the periodic sweep). */
export async function forgetEndedSessions({ now = new Date() } = {}): Promise<number> {
  const forgotten = await db.delete(endedSessions).where(lt(endedSessions.expiresAt, now)).returning({ id: endedSessions.sessionId });
  return forgotten.length;
}
