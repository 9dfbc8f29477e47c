// One list of what the ranking reads (lib/results/ranking-inputs.ts), held against the two things
// that must agree with it: the columns the ranking's statement reads, and the columns the
// published-ranking triggers in the database watch (pg_trigger). A new input of the ranking without
// its trigger, or a trigger dropped, fails here.
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db, selectRows } from "@/lib/db/client";
import { RANKING_INPUTS, type RankingInput } from "@/lib/results/ranking-inputs";
import { rankingStatement } from "@/lib/results/ranking-sql";
import { setUpDatabase } from "../support/database";

setUpDatabase();

type Columns = Map<string, Set<string>>;

const add = (into: Columns, table: string, column: string) => {
  if (!into.has(table)) into.set(table, new Set());
  into.get(table)?.add(column);
};

/** The columns a statement's text reads, by table: `from users u` … `u.last_name`, or `"users"."id"`. */
function readsOf(text: string, tables: Set<string>): Columns {
  const aliases = new Map([...tables].map((t) => [t, t]));
  for (const [, table, alias] of text.matchAll(/\b(?:from|join)\s+"?(\w+)"?\s+(?:as\s+)?"?(\w+)"?/gi)) {
    if (tables.has(table)) aliases.set(alias, table);
  }
  const reads: Columns = new Map();
  for (const [, alias, column] of text.matchAll(/"?\b(\w+)"?\."?(\w+)\b"?/g)) {
    const table = aliases.get(alias);
    if (table) add(reads, table, column);
  }
  return reads;
}

/** What the triggers watch, by table: the WHEN columns of an update trigger ("every column" without one), and rows added or removed. */
function watchedOf(definitions: string[]): Map<string, RankingInput> {
  const watched = new Map<string, { columns: Set<string>; every: boolean; rows: Set<"INSERT" | "DELETE"> }>();
  for (const definition of definitions) {
    const table = /\bON\s+(?:public\.)?"?(\w+)"?/i.exec(definition)?.[1] ?? "?";
    const events =
      /\b(?:AFTER|BEFORE)\s+([A-Z ]+?)\s+ON\b/i
        .exec(definition)?.[1]
        .toUpperCase()
        .split(/\s+OR\s+/) ?? [];
    const entry = watched.get(table) ?? { columns: new Set<string>(), every: false, rows: new Set<"INSERT" | "DELETE">() };
    watched.set(table, entry);
    for (const event of ["INSERT", "DELETE"] as const) if (events.includes(event)) entry.rows.add(event);
    if (!events.includes("UPDATE")) continue;
    const when = /\bWHEN\s+\((.*)\)\s+EXECUTE\b/is.exec(definition)?.[1];
    if (!when) entry.every = true;
    for (const [, column] of when?.matchAll(/\bold\.(\w+)/gi) ?? []) entry.columns.add(column);
  }
  return new Map(
    [...watched].map(([table, e]) => [table, { watched: e.every ? "every column" : [...e.columns].sort(), rows: [...e.rows].sort() }]),
  );
}

/** Where the list and what is read or watched disagree, one line each. */
function differences(list: Readonly<Record<string, RankingInput>>, reads: Columns, watched: Map<string, RankingInput>): string[] {
  const found: string[] = [];
  for (const [table, columns] of reads) {
    const input = list[table];
    if (!input) {
      found.push(`the ranking reads ${table} (${[...columns].join(", ")}), which the list does not name`);
      continue;
    }
    for (const column of columns) {
      const listed = input.watched === "every column" || input.watched.includes(column) || column in (input.unwatched ?? {});
      if (!listed) found.push(`the ranking reads ${table}.${column}, which the list does not name`);
    }
  }
  for (const [table, input] of Object.entries(list)) {
    const trigger = watched.get(table) ?? { watched: [] };
    const want = input.watched === "every column" ? input.watched : [...input.watched].sort();
    if (JSON.stringify(trigger.watched) !== JSON.stringify(want)) {
      found.push(`${table}: the list watches ${JSON.stringify(want)}, the triggers ${JSON.stringify(trigger.watched)}`);
    }
    const rows = (of: RankingInput) => JSON.stringify([...(of.rows ?? [])].sort());
    if (rows(trigger) !== rows(input))
      found.push(`${table}: rows added or removed: the list says ${rows(input)}, the triggers ${rows(trigger)}`);
  }
  for (const table of watched.keys()) if (!(table in list)) found.push(`a trigger watches ${table}, which the list does not name`);
  return found;
}

async function actual() {
  const tables = new Set(
    (await selectRows(z.object({ name: z.string() }), db, sql`select tablename as name from pg_tables where schemaname = 'public'`)).map(
      (r) => r.name,
    ),
  );
  const statement = rankingStatement(
    { testId: 1, regionId: 1, districtId: 1, organizationId: 1, q: "a", attemptIds: [1] },
    { regions: [1], districts: [1], subjects: [1] },
    { limit: 50, offset: 0 },
    true,
  );
  const text = new PgDialect().sqlToQuery(statement).sql;
  const triggers = await selectRows(
    z.object({ definition: z.string() }),
    db,
    sql`select pg_get_triggerdef(t.oid) as definition
        from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and p.proname like 'published\\_rankings\\_%'`,
  );
  return { tables, text, reads: readsOf(text, tables), watched: watchedOf(triggers.map((t) => t.definition)) };
}

describe("one list of what the ranking reads: the statement and the triggers agree with it", () => {
  it("every column the ranking reads is listed, and the triggers watch exactly the listed ones", async () => {
    const { reads, watched } = await actual();
    expect(reads.get("users")?.has("last_name"), "the statement was read").toBe(true);
    expect(differences(RANKING_INPUTS, reads, watched)).toEqual([]);
  });

  it("catches a new input without its trigger, and a trigger the list does not know", async () => {
    const { tables, text, watched } = await actual();
    // The ranking starts to read the pupil's grade (a column no trigger watches).
    const forgetful = readsOf(text.replace("u.username", "u.username, u.grade"), tables);
    expect(differences(RANKING_INPUTS, forgetful, watched)).toEqual(["the ranking reads users.grade, which the list does not name"]);
    // Listing it as watched without a trigger is caught too.
    const users = RANKING_INPUTS.users;
    const listed = { ...RANKING_INPUTS, users: { ...users, watched: [...(users.watched as string[]), "grade"] } };
    expect(differences(listed, forgetful, watched)).toEqual([
      `users: the list watches ${JSON.stringify([...(users.watched as string[]), "grade"].sort())}, the triggers ${JSON.stringify(watched.get("users")?.watched)}`,
    ]);
    // A table the ranking starts to read, and a trigger's table the list lost.
    expect(differences(RANKING_INPUTS, readsOf(`${text} join final_lists fl on fl.test_id = 1`, tables), watched)).toEqual([
      "the ranking reads final_lists (test_id), which the list does not name",
    ]);
    const { tests: _, ...lost } = RANKING_INPUTS;
    expect(differences(lost, readsOf(text.replaceAll(/\bt\.\w+/g, ""), tables), watched)).toContain(
      "a trigger watches tests, which the list does not name",
    );
  });
});
