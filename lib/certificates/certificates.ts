// Certificates: a pupil with an ended attempt has one; anyone may check it by username. Its issue
// date is fixed the first time it is issued (certificate_issues), whoever reads it first: the
// pupil, the check page, the drawing ahead. What was issued stays issued.
import "server-only";
import { and, asc, desc, eq, gt, inArray, isNotNull, type SQL } from "drizzle-orm";
import { attempts, certificateIssues, subjects, tests, users } from "@/db/schema";
import { olympiadSubjectSql, rankedAttempt } from "@/lib/attempts/counting";
import { db } from "@/lib/db/client";
import { siteOrigin } from "@/lib/http/site-origin";
import { normaliseUsername } from "@/lib/identity/sign-in";
import { anySeason } from "@/lib/seasons/period";
import { asLocale, DEFAULT_LOCALE, type Locale } from "@/shared/i18n/locale.mjs";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";
import { dateTextOf, isoDateOf, tashkentDate, tashkentDay } from "@/shared/time";

export type Certificate = {
  username: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  /** Last, first and middle name, as the spec prints it. */
  fullName: string;
  subjectName: string;
  grade: number;
  issueDate: string;
  verifyUrl: string;
  /** The pupil's interface language: the certificate's (its picture; the /cert page follows its visitor). */
  locale: Locale;
};

/** A certificate with whose it is: the /cert page asks that pupil's second stage by it (not part of the picture). */
export type PupilCertificate = Certificate & { userId: number };

/**
 * The date a certificate first issued at `now` carries, "26.11.2026": the day (Tashkent) the pupil
 * ended the attempt, or the organiser's date for the test once that day has come. Never a day
 * still ahead: a test taken on 26.11 in a window closing 03.12 is not certified on 03.12 while it
 * is still 26.11. Once issued, the certificate keeps it (certificatesWhere).
 */
export function issueDateOf(attempt: { endedAt: Date; certificateDate: string | null }, now: Date): string {
  return dateTextOf(issueDayOn(attempt, todayOf(now)));
}

/** Tashkent's day at `now`, "2026-11-26". */
const todayOf = tashkentDay;

/** issueDateOf as "2026-11-26", with today's date read once for many certificates. */
function issueDayOn({ endedAt, certificateDate }: { endedAt: Date; certificateDate: string | null }, today: string): string {
  // Both "2026-11-26": compared as text.
  return certificateDate && certificateDate <= today ? certificateDate : (isoDateOf(tashkentDate(endedAt.toISOString())) ?? today);
}

/**
 * Fixes the issue date of certificates issued now for the first time; answers each one's fixed
 * date. Another process that issued one a moment before keeps its date (its row wins).
 */
async function issue(first: { attemptId: number; issuedOn: string }[], now: Date): Promise<Map<number, string>> {
  if (first.length === 0) return new Map();
  const inserted = await db
    .insert(certificateIssues)
    .values(first.map((c) => ({ ...c, issuedAt: now })))
    .onConflictDoNothing()
    .returning({ attemptId: certificateIssues.attemptId, issuedOn: certificateIssues.issuedOn });
  const days = new Map(inserted.map((r) => [r.attemptId, r.issuedOn]));
  const raced = first.filter((c) => !days.has(c.attemptId)).map((c) => c.attemptId);
  if (raced.length > 0) {
    const rows = await db
      .select({ attemptId: certificateIssues.attemptId, issuedOn: certificateIssues.issuedOn })
      .from(certificateIssues)
      .where(inArray(certificateIssues.attemptId, raced));
    for (const r of rows) days.set(r.attemptId, r.issuedOn);
  }
  return days;
}

/** The certificate's check page at `origin` (the site's address: lib/http/site-origin.ts). */
export const verifyUrlAt = (origin: string, username: string) => `${origin}/cert/${encodeURIComponent(username.toWellFormed())}`;

/** The certificate's check page, on the site's address for this visitor. */
export const verifyUrlOf = async (username: string) => verifyUrlAt(await siteOrigin(), username);

/**
 * The certificates of pupils who have ended an attempt (not reset) and are not blocked, one per
 * pupil (of their latest such attempt); none for anyone else. Its date: the one fixed when it was
 * first issued (issueDateOf then), fixed here for those issued now. Its check address: at
 * `origin`, else at the site's address for this request's visitor.
 */
async function certificatesWhere(condition: SQL | undefined, now: Date, origin?: string, limit?: number): Promise<PupilCertificate[]> {
  const query = db
    .selectDistinctOn([users.id], {
      user: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        middleName: users.middleName,
        grade: users.grade,
        locale: users.locale,
      },
      subjectName: subjects.name,
      certificateDate: tests.certificateDate,
      attemptId: attempts.id,
      endedAt: attempts.endedAt,
      issuedOn: certificateIssues.issuedOn,
    })
    .from(users)
    // A rehearsal's pupils have no certificate (their subject is the rehearsal's).
    .innerJoin(subjects, and(eq(subjects.id, users.subjectId), olympiadSubjectSql()))
    // An ended attempt: the certificate is for taking part, whatever the score.
    .innerJoin(attempts, and(eq(attempts.userId, users.id), isNotNull(attempts.endedAt), rankedAttempt()))
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .leftJoin(certificateIssues, eq(certificateIssues.attemptId, attempts.id))
    // Any season's pupil: a certificate verifies, and is drawn ahead, whichever season is current.
    .where(and(condition, anySeason(), eq(users.role, UserRole.Default), isNotNull(users.username), isNotNull(users.grade)))
    .orderBy(asc(users.id), desc(attempts.endedAt));
  const rows = await (limit === undefined ? query : query.limit(limit));
  const at = origin ?? (rows.length > 0 ? await siteOrigin() : "");
  const today = todayOf(now);
  const issuedNow = await issue(
    rows
      .filter((r) => r.issuedOn === null)
      .map((r) => ({ attemptId: r.attemptId, issuedOn: issueDayOn({ endedAt: r.endedAt!, certificateDate: r.certificateDate }, today) })),
    now,
  );
  return rows.map(({ user: u, subjectName, attemptId, issuedOn }) => ({
    userId: u.id,
    username: u.username!,
    firstName: u.firstName,
    lastName: u.lastName,
    middleName: u.middleName,
    fullName: fullName(u),
    subjectName,
    grade: u.grade!,
    issueDate: dateTextOf(issuedOn ?? issuedNow.get(attemptId) ?? today),
    verifyUrl: verifyUrlAt(at, u.username!),
    locale: asLocale(u.locale) ?? DEFAULT_LOCALE,
  }));
}

export async function certificateOfUsername(username: string, now = new Date()): Promise<PupilCertificate | null> {
  const [certificate] = await certificatesWhere(eq(users.username, normaliseUsername(username)), now);
  return certificate ?? null;
}

export async function certificateOfUser(userId: number, now = new Date()): Promise<PupilCertificate | null> {
  const [certificate] = await certificatesWhere(eq(users.id, userId), now);
  return certificate ?? null;
}

/**
 * The certificates of the first `limit` pupils with one whose id is above `afterUserId`, in id
 * order, with their check address at `origin` (the drawing ahead reads every pupil's a page at a
 * time: lib/certificates/ahead.ts).
 */
export function certificatesAfter(afterUserId: number, limit: number, origin: string, now = new Date()): Promise<PupilCertificate[]> {
  return certificatesWhere(gt(users.id, afterUserId), now, origin, limit);
}

/** What Certificates/Check answers: the name only when there is a certificate. */
export function checkAnswer(certificate: Certificate | null): { hasCertificate: boolean; fullName: string | null } {
  return { hasCertificate: certificate !== null, fullName: certificate?.fullName ?? null };
}
