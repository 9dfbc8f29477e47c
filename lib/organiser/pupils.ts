// The organiser's pupils: search, a pupil's page, and the acts on a pupil (block, a
// new password, a name, unlock, extra minutes), each with a reason and recorded in the audit log
// in the same transaction as the change. Acts on an attempt are in attempt-actions.ts.
import "server-only";
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { attemptQuestions, attempts, districts, organizations, regions, registrations, subjects, users } from "@/db/schema";
import { anyAttempt, extendableAttempt, extendedDeadlineSql, isRunning, olympiadPupil } from "@/lib/attempts/counting";
import { remainingSeconds } from "@/lib/attempts/rules";
import { invalidInput, notFound } from "@/lib/http/errors";
import { fullName } from "@/lib/identity/names";
import { hashPassword } from "@/lib/identity/password";
import { UserRole } from "@/lib/identity/roles";
import { unlockSignIn } from "@/lib/identity/sign-in";
import { publishChange } from "@/lib/live/changes";
import { logEvent } from "@/lib/log.mjs";
import { generatePassword } from "@/lib/payments/credentials";
import type { RegistrationStatus } from "@/lib/registration/status";
import { likePattern } from "@/lib/validation/search";
import { AuditAction, recordAction } from "./audit";

export const PUPILS_PAGE_SIZE = 50;

/** running: may still answer; ended: over and scored; reset: kept for the record after a reset. */
export type AttemptState = "running" | "ended" | "reset";

export type AttemptSummary = {
  attemptId: number;
  state: AttemptState;
  answered: number;
  questions: number;
  remainingTime: number;
  startedAt: string;
  endedAt: string | null;
  deadlineAt: string;
};

export type PupilRow = {
  userId: number;
  username: string | null;
  fullName: string;
  regionId: number | null;
  districtId: number | null;
  districtName: string | null;
  organizationId: number;
  schoolName: string | null;
  grade: number | null;
  subjectId: number | null;
  subjectName: string | null;
  blocked: boolean;
  attempt: AttemptSummary | null;
};

const stateOf = (a: { endedAt: Date | null; resetAt: Date | null; deadlineAt: Date }, now: Date): AttemptState =>
  a.resetAt ? "reset" : isRunning(a, now) ? "running" : "ended";

/** Attempts of these pupils with how many questions they answered, newest first. */
async function attemptsOf(userIds: number[], now: Date): Promise<Map<number, AttemptSummary[]>> {
  const byUser = new Map<number, AttemptSummary[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      attempt: attempts,
      answered: sql<number>`count(${attemptQuestions.answerChoiceId})::int`,
      questions: sql<number>`count(${attemptQuestions.id})::int`,
    })
    .from(attempts)
    .leftJoin(attemptQuestions, eq(attemptQuestions.attemptId, attempts.id))
    // Every attempt of the pupil, a reset one too: the pupil's page lists it as reset.
    .where(and(inArray(attempts.userId, userIds), anyAttempt()))
    .groupBy(attempts.id)
    .orderBy(desc(attempts.startedAt));
  for (const { attempt: a, answered, questions } of rows) {
    const state = stateOf(a, now);
    const list = byUser.get(a.userId) ?? [];
    list.push({
      attemptId: a.id,
      state,
      answered: Number(answered),
      questions: Number(questions),
      remainingTime: state === "running" ? remainingSeconds(a.deadlineAt, now) : 0,
      startedAt: a.startedAt.toISOString(),
      endedAt: a.endedAt?.toISOString() ?? null,
      deadlineAt: a.deadlineAt.toISOString(),
    });
    byUser.set(a.userId, list);
  }
  return byUser;
}

const pupilColumns = {
  user: users,
  districtName: districts.name,
  schoolName: organizations.name,
  subjectName: subjects.name,
};

function toRow(
  row: { user: typeof users.$inferSelect; districtName: string | null; schoolName: string | null; subjectName: string | null },
  attempt: AttemptSummary | null,
): PupilRow {
  const u = row.user;
  return {
    userId: u.id,
    username: u.username,
    fullName: fullName(u),
    regionId: u.regionId,
    districtId: u.districtId,
    districtName: row.districtName,
    organizationId: u.organizationId ?? 0,
    schoolName: row.schoolName,
    grade: u.grade,
    subjectId: u.subjectId,
    subjectName: row.subjectName,
    blocked: u.blockedAt !== null,
    attempt,
  };
}

/** The most requests the pupils' page lists as waiting: the day's handful, not a backlog. */
const PENDING_SHOWN = 50;

/** Accommodation requests no organiser has approved yet, oldest first (issue 27). */
export async function pendingAccommodations(): Promise<{ userId: number; fullName: string }[]> {
  const rows = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, middleName: users.middleName })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(isNotNull(registrations.accommodationRequest), isNull(registrations.accommodationApprovedAt), isNull(users.erasedAt)))
    .orderBy(registrations.createdAt)
    .limit(PENDING_SHOWN);
  return rows.map((row) => ({ userId: row.userId, fullName: fullName(row) }));
}

export type PupilSearch = { q?: string; regionId?: number; districtId?: number; page?: number; now?: Date };

/** Pupils by name, username or school, in a region or district; the live attempt of each. */
export async function searchPupils({ q, regionId, districtId, page = 1, now = new Date() }: PupilSearch) {
  const conditions: SQL[] = [eq(users.role, UserRole.Default), olympiadPupil()];
  if (regionId) conditions.push(eq(users.regionId, regionId));
  if (districtId) conditions.push(eq(users.districtId, districtId));
  const term = q?.trim();
  if (term) {
    const like = likePattern(term);
    conditions.push(
      or(
        ilike(users.username, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.middleName, like),
        ilike(organizations.name, like),
        sql`(${users.lastName} || ' ' || ${users.firstName}) ilike ${like}`,
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const base = () =>
    db
      .select(pupilColumns)
      .from(users)
      .leftJoin(districts, eq(districts.id, users.districtId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(subjects, eq(subjects.id, users.subjectId));
  const [rows, [{ total }]] = await Promise.all([
    base()
      .where(where)
      .orderBy(users.lastName, users.firstName, users.id)
      .limit(PUPILS_PAGE_SIZE)
      .offset((page - 1) * PUPILS_PAGE_SIZE),
    db.select({ total: count() }).from(users).leftJoin(organizations, eq(organizations.id, users.organizationId)).where(where),
  ]);
  const attemptsByUser = await attemptsOf(
    rows.map((r) => r.user.id),
    now,
  );
  return {
    items: rows.map((r) => toRow(r, attemptsByUser.get(r.user.id)?.find((a) => a.state !== "reset") ?? null)),
    total: Number(total),
  };
}

export type PupilDetail = PupilRow & {
  names: { firstName: string; lastName: string; middleName: string };
  regionName: string | null;
  phoneNumber: string | null;
  birthDate: string | null;
  extraMinutes: number;
  lastSignInAt: string | null;
  /** Erased by an organiser (lib/organiser/personal-data.ts): an anonymous row. */
  erased: boolean;
  registration: { guid: string; status: RegistrationStatus; amountSom: number; paidAt: string | null; createdAt: string } | null;
  /** The registration's request for an accommodation, and when an organiser approved it. */
  accommodation: { request: string; approvedAt: string | null } | null;
  attempts: AttemptSummary[];
};

export async function pupilDetail({ userId, now = new Date() }: { userId: number; now?: Date }): Promise<PupilDetail> {
  const [row] = await db
    .select({ ...pupilColumns, regionName: regions.name, registration: registrations })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .leftJoin(districts, eq(districts.id, users.districtId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(subjects, eq(subjects.id, users.subjectId))
    .leftJoin(registrations, eq(registrations.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, UserRole.Default)));
  if (!row) throw notFound();
  const all = (await attemptsOf([userId], now)).get(userId) ?? [];
  const r = row.registration;
  return {
    ...toRow(row, all.find((a) => a.state !== "reset") ?? null),
    names: { firstName: row.user.firstName, lastName: row.user.lastName, middleName: row.user.middleName ?? "" },
    regionName: row.regionName,
    phoneNumber: row.user.phoneNumber,
    birthDate: row.user.birthDate,
    extraMinutes: row.user.extraMinutes,
    lastSignInAt: row.user.lastSignInAt?.toISOString() ?? null,
    erased: row.user.erasedAt !== null,
    registration: r
      ? {
          guid: r.guid,
          status: r.status,
          amountSom: r.amountSom,
          paidAt: r.paidAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        }
      : null,
    accommodation: r?.accommodationRequest
      ? { request: r.accommodationRequest, approvedAt: r.accommodationApprovedAt?.toISOString() ?? null }
      : null,
    attempts: all,
  };
}

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
    if ((pupil.blockedAt !== null) === blocked) return false; // already so: nothing changes, nothing recorded
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
