// selectRows parses each row of a hand-written statement with its shape, on the database the run has.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db, selectRows } from "@/lib/db/client";
import { idRow, when } from "@/lib/db/rows";
import { setUpDatabase } from "../support/database";

setUpDatabase();

describe("a hand-written statement's rows, parsed", () => {
  it("gives the rows when the columns are the shape's", async () => {
    const rows = await selectRows(
      z.object({ id: z.number(), at: when }),
      db,
      sql`select g::int as id, now() as at from generate_series(1, 3) g order by g`,
    );
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it("refuses a column the SQL names otherwise, naming it", async () => {
    await expect(selectRows(z.object({ testId: z.number() }), db, sql`select 1 as testid`)).rejects.toThrow(/testId/);
  });

  it("refuses a value in another type: an average not cast is numeric, which both drivers give as text", async () => {
    await expect(selectRows(idRow, db, sql`select avg(g) as id from generate_series(1, 3) g`)).rejects.toThrow(/id/);
  });
});
