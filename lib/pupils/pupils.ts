// The organiser's pupils as the console reads them: search, a pupil's page, and the accommodation
// requests waiting for approval. The acts on a pupil are in acts.ts; acts on an attempt in
// lib/attempts/interventions.ts.
import "server-only";
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { attemptQuestions, attempts, districts, organizations, regions, registrations, subjects, users } from "@/db/schema";
import { anyAttempt, isRunning, olympiadPupil } from "@/lib/attempts/counting";
import { remainingSeconds } from "@/lib/attempts/rules";
import { db } from "@/lib/db/client";
import { likePattern } from "@/lib/db/like-pattern";
import { notFound } from "@/lib/http/errors";
import { isBlocked } from "@/lib/identity/blocked";
import { inSeason, pupilInSeason } from "@/lib/seasons/period";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";
import type { RegistrationStatus } from "@/shared/registration/status";

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
    blocked: isBlocked(u),
    attempt,
  };
}

/** The most requests the pupils' page lists as waiting: the day's handful, not a backlog. */
const PENDING_SHOWN = 50;

/** Accommodation requests no organiser has approved yet, oldest first (issue 27). */
export async function pendingAccommodations(seasonId?: number): Promise<{ userId: number; fullName: string }[]> {
  const rows = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, middleName: users.middleName })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(
      and(
        inSeason(seasonId, registrations.seasonId),
        isNotNull(registrations.accommodationRequest),
        isNull(registrations.accommodationApprovedAt),
        isNull(users.erasedAt),
      ),
    )
    .orderBy(registrations.createdAt)
    .limit(PENDING_SHOWN);
  return rows.map((row) => ({ userId: row.userId, fullName: fullName(row) }));
}

/** `seasonId`: the console's season (undefined: the current one): the pupils whose subject is that season's. */
export type PupilSearch = { q?: string; regionId?: number; districtId?: number; page?: number; now?: Date; seasonId?: number };

/** Pupils by name, username or school, in a region or district; the live attempt of each. */
export async function searchPupils({ q, regionId, districtId, page = 1, now = new Date(), seasonId }: PupilSearch) {
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
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(pupilColumns)
      .from(users)
      .leftJoin(districts, eq(districts.id, users.districtId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(subjects, eq(subjects.id, users.subjectId))
      .where(and(pupilInSeason(seasonId), where))
      .orderBy(users.lastName, users.firstName, users.id)
      .limit(PUPILS_PAGE_SIZE)
      .offset((page - 1) * PUPILS_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(pupilInSeason(seasonId), where)),
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
  /** Erased by an organiser (lib/personal-data/personal-data.ts): an anonymous row. */
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
