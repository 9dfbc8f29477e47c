// The school list: imported from CSV (district SOATO code + name), and the demo's own list.
import "server-only";
import { parse } from "csv-parse/sync";
import { inArray } from "drizzle-orm";
import { districts, organizations } from "@/db/schema";
import type { Database } from "@/lib/db/client";
import { callMessages } from "@/lib/i18n/server";

export type SchoolRow = { districtSoato: number; name: string };
export type SchoolImportResult = { inserted: number; skipped: number; errors: string[] };

/**
 * Parses a CSV with a header row naming the columns `district_soato` and `name`
 * (comma or semicolon separated, as spreadsheets export it).
 */
export function parseSchoolsCsv(csv: string): { rows: SchoolRow[]; errors: string[] } {
  const records: Record<string, string>[] = parse(csv, {
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    delimiter: [",", ";"],
    skip_empty_lines: true,
    trim: true,
    bom: true,
  });
  const t = callMessages().schoolsImport;
  const rows: SchoolRow[] = [];
  const errors: string[] = [];
  records.forEach((record, index) => {
    const line = index + 2; // the header is line 1
    const soato = Number(record.district_soato);
    const name = (record.name ?? "").replace(/\s+/g, " ");
    if (!/^\d{7}$/.test(record.district_soato ?? "")) {
      errors.push(t.badSoato({ line }));
    } else if (name.length < 3 || name.length > 200) {
      errors.push(t.badName({ line }));
    } else {
      rows.push({ districtSoato: soato, name });
    }
  });
  return { rows, errors };
}

/** Adds the schools that are not there yet; rows naming an unknown district are reported. */
export async function importSchools(db: Database, rows: SchoolRow[]): Promise<SchoolImportResult> {
  const codes = [...new Set(rows.map((r) => r.districtSoato))];
  const known = new Set(
    codes.length === 0 ? [] : (await db.select({ id: districts.id }).from(districts).where(inArray(districts.id, codes))).map((d) => d.id),
  );
  const t = callMessages().schoolsImport;
  const errors = rows.filter((r) => !known.has(r.districtSoato)).map((r) => t.unknownDistrict({ soato: r.districtSoato, name: r.name }));
  const valid = rows.filter((r) => known.has(r.districtSoato));
  let inserted = 0;
  // Chunks keep each statement well under the driver's parameter limit.
  for (let i = 0; i < valid.length; i += 1000) {
    const chunk = valid.slice(i, i + 1000).map((r) => ({ districtId: r.districtSoato, name: r.name }));
    const result = await db.insert(organizations).values(chunk).onConflictDoNothing().returning({ id: organizations.id });
    inserted += result.length;
  }
  return { inserted, skipped: valid.length - inserted, errors };
}

/** Several schools per district, named as Uzbek schools are. */
export async function seedDemoSchools(db: Database): Promise<void> {
  const all = await db.select({ id: districts.id }).from(districts);
  const rows: SchoolRow[] = all.flatMap(({ id }) => [
    ...[1, 2, 5, 12, 21, 34].map((n) => ({ districtSoato: id, name: `${n}-son umumiy o'rta ta'lim maktabi` })),
    { districtSoato: id, name: `${(id % 7) + 3}-son ixtisoslashtirilgan davlat umumta'lim maktabi` },
    { districtSoato: id, name: "Prezident maktabi" },
  ]);
  await importSchools(db, rows);
}
