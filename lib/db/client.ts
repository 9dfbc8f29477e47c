// The database handle: postgres.js when DATABASE_URL is set, embedded PGlite otherwise.
import "server-only";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { z } from "zod";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { forget, madeYet, processWide } from "@/lib/process-state.mjs";

/** Both drivers expose the same query builder; typed once as the production one. */
export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Handle = {
  db: Database;
  /** Reports' reads (DATABASE_REPLICA_URL): the replica, or the primary when there is none. */
  reports: Database;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  /**
   * Hears PostgreSQL's notifications on `channel` (LISTEN, on one connection of its own that
   * reconnects by itself; `onListen` each time it listens again, as notifications sent meanwhile
   * are lost). The embedded database hears its own (one process holds it alone).
   */
  listen: (channel: string, hear: (payload: string) => void, onListen?: () => void) => Promise<void>;
  /** Statements built once per handle (see `prepared`). */
  statements?: Map<string, unknown>;
};

function open(): Handle {
  const { databaseUrl, databasePrepare, databasePoolMax, databaseReplicaUrl, databaseListenUrl, pgliteDir } = config();
  if (databaseUrl) {
    const connect = (url: string) => postgres(url, { max: databasePoolMax, prepare: databasePrepare, onnotice: () => {} });
    const client = connect(databaseUrl);
    const primary = drizzlePostgres(client, { schema });
    const replicaClient = databaseReplicaUrl ? connect(databaseReplicaUrl) : null;
    let listener: postgres.Sql | null = null;
    return {
      db: primary,
      reports: replicaClient ? drizzlePostgres(replicaClient, { schema }) : primary,
      kind: "postgres",
      listen: async (channel, hear, onListen) => {
        listener ??= postgres(databaseListenUrl ?? databaseUrl, { max: 1, onnotice: () => {} });
        await listener.listen(channel, hear, onListen);
      },
      close: async () => {
        await client.end({ timeout: 5 });
        await replicaClient?.end({ timeout: 5 });
        await listener?.end({ timeout: 5 });
      },
    };
  }
  if (!pgliteDir.startsWith("memory://")) mkdirSync(pgliteDir, { recursive: true });
  const client = new PGlite(pgliteDir);
  const embedded = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db: embedded,
    reports: embedded,
    kind: "pglite",
    listen: async (channel, hear, onListen) => {
      await client.listen(channel, hear);
      onListen?.();
    },
    close: () => client.close(),
  };
}

/**
 * The process's one handle (lib/process-state.mjs): development hot reload, and Next's separate
 * server bundles (instrumentation, route handlers, pages), must share one PGlite data directory.
 */
export function databaseHandle(): Handle {
  return processWide("db", open);
}

/**
 * A statement built once (with `sql.placeholder` for its values) and reused, so a hot path does not
 * assemble the same SQL on every request. Kept per handle: a reopened database builds it anew.
 */
export function prepared<T>(name: string, build: (db: Database, name: string) => T): T {
  const handle = databaseHandle();
  handle.statements ??= new Map();
  if (!handle.statements.has(name)) handle.statements.set(name, build(handle.db, name));
  return handle.statements.get(name) as T;
}

/** Opened on first use, so importing this module (as `next build` does) opens nothing. */
const lazily = (pick: (handle: Handle) => Database): Database =>
  new Proxy({} as Database, {
    get(_target, property) {
      const real = pick(databaseHandle());
      const value = Reflect.get(real, property, real);
      return typeof value === "function" ? value.bind(real) : value;
    },
  });

export const db: Database = lazily((handle) => handle.db);

/**
 * Reports and exports read here: the replica when DATABASE_REPLICA_URL is set, else the primary.
 * Not drizzle's withReplicas: it sends execute() — every hand-written report statement — to the
 * primary. Attempts, answers and anything that writes never use it; a report may lag the primary
 * by the replication delay.
 */
export const reportDb: Database = lazily((handle) => handle.reports);

/** One round trip to the database (lib/db/availability.mjs's probe while it is away). */
export async function probeDatabase(): Promise<void> {
  await databaseHandle().db.execute(sql`select 1`);
}

export async function closeDatabase(): Promise<void> {
  const handle = madeYet("db") as Handle | undefined;
  forget("db");
  await handle?.close();
}

/**
 * The rows of a hand-written statement (window functions, grouped reports), from either driver
 * (postgres.js answers an array, PGlite an object with `rows`), each parsed by `row` (./rows.ts).
 * Alias columns in the SQL as the fields of the row, and cast counts to int.
 */
export async function selectRows<T>(row: z.ZodType<T>, runner: Database | Transaction, statement: SQL): Promise<T[]> {
  const result = (await runner.execute(statement)) as unknown;
  const rows: unknown[] = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.map((value) => {
    const parsed = row.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new Error(`A row of a hand-written statement does not have its shape: ${z.prettifyError(parsed.error)}`);
  });
}

/**
 * A report's reads in one snapshot (repeatable read, read only): a list, its totals and the key it
 * was scored with all agree, even if a regrade commits in between.
 */
export function inSnapshot<T>(read: (tx: Transaction) => Promise<T>, on: Database = db): Promise<T> {
  return on.transaction(read, { isolationLevel: "repeatable read", accessMode: "read only" });
}
