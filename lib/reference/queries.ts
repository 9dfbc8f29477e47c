// Reference data read by the registration and profile forms, the console's filters and the API:
// regions, districts, subjects, schools, their names in the reader's language and sorted as that
// language sorts them (shared/i18n/names.ts).
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { districts, organizations, regions, subjects } from "@/db/schema";
import { olympiadSubjectSql } from "@/lib/attempts/counting";
import { type Database, db, type Transaction } from "@/lib/db/client";
import { callLocaleNow, localNameIn } from "@/lib/i18n/server";
import { inSeason } from "@/lib/seasons/period";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { byName, bySchool } from "@/shared/i18n/names";
import type { District, Organization, ReferenceData, Region, Subject } from "./types";

/** The reader's language: a page passes its own; an API call's is the caller's. */
type InLanguage = { locale?: Locale };

async function regionsIn(runner: Database | Transaction, locale: Locale): Promise<Region[]> {
  const local = localNameIn(locale);
  const rows = await runner.select().from(regions);
  return rows.map((r) => ({ regionId: r.id, name: local(r.name) })).sort(byName(locale));
}

async function districtsIn(runner: Database | Transaction, locale: Locale): Promise<District[]> {
  const local = localNameIn(locale);
  const rows = await runner.select().from(districts);
  const order = byName(locale);
  return rows
    .map((d) => ({ districtId: d.id, regionId: d.regionId, name: local(d.name) }))
    .sort((a, b) => a.regionId - b.regionId || order(a, b));
}

async function subjectsIn(runner: Database | Transaction, locale: Locale, seasonId?: number): Promise<Subject[]> {
  const local = localNameIn(locale);
  // A rehearsal's subject (lib/rehearsal/rehearsal.ts) is never offered. Each grade's subjects
  // keep the olympiad's own order (Matematika, Biologiya, Kimyo, Fizika), not the alphabet's.
  // The current season's (lib/seasons/period.ts): a past season's subjects are no family's choice
  // (the console's bank names the season it shows).
  const rows = await runner
    .select()
    .from(subjects)
    .where(and(olympiadSubjectSql(), inSeason(seasonId)))
    .orderBy(asc(subjects.grade), asc(subjects.id));
  return rows.map((s) => ({ subjectId: s.id, grade: s.grade, name: local(s.name) }));
}

export async function listRegions({ locale = callLocaleNow() }: InLanguage = {}): Promise<Region[]> {
  return regionsIn(db, locale);
}

export async function listDistricts({ locale = callLocaleNow() }: InLanguage = {}): Promise<District[]> {
  return districtsIn(db, locale);
}

export async function listSubjects({ locale = callLocaleNow(), seasonId }: InLanguage & { seasonId?: number } = {}): Promise<Subject[]> {
  return subjectsIn(db, locale, seasonId);
}

/** Schools sort by their number ("2-son" before "12-son"), then by name: in Uzbek, for the tests of the rule. */
export const compareSchools = bySchool("uz");

export async function loadReferenceData({ locale = callLocaleNow() }: InLanguage = {}): Promise<ReferenceData> {
  const [regionList, districtList, subjectList] = await Promise.all([
    listRegions({ locale }),
    listDistricts({ locale }),
    listSubjects({ locale }),
  ]);
  return { regions: regionList, districts: districtList, subjects: subjectList };
}

export async function listOrganizations({
  districtId,
  locale = callLocaleNow(),
}: { districtId: number } & InLanguage): Promise<Organization[]> {
  const local = localNameIn(locale);
  const rows = await db.select().from(organizations).where(eq(organizations.districtId, districtId));
  return rows.map((o) => ({ organizationId: o.id, districtId: o.districtId, name: local(o.name) })).sort(bySchool(locale));
}

/** Ids in the order the reader's language sorts their names: how a results list or export is grouped. */
export type NameOrder = { regions: number[]; districts: number[]; subjects: number[] };

/** Read through `runner`: inside a report's snapshot, its own transaction. */
export async function nameOrder({
  locale = callLocaleNow(),
  runner = db,
}: InLanguage & { runner?: Database | Transaction }): Promise<NameOrder> {
  const [regionList, districtList, subjectList] = await Promise.all([
    regionsIn(runner, locale),
    districtsIn(runner, locale),
    subjectsIn(runner, locale),
  ]);
  const order = byName(locale);
  return {
    regions: regionList.map((r) => r.regionId),
    districts: districtList.map((d) => d.districtId),
    subjects: subjectList.sort((a, b) => a.grade - b.grade || order(a, b)).map((s) => s.subjectId),
  };
}
