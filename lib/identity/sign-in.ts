// Sign-in rules (DESIGN §4): wrong password 2102; five tries in a row lock the username for five
// minutes 2101; an organiser-blocked account 2103; a success resets the count. An unknown username
// is answered exactly as a wrong password, after the same work.
import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { signInFailures, users } from "@/db/schema";
import { businessError, ErrorCode } from "@/lib/http/errors";
import { dummyHash, verifyPassword } from "./password";

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_SECONDS = 5 * 60;

export type SignedInUser = { id: number; role: number; sessionVersion: number };

/** Usernames are stored in lower case; phones capitalise the first letter on their own. */
export const normaliseUsername = (username: string) => username.trim().toLowerCase();

/**
 * Claims one try for the username before any password is hashed: one statement, so however many
 * tries arrive at once, exactly five are let through before the lock. The fifth claim sets the
 * lock itself (a success lifts it again), so a try that never finishes cannot leave the count
 * stuck. Null: the username is locked out.
 */
async function claimTry(username: string, now: Date): Promise<{ locksOut: boolean } | null> {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const lockUntil = sql`${new Date(now.getTime() + LOCKOUT_SECONDS * 1000).toISOString()}::timestamptz`;
  const expired = sql`${signInFailures.lockoutEndsAt} <= ${nowAt}`;
  const count = sql`case when ${expired} then 1 else ${signInFailures.failedCount} + 1 end`;
  const [claimed] = await db
    .insert(signInFailures)
    .values({ username, failedCount: 1, lastTryAt: now })
    .onConflictDoUpdate({
      target: signInFailures.username,
      set: {
        lastTryAt: nowAt,
        failedCount: count,
        lockoutEndsAt: sql`case when ${count} >= ${MAX_FAILED_SIGN_INS} then ${lockUntil} else null end`,
      },
      setWhere: sql`${signInFailures.lockoutEndsAt} is null or ${expired}`,
    })
    .returning({ lockoutEndsAt: signInFailures.lockoutEndsAt });
  return claimed ? { locksOut: claimed.lockoutEndsAt !== null } : null;
}

/** How long a count of wrong tries is remembered with no new try (the sweep forgets it then). */
export const FORGET_TRIES_AFTER_MS = 24 * 60 * 60 * 1000;

/** Forgets tries nobody repeated for a day, unless a lockout still runs: unknown names pile up otherwise. */
export async function forgetOldSignInFailures({ now = new Date() } = {}): Promise<number> {
  const forgotten = await db
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.lastTryAt, new Date(now.getTime() - FORGET_TRIES_AFTER_MS)),
        or(isNull(signInFailures.lockoutEndsAt), lt(signInFailures.lockoutEndsAt, now)),
      ),
    )
    .returning({ username: signInFailures.username });
  return forgotten.length;
}

export async function signIn({
  username,
  password,
  now = new Date(),
  verify = verifyPassword,
}: {
  username: string;
  password: string;
  now?: Date;
  /** The password check (a test counts how many tries reach it). */
  verify?: (hash: string, password: string) => Promise<boolean>;
}): Promise<SignedInUser> {
  const name = normaliseUsername(username);
  const claim = await claimTry(name, now);
  if (!claim) throw businessError(ErrorCode.SignInLockedOut);

  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      blockedAt: users.blockedAt,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.username, name));
  // An unknown username costs the same hash as a known one, so timing does not tell them apart.
  const matches = await verify(user?.passwordHash ?? (await dummyHash()), password);
  if (!user?.passwordHash || !matches) {
    throw businessError(claim.locksOut ? ErrorCode.SignInLockedOut : ErrorCode.SignInFailed);
  }

  await db.delete(signInFailures).where(eq(signInFailures.username, name));
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  if (user.blockedAt) throw businessError(ErrorCode.SignInBlocked);
  return { id: user.id, role: user.role, sessionVersion: user.sessionVersion };
}
