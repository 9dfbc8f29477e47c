// Migrations, the seasons' settings, the reference data and the first organiser: at a server's start (prepare.ts) or by
// `npm run db:migrate` (scripts/migrate.ts, plain Node: nothing here is server-only).
import "server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { exclusively, migrateDatabase } from "@/lib/db/migrate";
import { applySeasonSettings } from "@/lib/seasons/seasons";
import { seedReferenceData } from "@/lib/setup/reference-data";
import { ensureOrganiser } from "./accounts";

/** Migrations, reference data and the first organiser; the caller holds the lock (exclusively). */
export async function migrateAndSeedHeld(): Promise<void> {
  const c = config();
  await migrateDatabase();
  await applySeasonSettings(db);
  await seedReferenceData(db);
  await ensureOrganiser(db, { username: c.adminUsername, password: c.adminPassword });
}

/** The same, one instance at a time. */
export const migrateAndSeed = (): Promise<void> => exclusively(migrateAndSeedHeld);
