// Reference data every installation has: regions and districts (SOATO) and the subjects.
import { sql } from "drizzle-orm";
import "server-only";
import { districts, regions, subjects } from "@/db/schema";
import data from "@/db/seed/uz-regions-districts.json";
import type { Database } from "@/lib/db/client";

export const SUBJECT_NAMES = ["Matematika", "Biologiya", "Kimyo", "Fizika"] as const;
export const GRADES = [5, 6, 7, 8, 9] as const;

/** Idempotent: names follow the data file, nothing is duplicated. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(regions)
      .values(data.regions.map((r) => ({ id: r.soato, name: r.name })))
      .onConflictDoUpdate({ target: regions.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(districts)
      .values(data.districts.map((d) => ({ id: d.soato, regionId: d.regionSoato, name: d.name })))
      .onConflictDoUpdate({
        target: districts.id,
        set: { name: sql`excluded.name`, regionId: sql`excluded.region_id` },
      });
    await tx
      .insert(subjects)
      .values(GRADES.flatMap((grade) => SUBJECT_NAMES.map((name) => ({ name, grade }))))
      .onConflictDoNothing();
  });
}
