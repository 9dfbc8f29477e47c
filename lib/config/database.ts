// The database's and Redis's settings: which PostgreSQL (or the embedded one), its replica and
// listener, the pool, migrations and demo data at start.
import "server-only";
import { z } from "zod";
import { bool } from "./fields";

export const databaseSettings = z.object({
  DATABASE_URL: z.string().url().optional(),
  /** A read replica for reports and exports (results, their files, item statistics); never attempts. */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** The connection that LISTENs for the organiser's acts (lib/live/changes.ts): PostgreSQL itself behind PgBouncer. */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** false behind PgBouncer in transaction mode: no named prepared statements on the server. */
  DATABASE_PREPARE: bool.default(true),
  /** Connections per app process (and per replica) to PostgreSQL. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** Where the embedded database keeps its files; "memory://" keeps nothing. */
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** Apply pending migrations and reference data at start (off for scaled-out deployments). */
  MIGRATE_ON_START: bool.default(true),
  SEED_DEMO: bool.default(false),
  REDIS_URL: z.string().url().optional(),
  /** Keys in Redis start with this: deployments (or test runs) sharing one Redis keep apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default("olimpiada"),
});

export function databaseConfig(env: z.output<typeof databaseSettings>) {
  return {
    databaseUrl: env.DATABASE_URL,
    databasePrepare: env.DATABASE_PREPARE,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseReplicaUrl: env.DATABASE_URL ? env.DATABASE_REPLICA_URL : undefined,
    databaseListenUrl: env.DATABASE_URL ? (env.DATABASE_LISTEN_URL ?? env.DATABASE_URL) : undefined,
    pgliteDir: env.PGLITE_DIR,
    migrateOnStart: env.MIGRATE_ON_START,
    seedDemo: env.SEED_DEMO,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
  };
}
