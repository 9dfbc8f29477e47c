// Seeded accounts: the first organiser (ADMIN_USERNAME / ADMIN_PASSWORD) and, for the demo, logins.
import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Database } from "@/lib/db/client";
import { hashPassword } from "@/lib/identity/password";
import { encryptPassword } from "@/lib/payments/credentials";
import { UserRole } from "@/shared/identity/roles";

/** Creates the organiser once; an existing account keeps the password it has now. */
export async function ensureOrganiser(db: Database, { username, password }: { username: string; password: string }) {
  const login = username.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, login));
  if (existing) return;
  await db
    .insert(users)
    .values({
      role: UserRole.Admin,
      firstName: "Tashkilotchi",
      lastName: "Olimpiada",
      username: login,
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
}

/** Sets a login on a seeded user that has none yet, kept as a paid pupil's is (hash + encrypted). */
export async function ensureLogin(db: Database, { userId, username, password }: { userId: number; username: string; password: string }) {
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user || user.username) return;
  await db
    .update(users)
    .set({ username, passwordHash: await hashPassword(password), passwordEncrypted: encryptPassword(password) })
    .where(eq(users.id, userId));
}
