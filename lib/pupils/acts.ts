// The organiser's acts on a pupil (block, a new password, a name, unlock, extra minutes), each with
// a reason and recorded in the audit log in the same transaction as the change. Acts on an attempt
// are in lib/attempts/interventions.ts.
import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { attempts, registrations, users } from "@/db/schema";
import { extendableAttempt, extendedDeadlineSql } from "@/lib/attempts/counting";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, type Transaction } from "@/lib/db/client";
import { invalidInput, notFound } from "@/lib/http/errors";
import { isBlocked } from "@/lib/identity/blocked";
import { hashPassword } from "@/lib/identity/password";
import { unlockSignIn } from "@/lib/identity/sign-in";
import { publishChange } from "@/lib/live/changes";
import { logEvent } from "@/lib/log.mjs";
import { generatePassword } from "@/lib/payments/credentials";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";

type Action = { organiserId: number; userId: number; reason: string };

async function lockPupil(tx: Transaction, userId: number) {
  const [pupil] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, UserRole.Default)))
    .for("update");
  if (!pupil) throw notFound();
  return pupil;
}

/**
 * Block (no sign-in, 2103, and every open session ends at its next request, for good: unblocking
 * revives none of them, a thief's included) or unblock.
 */
export async function setPupilBlocked({ organiserId, userId, reason, blocked }: Action & { blocked: boolean }) {
  const changed = await db.transaction(async (tx) => {
    const pupil = await lockPupil(tx, userId);
    if (isBlocked(pupil) === blocked) return false; // already so: nothing changes, nothing recorded
    await tx
      .update(users)
      .set(blocked ? { blockedAt: sql`now()`, sessionVersion: sql`${users.sessionVersion} + 1` } : { blockedAt: null })
      .where(eq(users.id, userId));
    await recordAction(tx, {
      organiserId,
      action: blocked ? AuditAction.PupilBlock : AuditAction.PupilUnblock,
      targetType: "pupil",
      targetId: userId,
      reason,
    });
    return true;
  });
  if (changed && blocked) await publishChange([userId], { kind: "signedOut", reason: "blocked" });
  return { userId, blocked };
}

/**
 * A new password, shown to the organiser once: the old one stops working and every session ends;
 * the encrypted copy is erased, so the paid page and the chat-bot say it was reset.
 */
export async function resetPupilPassword({ organiserId, userId, reason }: Action): Promise<{ password: string }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const pupil = await lockPupil(tx, userId);
    if (!pupil.username) throw notFound(); // no login yet: nothing to reset before payment
    await tx
      .update(users)
      .set({ passwordHash, passwordEncrypted: null, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId));
    await recordAction(tx, { organiserId, action: AuditAction.PupilPassword, targetType: "pupil", targetId: userId, reason });
  });
  await publishChange([userId], { kind: "signedOut", reason: "password" });
  return { password };
}

/**
 * Corrects the pupil's name, the certificate's: after the start the pupil cannot (4012), so a
 * mistake is the organiser's to fix, audited with the name before and after.
 */
export async function renamePupil({
  organiserId,
  userId,
  reason,
  names,
}: Action & { names: { firstName: string; lastName: string; middleName?: string } }): Promise<{ userId: number; fullName: string }> {
  const middleName = names.middleName ?? null;
  await db.transaction(async (tx) => {
    const pupil = await lockPupil(tx, userId);
    await tx
      .update(users)
      .set({ firstName: names.firstName, lastName: names.lastName, middleName, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await recordAction(tx, {
      organiserId,
      action: AuditAction.PupilName,
      targetType: "pupil",
      targetId: userId,
      reason,
      details: { before: fullName(pupil), after: fullName({ ...names, middleName }) },
    });
  });
  return { userId, fullName: fullName({ ...names, middleName }) };
}

/** Lifts a sign-in lock (wrong passwords) on the pupil's username and on each of its devices. */
export async function unlockPupil({ organiserId, userId, reason }: Action): Promise<{ userId: number }> {
  await db.transaction(async (tx) => {
    const pupil = await lockPupil(tx, userId);
    if (!pupil.username) throw notFound();
    await unlockSignIn(pupil.username, tx);
    await recordAction(tx, { organiserId, action: AuditAction.PupilUnlock, targetType: "pupil", targetId: userId, reason });
  });
  return { userId };
}

/**
 * The pupil's extra minutes. A running attempt's deadline moves by the change at once (past the
 * window's close if need be), and its open page is told.
 */
export async function setExtraMinutes({
  organiserId,
  userId,
  reason,
  minutes,
  accommodation = false,
  now = new Date(),
}: Action & { minutes: number; accommodation?: boolean; now?: Date }) {
  const saved = await db.transaction(async (tx) => {
    // Approving the registration's accommodation request: there must be one, and some minutes;
    // the approval is dated. The registration is locked before the pupil, as a parent's edit does.
    if (accommodation) {
      if (minutes === 0) throw invalidInput({ minutes: ["Range"] });
      const approved = await tx
        .update(registrations)
        .set({ accommodationApprovedAt: now })
        .where(and(eq(registrations.userId, userId), isNotNull(registrations.accommodationRequest)))
        .returning({ guid: registrations.guid });
      if (approved.length === 0) throw invalidInput({ accommodation: ["Invalid"] });
    }
    const pupil = await lockPupil(tx, userId);
    const change = minutes - pupil.extraMinutes;
    await tx.update(users).set({ extraMinutes: minutes }).where(eq(users.id, userId));
    const moved = await tx
      .update(attempts)
      .set({ deadlineAt: extendedDeadlineSql(change) })
      .where(and(eq(attempts.userId, userId), extendableAttempt(now)))
      .returning({ attemptId: attempts.id, deadlineAt: attempts.deadlineAt });
    await recordAction(tx, {
      organiserId,
      action: accommodation ? AuditAction.PupilAccommodation : AuditAction.PupilExtraMinutes,
      targetType: "pupil",
      targetId: userId,
      reason,
      details: { from: pupil.extraMinutes, to: minutes, runningAttempt: moved[0]?.attemptId ?? null },
    });
    return {
      change,
      movedAttemptId: moved[0]?.attemptId,
      answer: { userId, extraMinutes: minutes, deadlineAt: moved[0]?.deadlineAt.toISOString() ?? null },
    };
  });
  if (saved.movedAttemptId !== undefined && saved.change !== 0) {
    const attemptId = saved.movedAttemptId;
    // An accommodation's reason is often medical: the log says only that it was one.
    logEvent("attempt.extended", {
      attemptId,
      userId,
      minutes: saved.change,
      deadlineAt: saved.answer.deadlineAt,
      organiserId,
      ...(accommodation ? { accommodation: true } : { reason }),
    });
    await publishChange([userId], saved.change > 0 ? { kind: "extended", minutes: saved.change } : { kind: "deadline" });
  }
  return saved.answer;
}
