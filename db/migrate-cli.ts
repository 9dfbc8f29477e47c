// `npm run db:migrate`: migrations and reference data, for deployments that set MIGRATE_ON_START=false.
import { closeDatabase, db } from "./client";
import { migrateDatabase } from "./migrate";
import { seedReferenceData } from "./seed/reference";

await migrateDatabase();
await seedReferenceData(db);
await closeDatabase();
console.log("Migrations and reference data are up to date.");
