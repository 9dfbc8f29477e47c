// Certificates: a pupil with an ended attempt has one; anyone may check it by username.
import "server-only";
import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { attempts, subjects, tests, users } from "@/db/schema";
import { olympiadSubjectSql, rankedAttempt } from "@/lib/attempts/counting";
import { db } from "@/lib/db/client";
import { siteOrigin } from "@/lib/http/site-origin";
import { normaliseUsername } from "@/lib/identity/sign-in";
import { asLocale, DEFAULT_LOCALE, type Locale } from "@/shared/i18n/locale.mjs";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";
import { dateTextOf, isoDateOf, tashkentDate } from "@/shared/time";

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
 * The certificate's date, "26.11.2026": the day (Tashkent) the pupil ended the attempt, or the
 * organiser's date for the test once that day has come. Never a day still ahead: a test taken on
 * 26.11 in a window closing 03.12 is not certified on 03.12 while it is still 26.11.
 */
export function issueDateOf({ endedAt, certificateDate }: { endedAt: Date; certificateDate: string | null }, now: Date): string {
  // Both "2026-11-26": compared as text.
  const today = isoDateOf(tashkentDate(now.toISOString())) ?? "";
  return certificateDate && certificateDate <= today ? dateTextOf(certificateDate) : tashkentDate(endedAt.toISOString());
}

/** The certificate's check page, on the site's address for this visitor (lib/http/site-origin.ts). */
export const verifyUrlOf = async (username: string) => `${await siteOrigin()}/cert/${encodeURIComponent(username.toWellFormed())}`;

/**
 * The certificate of a pupil who has ended an attempt (not reset) and is not blocked; null for
 * anyone else. Its date: issueDateOf.
 */
async function certificateWhere(condition: SQL, now: Date): Promise<PupilCertificate | null> {
  const [row] = await db
    .select({ user: users, subjectName: subjects.name, certificateDate: tests.certificateDate, endedAt: attempts.endedAt })
    .from(users)
    // A rehearsal's pupils have no certificate (their subject is the rehearsal's).
    .innerJoin(subjects, and(eq(subjects.id, users.subjectId), olympiadSubjectSql()))
    // An ended attempt: the certificate is for taking part, whatever the score.
    .innerJoin(attempts, and(eq(attempts.userId, users.id), isNotNull(attempts.endedAt), rankedAttempt()))
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(condition, eq(users.role, UserRole.Default), isNotNull(users.username)))
    .orderBy(desc(attempts.endedAt))
    .limit(1);
  if (!row?.user.username || row.user.grade === null || !row.endedAt) return null;
  const u = row.user;
  return {
    userId: u.id,
    username: u.username!,
    firstName: u.firstName,
    lastName: u.lastName,
    middleName: u.middleName,
    fullName: fullName(u),
    subjectName: row.subjectName,
    grade: u.grade!,
    issueDate: issueDateOf({ endedAt: row.endedAt, certificateDate: row.certificateDate }, now),
    verifyUrl: await verifyUrlOf(u.username!),
    locale: asLocale(u.locale) ?? DEFAULT_LOCALE,
  };
}

export function certificateOfUsername(username: string, now = new Date()): Promise<PupilCertificate | null> {
  return certificateWhere(eq(users.username, normaliseUsername(username)), now);
}

export function certificateOfUser(userId: number, now = new Date()): Promise<PupilCertificate | null> {
  return certificateWhere(eq(users.id, userId), now);
}

/** What Certificates/Check answers: the name only when there is a certificate. */
export function checkAnswer(certificate: Certificate | null): { hasCertificate: boolean; fullName: string | null } {
  return { hasCertificate: certificate !== null, fullName: certificate?.fullName ?? null };
}
