// Large reads and writes handed to a child process (lib/background/child.ts) rather than made
// here: on a database server the child runs the statement on a connection of its own, and the
// bulk never reaches the process that answers pupils (a 5 000-pupil test's answers read here, or
// the pictures drawn ahead kept from here, cost it GC pauses of up to 130 ms: bench:background).
// The embedded database is this process's alone: there it reads and writes itself.
import "server-only";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { z } from "zod";
import { config } from "@/lib/config";
import { type Database, databaseHandle, selectRows, type Transaction } from "@/lib/db/client";

/** Where a child connects: the database server's address, and whether statements are prepared there. */
type Connection = { url: string; prepare: boolean };

/** A statement answering one row of one text column, or that text as this process read it. */
export type ChildRead = { text: string } | (Connection & { statement: string; params: unknown[] });

/** A statement a child runs itself with one parameter of its own (at `fill`): what it made, kept where it made it. */
export type ChildWrite = Connection & { statement: string; params: unknown[]; fill: number };

const dialect = new PgDialect();

function serverConnection(reports: boolean): Connection {
  const { databaseUrl, databaseReplicaUrl, databasePrepare } = config();
  return { url: (reports ? databaseReplicaUrl : undefined) ?? databaseUrl!, prepare: databasePrepare };
}

/**
 * `statement` (one row, one text column) for a child to read: on a server, where it connects
 * (the replica for `reports`); on the embedded database, read here through `runner`.
 */
export async function childRead(statement: SQL, runner: Database | Transaction, { reports = false } = {}): Promise<ChildRead> {
  if (databaseHandle().kind === "postgres") {
    const query = dialect.sqlToQuery(statement);
    return { ...serverConnection(reports), statement: query.sql, params: query.params };
  }
  const [row] = await selectRows(z.record(z.string(), z.string()), runner, statement);
  return { text: Object.values(row)[0] };
}

/**
 * The statement `build` makes around a value the child fills in (`slot` stands for it), for the
 * child to run on a database server; null on the embedded database, where this process must run it.
 */
export function childWrite(build: (slot: Buffer) => SQL): ChildWrite | null {
  if (databaseHandle().kind !== "postgres") return null;
  const slot = Buffer.alloc(0);
  const query = dialect.sqlToQuery(build(slot));
  const fill = query.params.indexOf(slot);
  if (fill < 0) throw new Error("childWrite: the statement does not use its slot");
  return { ...serverConnection(false), statement: query.sql, params: query.params.map((p) => (p === slot ? null : p)), fill };
}
