// More organisers: the first comes from the environment; the console adds others and
// resets their passwords. A password is generated and shown once, to the organiser who asked.
import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { businessError, notFound } from "@/lib/http/errors";
import { hashPassword } from "@/lib/identity/password";
import { forbidden } from "@/lib/identity/session";
import { generatePassword } from "@/lib/payments/credentials";
import { ErrorCode } from "@/shared/http/contract";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";
import type { OrganiserInput } from "@/shared/organisers/schema";

export type OrganiserRow = { userId: number; username: string; fullName: string; createdAt: string; lastSignInAt: string | null };

export async function listOrganisers(): Promise<OrganiserRow[]> {
  const rows = await db.select().from(users).where(eq(users.role, UserRole.Admin)).orderBy(asc(users.id));
  return rows.map((u) => ({
    userId: u.id,
    username: u.username ?? "",
    fullName: fullName(u),
    createdAt: u.createdAt.toISOString(),
    lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  }));
}

/**
 * The head organiser (ADMIN_USERNAME, the first, from the environment) alone adds organisers and
 * resets their passwords: the others cannot take each other's accounts. Every such act is audited.
 */
async function assertHead(organiserId: number): Promise<void> {
  const [organiser] = await db.select({ username: users.username }).from(users).where(eq(users.id, organiserId));
  if (organiser?.username !== config().adminUsername) throw forbidden();
}

/** A new organiser with a generated password, returned once. A username already taken: 4008. */
export async function createOrganiser({ organiserId, input }: { organiserId: number; input: OrganiserInput }) {
  await assertHead(organiserId);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ role: UserRole.Admin, username: input.username, firstName: input.firstName, lastName: input.lastName, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) throw businessError(ErrorCode.UsernameTaken);
    await recordAction(tx, {
      organiserId,
      action: AuditAction.OrganiserCreate,
      targetType: "organiser",
      targetId: row.id,
      reason: input.reason,
      details: { username: input.username },
    });
    return row;
  });
  return { userId: created.id, username: input.username, password };
}

/** A new password for an organiser, returned once (to the head organiser only); their sessions end. */
export async function resetOrganiserPassword({ organiserId, userId, reason }: { organiserId: number; userId: number; reason: string }) {
  await assertHead(organiserId);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(sql`${users.id} = ${userId} and ${users.role} = ${UserRole.Admin}`)
      .returning({ id: users.id });
    if (!row) throw notFound();
    await recordAction(tx, { organiserId, action: AuditAction.OrganiserPassword, targetType: "organiser", targetId: userId, reason });
  });
  return { userId, password };
}
