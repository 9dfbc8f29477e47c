// The chat-bot that prefers to pull reads the family events by a cursor: `after` the last id it
// has, in order, up to `limit`. Asking after an id acknowledges every event up to it: they count
// as delivered (the webhook does not send them again).
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, selectRows } from "@/lib/db/client";
import { when } from "@/lib/db/rows";

export const eventsQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const eventRow = z.object({ id: z.number(), guid: z.string(), kind: z.string(), data: z.record(z.string(), z.unknown()), createdAt: when });

/** An event as the bot reads it (and the webhook sends it). */
export type BotEvent = { id: number; guid: string; kind: string; at: string; data: Record<string, unknown> };

export const botEventOf = (row: z.infer<typeof eventRow>): BotEvent => ({
  id: Number(row.id),
  guid: row.guid,
  kind: row.kind,
  at: new Date(row.createdAt).toISOString(),
  data: row.data,
});

export async function eventsAfter({ after, limit }: z.output<typeof eventsQuery>): Promise<{ events: BotEvent[]; next: number }> {
  if (after > 0) await db.execute(sql`update family_events set delivered_at = now() where id <= ${after} and delivered_at is null`);
  const rows = await selectRows(
    eventRow,
    db,
    sql`select id::int as id, guid::text as guid, kind, data, created_at as "createdAt" from family_events where id > ${after} order by id limit ${limit}`,
  );
  const events = rows.map(botEventOf);
  return { events, next: events.at(-1)?.id ?? after };
}
