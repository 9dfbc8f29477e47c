// Reference data read by the registration and profile forms: regions, districts, subjects, schools.
import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { districts, organizations, regions, subjects } from "@/db/schema";

import type { District, Organization, ReferenceData, Region, Subject } from "./types";

const collator = new Intl.Collator("uz");

export async function listRegions(): Promise<Region[]> {
  const rows = await db.select().from(regions).orderBy(asc(regions.id));
  return rows.map((r) => ({ regionId: r.id, name: r.name }));
}

export async function listDistricts(): Promise<District[]> {
  const rows = await db.select().from(districts).orderBy(asc(districts.id));
  return rows
    .map((d) => ({ districtId: d.id, regionId: d.regionId, name: d.name }))
    .sort((a, b) => a.regionId - b.regionId || collator.compare(a.name, b.name));
}

export async function listSubjects(): Promise<Subject[]> {
  // A rehearsal's subject (lib/organiser/rehearsal.ts) is never offered.
  const rows = await db.select().from(subjects).where(eq(subjects.rehearsal, false)).orderBy(asc(subjects.grade), asc(subjects.id));
  return rows.map((s) => ({ subjectId: s.id, grade: s.grade, name: s.name }));
}

function leadingNumber(name: string): number {
  const match = /^\s*(\d+)/.exec(name);
  return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
}

/** Schools sort by their leading number ("2-son" before "12-son"), then by name. */
export function compareSchools(a: { name: string }, b: { name: string }): number {
  const byNumber = leadingNumber(a.name) - leadingNumber(b.name);
  return Number.isNaN(byNumber) || byNumber === 0 ? collator.compare(a.name, b.name) : byNumber;
}

export async function loadReferenceData(): Promise<ReferenceData> {
  const [regionList, districtList, subjectList] = await Promise.all([listRegions(), listDistricts(), listSubjects()]);
  return { regions: regionList, districts: districtList, subjects: subjectList };
}

export async function listOrganizations({ districtId }: { districtId: number }): Promise<Organization[]> {
  const rows = await db.select().from(organizations).where(eq(organizations.districtId, districtId));
  return rows.map((o) => ({ organizationId: o.id, districtId: o.districtId, name: o.name })).sort(compareSchools);
}
