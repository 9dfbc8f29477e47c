// The child's side of lib/background/child-read.ts: the text a ChildRead names, read on one
// connection per database the child keeps (the web process's settings: its URL, prepared or not).
import postgres from "postgres";
import type { ChildRead } from "./child-read";

const connections = new Map<string, postgres.Sql>();

export async function readText(read: ChildRead): Promise<string> {
  if ("text" in read) return read.text;
  let connection = connections.get(read.url);
  if (!connection) {
    connection = postgres(read.url, { max: 1, prepare: read.prepare, idle_timeout: 60, onnotice: () => {} });
    connections.set(read.url, connection);
  }
  const [row] = await connection.unsafe(read.statement, read.params as postgres.ParameterOrJSON<never>[]);
  return Object.values(row)[0] as string;
}
