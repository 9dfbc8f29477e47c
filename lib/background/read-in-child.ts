// The child's side of lib/background/child-read.ts: the text a ChildRead names, and the writes a
// ChildWrite asks for, on one connection per database the child keeps (the web process's
// settings: its URL, prepared or not).
import postgres from "postgres";
import type { ChildRead, ChildWrite } from "./child-read";

const connections = new Map<string, postgres.Sql>();

function connectionTo({ url, prepare }: { url: string; prepare: boolean }): postgres.Sql {
  let connection = connections.get(url);
  if (!connection) {
    connection = postgres(url, { max: 1, prepare, idle_timeout: 60, onnotice: () => {} });
    connections.set(url, connection);
  }
  return connection;
}

type Parameters = postgres.ParameterOrJSON<never>[];

export async function readText(read: ChildRead): Promise<string> {
  if ("text" in read) return read.text;
  const [row] = await connectionTo(read).unsafe(read.statement, read.params as Parameters);
  return Object.values(row)[0] as string;
}

/** Runs `write` with `value` in its slot. */
export async function writeWith(write: ChildWrite, value: unknown): Promise<void> {
  const params = [...write.params];
  params[write.fill] = value;
  await connectionTo(write).unsafe(write.statement, params as Parameters);
}
