// `npm run db:migrate`: migrations, reference data and the first organiser, for deployments that set MIGRATE_ON_START=false.
// tsx runs it with --conditions=react-server (package.json): the modules of lib/ are marked
// server-only, and that marker throws outside the server's condition.
import { closeDatabase } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/setup/migrate";

// A function, not top-level await: tsx runs this file as CommonJS (the package is not "type": "module").
async function main() {
  await migrateAndSeed();
  await closeDatabase();
  console.log("Migrations and reference data are up to date.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
