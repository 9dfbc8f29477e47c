// Migrations, the reference data and the first organiser: at a server's start (prepare.ts) or by
// `npm run db:migrate` (scripts/migrate.ts, plain Node: nothing here is server-only).
import "server-only";
import { db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { seedReferenceData } from "@/db/seed/reference";
import { config } from "@/lib/config";
import { ensureOrganiser } from "./accounts";

export async function migrateAndSeed(): Promise<void> {
  const c = config();
  await migrateDatabase();
  await seedReferenceData(db);
  await ensureOrganiser(db, { username: c.adminUsername, password: c.adminPassword });
}
