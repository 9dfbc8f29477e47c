// Applies pending drizzle-kit migrations on either driver, and keeps a start's preparation to one instance at a time.
import "server-only";
import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { config } from "@/lib/config";
import { databaseHandle } from "./client";

const migrationsFolder = path.join(process.cwd(), "db", "migrations");
// Any constant: instances starting together queue on it instead of racing the DDL and the seeds.
const PREPARATION_LOCK = 7_310_001;

/**
 * Runs `prepare` (the migrations, the reference data, the demo) in one instance or process at a
 * time: on PostgreSQL under an advisory lock held by a connection of its own for as long as it
 * runs, so that processes starting together on a fresh database seed it once and the others find
 * it seeded. PGlite is one connection inside this process: nobody to race with.
 */
export async function exclusively<T>(prepare: () => Promise<T>): Promise<T> {
  const { databaseUrl } = config();
  if (!databaseUrl) return prepare();
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${PREPARATION_LOCK})`;
    try {
      return await prepare();
    } finally {
      await client`select pg_advisory_unlock(${PREPARATION_LOCK})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Applies the pending migrations; the caller holds the lock (exclusively). */
export async function migrateDatabase(): Promise<void> {
  const { databaseUrl } = config();
  if (!databaseUrl) {
    const { db } = databaseHandle();
    await migratePglite(db as never, { migrationsFolder });
    return;
  }
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client.end({ timeout: 5 });
  }
}
