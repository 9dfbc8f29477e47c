// Sign-in rules: wrong password 2102; five tries in a row lock 2101 (see
// LOCKOUT_SECONDS and triesKey for how long and for whom); an organiser-blocked account 2103; a
// success resets the count. An unknown username is answered exactly as a wrong password, after the
// same work.
import "server-only";
import { and, eq, isNull, like, lt, or, sql } from "drizzle-orm";
import { signInFailures, users } from "@/db/schema";
import { db, type Transaction } from "@/lib/db/client";
import { AppError, businessError } from "@/lib/http/errors";
import { createLimiter } from "@/lib/http/rate-limit";
import { callLocaleNow } from "@/lib/i18n/server";
import { ErrorCode } from "@/shared/http/contract";
import { isBlocked } from "./blocked";
import { dummyHash, verifyPassword } from "./password";

export const MAX_FAILED_SIGN_INS = 5;
/**
 * A lock lasts until this long after the last try: it slows guessing to five tries per ten seconds
 * (against 10 random characters, hopeless), and the owner is kept out only while the attack goes
 * on, never minutes after it (issue 21: anyone could keep a pupil out with five requests every
 * five minutes). A device the account signed in on before is never locked by others' tries.
 */
export const LOCKOUT_SECONDS = 10;

export type SignedInUser = { id: number; role: number; sessionVersion: number };

/** Usernames are stored in lower case; phones capitalise the first letter on their own. */
export const normaliseUsername = (username: string) => username.trim().toLowerCase();

/**
 * Whose tries a sign-in counts against. A device the account signed in on before (its device
 * cookie) has its own count, so a continuing attack from elsewhere cannot keep the owner out. Any
 * other device is counted per username and client address: one script (or one bored classmate)
 * locks the username at its own address only, not for a pupil signing in on a new phone elsewhere.
 */
export const triesKey = (username: string, { device, address }: { device?: string; address: string }) =>
  device ? `device:${username}:${device}` : `address:${username}:${address}`;

/**
 * The ceiling on a username's tries from devices it never signed in on, over every address
 * together. One address cannot reach it alone (its own count allows five tries per ten seconds).
 */
export const USERNAME_TRIES_PER_MINUTE = 60;
const usernameTries = createLimiter("sign-in-tries", { points: USERNAME_TRIES_PER_MINUTE, durationSeconds: 60 });
/**
 * Once the ceiling is spent, each address still has this many tries a minute at the username: an
 * attack from many addresses cannot keep the owner out of a new device (the owner's first try from
 * their own address is checked), and guessing stays hopeless: at most 60 + one per attacking
 * address a minute (1 060 from 1 000 addresses) against 49¹⁰ ≈ 8·10¹⁶ passwords.
 */
export const TRIES_PER_ADDRESS_WHILE_SPENT = 1;
const triesWhileSpent = createLimiter("sign-in-tries-spent", { points: TRIES_PER_ADDRESS_WHILE_SPENT, durationSeconds: 60 });

const isTooMany = (error: unknown) => error instanceof AppError && error.status === 429;

/** Counts a try from a device the username never signed in on: against the ceiling, else the address's minute. */
async function claimNewDeviceTry(name: string, address: string): Promise<void> {
  try {
    await usernameTries.consume(name);
  } catch (error) {
    if (!isTooMany(error)) throw error;
    await triesWhileSpent.consume(`${name}:${address}`).catch((spent: unknown) => {
      throw isTooMany(spent) ? businessError(ErrorCode.SignInLockedOut) : spent;
    });
  }
}

/**
 * Claims one try for the key before any password is hashed: one statement, so however many tries
 * arrive at once, exactly five are let through before the lock. Every try while locked pushes the
 * lock's end LOCKOUT_SECONDS on (it ends that long after the attack stops); a lock that has ended
 * starts the count again. Null: locked out.
 */
async function claimTry(key: string, now: Date): Promise<{ locksOut: boolean } | null> {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const lockUntil = sql`${new Date(now.getTime() + LOCKOUT_SECONDS * 1000).toISOString()}::timestamptz`;
  const expired = sql`${signInFailures.lockoutEndsAt} <= ${nowAt}`;
  const count = sql`case when ${expired} then 1 else least(${signInFailures.failedCount} + 1, ${MAX_FAILED_SIGN_INS + 1}) end`;
  const [claimed] = await db
    .insert(signInFailures)
    .values({ username: key, failedCount: 1, lastTryAt: now })
    .onConflictDoUpdate({
      target: signInFailures.username,
      set: {
        lastTryAt: nowAt,
        failedCount: count,
        lockoutEndsAt: sql`case when ${count} >= ${MAX_FAILED_SIGN_INS} then ${lockUntil} else null end`,
      },
    })
    .returning({ failedCount: signInFailures.failedCount });
  if (claimed.failedCount > MAX_FAILED_SIGN_INS) return null;
  return { locksOut: claimed.failedCount === MAX_FAILED_SIGN_INS };
}

/** The organiser's unlock: every count of the username, its devices' included. */
export async function unlockSignIn(username: string, tx: Transaction | typeof db = db): Promise<void> {
  const name = normaliseUsername(username);
  const escaped = name.replace(/[\\%_]/g, "\\$&");
  await tx
    .delete(signInFailures)
    .where(or(like(signInFailures.username, `device:${escaped}:%`), like(signInFailures.username, `address:${escaped}:%`)));
  await usernameTries.reset(name);
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
  device,
  address,
  now = new Date(),
  verify = verifyPassword,
}: {
  username: string;
  password: string;
  /** A device this username signed in on before (its verified device cookie): counted on its own. */
  device?: string;
  /** The client's address (lib/http/rate-limit clientAddress): an unknown device is counted with it. */
  address: string;
  now?: Date;
  /** The password check (a test counts how many tries reach it). */
  verify?: (hash: string, password: string) => Promise<boolean>;
}): Promise<SignedInUser> {
  const name = normaliseUsername(username);
  const key = triesKey(name, { device, address });
  const claim = await claimTry(key, now);
  if (!claim) throw businessError(ErrorCode.SignInLockedOut);
  if (!device) await claimNewDeviceTry(name, address);

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

  await db.delete(signInFailures).where(eq(signInFailures.username, key));
  // The language signed in with is the pupil's certificate's (users.locale).
  await db.update(users).set({ lastSignInAt: now, locale: callLocaleNow() }).where(eq(users.id, user.id));
  if (isBlocked(user)) throw businessError(ErrorCode.SignInBlocked);
  return { id: user.id, role: user.role, sessionVersion: user.sessionVersion };
}
