// Test files that touch the database start from a migrated one with the reference data.
import { type SQL, sql } from "drizzle-orm";
import { beforeAll } from "vitest";
import { z } from "zod";
import { db, selectRows } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/setup/prepare";

export function setUpDatabase(): void {
  beforeAll(async () => {
    await prepareDatabase({ quiet: true });
  });
}

/** One SQL expression's value, as the database gives it (the SQL twins' tests compare it with the rule's). */
export async function evaluate(expression: SQL): Promise<unknown> {
  const [row] = await selectRows(z.object({ value: z.unknown() }), db, sql`select ${expression} as value`);
  return row.value;
}
