// The family events outbox: what a family should be told (its list public, selected or not, the
// camp's invitation sent, about to expire, answered or expired, a reserve's turn, an appeal decided,
// a receipt registered) is written in the same transaction as what happened, once (its key), to the
// family of the pupil's registration. It is then delivered to the chat-bot (./deliver.ts) in
// order per family, and read by the bot's cursor (./cursor.ts); it is also the record of each move.
import "server-only";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "@/lib/db/client";
import type { FamilyEventKind } from "@/shared/invitations/enums";

export type FamilyEvent = {
  /** The family told: its registration's guid, or the pupil's, whose registration's guid it goes to (none: no event). */
  to: { guid: string } | { userId: number };
  kind: FamilyEventKind;
  /** Makes the event once: a second write of the same key is nothing. */
  key: string;
  data: Record<string, unknown>;
  testId?: number;
};

/** Writes the events, each once, to the families of the pupils' registrations. */
export async function recordFamilyEvents(tx: Transaction | Database, events: FamilyEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((e) => ({
      ...("guid" in e.to ? { guid: e.to.guid } : { userId: e.to.userId }),
      kind: e.kind,
      key: e.key,
      data: e.data,
      testId: e.testId ?? null,
    })),
  );
  await tx.execute(sql`
    insert into family_events (guid, kind, key, data, test_id)
    select coalesce(e.guid, r.guid), e.kind, e.key, e.data, e."testId"
    from jsonb_to_recordset(${rows}::jsonb) as e(guid uuid, "userId" int, kind text, key text, data jsonb, "testId" int)
    left join lateral (select guid from registrations where user_id = e."userId" order by created_at desc limit 1) r on e.guid is null
    where coalesce(e.guid, r.guid) is not null
    on conflict (key) do nothing`);
}
