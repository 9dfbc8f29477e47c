// A large read handed to a child process (lib/background/child.ts) rather than made here: on a
// database server the child runs the statement on a connection of its own, and the thousands of
// rows never reach the process that answers pupils (reading a 5 000-pupil test's answers here cost
// it a GC pause per screening: bench:background). The embedded database is this process's alone:
// there the statement runs here and its one JSON text is handed on as it is.
import "server-only";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { config } from "@/lib/config";
import { type Database, databaseHandle, selectRows, type Transaction } from "@/lib/db/client";

/** A statement answering one row of one text column, or that text as this process read it. */
export type ChildRead = { text: string } | { url: string; prepare: boolean; statement: string; params: unknown[] };

const dialect = new PgDialect();

/**
 * `statement` (one row, one text column) for a child to read: on a server, where it connects
 * (the replica for `reports`); on the embedded database, read here through `runner`.
 */
export async function childRead(statement: SQL, runner: Database | Transaction, { reports = false } = {}): Promise<ChildRead> {
  if (databaseHandle().kind === "postgres") {
    const { databaseUrl, databaseReplicaUrl, databasePrepare } = config();
    const query = dialect.sqlToQuery(statement);
    return {
      url: (reports ? databaseReplicaUrl : undefined) ?? databaseUrl!,
      prepare: databasePrepare,
      statement: query.sql,
      params: query.params,
    };
  }
  const [row] = await selectRows<Record<string, string>>(runner, statement);
  return { text: Object.values(row)[0] };
}
