// Applies pending drizzle-kit migrations, one instance at a time, on either driver.
import "server-only";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { config } from "@/lib/config";
import { databaseHandle } from "./client";

const migrationsFolder = path.join(process.cwd(), "db", "migrations");
// Any constant: instances starting together queue on it instead of racing the DDL.
const MIGRATION_LOCK = 7_310_001;

export async function migrateDatabase(): Promise<void> {
  const { databaseUrl } = config();
  if (!databaseUrl) {
    // PGlite is one connection inside this process: nobody to race with.
    const { db } = databaseHandle();
    await migratePglite(db as never, { migrationsFolder });
    return;
  }
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client);
  try {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migratePostgres(db, { migrationsFolder });
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await client.end({ timeout: 5 });
  }
}
