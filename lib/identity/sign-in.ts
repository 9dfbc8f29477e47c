// Sign-in rules (DESIGN §4): wrong password 2102; five in a row lock for five minutes 2101;
// an organiser-blocked account 2103; a success resets the count.
import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { ErrorCode, businessError } from "@/lib/http/errors";
import { dummyHash, verifyPassword } from "./password";

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_SECONDS = 5 * 60;

export type SignedInUser = { id: number; role: number; sessionVersion: number };

/** Usernames are stored in lower case; phones capitalise the first letter on their own. */
export const normaliseUsername = (username: string) => username.trim().toLowerCase();

export async function signIn({
  username,
  password,
  now = new Date(),
}: {
  username: string;
  password: string;
  now?: Date;
}): Promise<SignedInUser> {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      lockoutEndsAt: users.lockoutEndsAt,
      blockedAt: users.blockedAt,
      failedSignInCount: users.failedSignInCount,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.username, normaliseUsername(username)));

  if (!user?.passwordHash) {
    await verifyPassword(await dummyHash(), password);
    throw businessError(ErrorCode.SignInFailed);
  }
  if (user.lockoutEndsAt && user.lockoutEndsAt > now) throw businessError(ErrorCode.SignInLockedOut);

  if (!(await verifyPassword(user.passwordHash, password))) {
    // One statement, so concurrent wrong guesses are all counted.
    const lockUntil = new Date(now.getTime() + LOCKOUT_SECONDS * 1000);
    const reachesLimit = sql`${users.failedSignInCount} + 1 >= ${MAX_FAILED_SIGN_INS}`;
    const [counted] = await db
      .update(users)
      .set({
        failedSignInCount: sql`case when ${reachesLimit} then 0 else ${users.failedSignInCount} + 1 end`,
        lockoutEndsAt: sql`case when ${reachesLimit} then ${lockUntil.toISOString()}::timestamptz else ${users.lockoutEndsAt} end`,
      })
      .where(eq(users.id, user.id))
      .returning({ lockoutEndsAt: users.lockoutEndsAt });
    if (counted.lockoutEndsAt && counted.lockoutEndsAt > now) throw businessError(ErrorCode.SignInLockedOut);
    throw businessError(ErrorCode.SignInFailed);
  }

  if (user.blockedAt) throw businessError(ErrorCode.SignInBlocked);
  if (user.failedSignInCount > 0 || user.lockoutEndsAt) {
    await db.update(users).set({ failedSignInCount: 0, lockoutEndsAt: null }).where(eq(users.id, user.id));
  }
  return { id: user.id, role: user.role, sessionVersion: user.sessionVersion };
}
