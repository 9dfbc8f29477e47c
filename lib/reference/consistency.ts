// What only the server can check of a pupil's details: that the chosen places and subject agree.
import "server-only";
import { and, eq } from "drizzle-orm";
import { districts, organizations, regions, subjects } from "@/db/schema";
import { olympiadSubjectSql } from "@/lib/attempts/counting";
import type { Database, Transaction } from "@/lib/db/client";
import { invalidInput } from "@/lib/http/errors";
import type { ValidationErrors } from "@/shared/http/contract";
import type { PupilDetails } from "@/shared/registration/schema";

/**
 * Throws a 422 naming each field that contradicts another (district of another region, …); with
 * `seasonId`, a subject of another season is one too.
 */
export async function assertDetailsConsistent(db: Database | Transaction, details: PupilDetails, seasonId?: number): Promise<void> {
  const [region, district, subject, school] = await Promise.all([
    db.select({ id: regions.id }).from(regions).where(eq(regions.id, details.regionId)),
    db
      .select({ id: districts.id })
      .from(districts)
      .where(and(eq(districts.id, details.districtId), eq(districts.regionId, details.regionId))),
    db
      .select({ id: subjects.id })
      .from(subjects)
      .where(
        and(
          eq(subjects.id, details.subjectId),
          eq(subjects.grade, details.grade),
          olympiadSubjectSql(),
          seasonId === undefined ? undefined : eq(subjects.seasonId, seasonId),
        ),
      ),
    details.organizationId
      ? db
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(eq(organizations.id, details.organizationId), eq(organizations.districtId, details.districtId)))
      : Promise.resolve([{ id: 0 }]),
  ]);
  const errors: ValidationErrors = {};
  if (region.length === 0) errors.regionId = ["Invalid"];
  if (district.length === 0) errors.districtId = ["Invalid"];
  if (subject.length === 0) errors.subjectId = ["Invalid"];
  if (school.length === 0) errors.organizationId = ["Invalid"];
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
}
