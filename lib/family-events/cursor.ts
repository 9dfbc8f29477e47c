// The chat-bot that prefers to pull reads the family events by a cursor: `after` the position it
// has ("0" at first, then the `next` of its last answer), in order, up to `limit`. Asking after a
// position acknowledges every event up to it: they count as delivered (the webhook does not send
// them again). The order is (transaction, id), and only what every earlier transaction has
// settled is read: an event whose transaction commits after a later one's is never skipped.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, selectRows } from "@/lib/db/client";
import { when } from "@/lib/db/rows";

export const eventsQuery = z.object({
  after: z
    .string()
    .regex(/^(0|\d{1,20}-\d{1,19})$/)
    .default("0"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const eventRow = z.object({
  id: z.number(),
  guid: z.string(),
  kind: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: when,
});

/** An event as the bot reads it (and the webhook sends it). */
export type BotEvent = { id: number; guid: string; kind: string; at: string; data: Record<string, unknown> };

export const botEventOf = (row: z.infer<typeof eventRow>): BotEvent => ({
  id: Number(row.id),
  guid: row.guid,
  kind: row.kind,
  at: new Date(row.createdAt).toISOString(),
  data: row.data,
});

export async function eventsAfter({ after, limit }: z.output<typeof eventsQuery>): Promise<{ events: BotEvent[]; next: string }> {
  const [tx, id] = after === "0" ? ["0", 0] : [after.split("-")[0], Number(after.split("-")[1])];
  const position = sql`(${tx}::xid8, ${id}::bigint)`;
  if (after !== "0")
    await db.execute(sql`update family_events set delivered_at = now() where delivered_at is null and (tx, id) <= ${position}`);
  const rows = await selectRows(
    eventRow.extend({ tx: z.string() }),
    db,
    sql`select id::int as id, guid::text as guid, kind, data, created_at as "createdAt", tx::text as tx from family_events
        where (tx, id) > ${position} and tx < pg_snapshot_xmin(pg_current_snapshot())
        order by tx, id limit ${limit}`,
  );
  const last = rows.at(-1);
  return { events: rows.map(botEventOf), next: last ? `${last.tx}-${last.id}` : after };
}
