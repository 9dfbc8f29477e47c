// `npm run db:migrate`: migrations, reference data and the first organiser, for deployments that set MIGRATE_ON_START=false.

import { config } from "@/lib/config";
import { closeDatabase, db } from "./client";
import { migrateDatabase } from "./migrate";
import { ensureOrganiser } from "./seed/accounts";
import { seedReferenceData } from "./seed/reference";

// A function, not top-level await: tsx runs this file as CommonJS (the package is not "type": "module").
async function main() {
  await migrateDatabase();
  await seedReferenceData(db);
  await ensureOrganiser(db, { username: config().adminUsername, password: config().adminPassword });
  await closeDatabase();
  console.log("Migrations and reference data are up to date.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
