// The family events delivered to the chat-bot's webhook (BOT_WEBHOOK_URL), by a job of every
// process, never on a request path. Each event is POSTed as JSON, signed with the bot's secret
// (BOT_API_TOKEN: X-Olimpiada-Signature: sha256=<HMAC-SHA256 of the body, hex>), and counts as
// delivered only when the bot answers 2xx with `{"received": <its id>}`: a refusal, a timeout, an
// error page or anything else is tried again, waiting 10 s · 2^(tries-1) up to an hour. Only the
// oldest undelivered event of a family is sent, so each family hears its events in order; rows
// are claimed before they are sent (lib/background/lease.ts), so two processes never send one at once.
import "server-only";
import { createHmac } from "node:crypto";
import { and, lte, sql } from "drizzle-orm";
import { familyEvents } from "@/db/schema";
import { claimRows } from "@/lib/background/lease";
import { periodic } from "@/lib/background/periodic";
import { config } from "@/lib/config";
import { db, selectRows } from "@/lib/db/client";
import { errorText, log } from "@/lib/log.mjs";
import { botEventOf, eventRow } from "./cursor";

const TIMEOUT_MS = 5_000;
const PASS_SIZE = 50;
const ROUNDS = 40;
const RETRY_FIRST_S = 10;
const RETRY_MAX_S = 3_600;
const JOB_TICK_MS = 5_000;

/** The signature the bot checks: HMAC-SHA256 of the body with its secret, hex. */
export const signatureOf = (body: string, secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** Whether the bot acknowledged the event: 2xx and `{"received": id}`. */
async function acknowledged(response: Response, id: number): Promise<string | null> {
  if (!response.ok) return `HTTP ${response.status}`;
  const text = await response.text();
  try {
    const answer = JSON.parse(text) as { received?: unknown };
    return Number(answer?.received) === id ? null : `not acknowledged: ${text.slice(0, 100)}`;
  } catch {
    return `not acknowledged: ${text.slice(0, 100)}`;
  }
}

/**
 * Sends the due events, the head of each family's queue, until none is due; what each came to.
 * `url` and `secret`: the deployment's (BOT_WEBHOOK_URL, BOT_API_TOKEN) unless the suites say.
 */
export async function deliverFamilyEvents({
  url = config().botWebhookUrl,
  secret = config().botApiToken,
  now = new Date(),
  timeoutMs = TIMEOUT_MS,
}: {
  url?: string;
  secret?: string;
  now?: Date;
  timeoutMs?: number;
} = {}): Promise<{ id: number; error: string | null }[]> {
  if (!url) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  const done: { id: number; error: string | null }[] = [];
  // Each round sends the heads of the queues (a family's next event is due in the next round), at
  // most ROUNDS · PASS_SIZE events a pass.
  for (let round = 0; round < ROUNDS; round++) {
    const claimed = await claimRows(familyEvents, {
      key: { id: familyEvents.id },
      due: and(
        sql`${familyEvents.deliveredAt} is null`,
        lte(familyEvents.nextTryAt, at),
        sql`not exists (select 1 from family_events earlier where earlier.guid = ${familyEvents.guid}
                        and earlier.delivered_at is null and earlier.id < ${familyEvents.id})`,
      ),
      orderBy: familyEvents.id,
      limit: PASS_SIZE,
      seconds: Math.ceil((PASS_SIZE * timeoutMs) / 1000) + 30,
      at,
    });
    if (claimed.length === 0) break;
    const rows = await selectRows(
      eventRow,
      db,
      sql`select id::int as id, guid::text as guid, kind, data, created_at as "createdAt" from family_events
          where id in (${sql.join(
            claimed.map((c) => sql`${c.id}`),
            sql`, `,
          )}) order by id`,
    );
    const outcomes = await Promise.all(
      rows.map(async (row) => {
        const body = JSON.stringify(botEventOf(row));
        try {
          const response = await fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-olimpiada-signature": signatureOf(body, secret),
              "x-olimpiada-event": String(row.id),
            },
            body,
            signal: AbortSignal.timeout(timeoutMs),
          });
          return { id: row.id, error: await acknowledged(response, row.id) };
        } catch (error) {
          return { id: row.id, error: `not sent: ${errorText(error).slice(0, 200)}` };
        }
      }),
    );
    for (const { id, error } of outcomes) {
      if (error === null)
        await db.execute(
          sql`update family_events set delivered_at = ${at}, tries = tries + 1, claimed_until = null, last_error = null where id = ${id}`,
        );
      else
        await db.execute(sql`update family_events set tries = tries + 1, claimed_until = null, last_error = ${error},
            next_try_at = ${at} + make_interval(secs => least(${RETRY_MAX_S}, ${RETRY_FIRST_S} * power(2, least(tries, 12))))
            where id = ${id}`);
    }
    done.push(...outcomes);
    const failed = outcomes.filter((o) => o.error !== null);
    if (failed.length > 0)
      log().warn({ failed: failed.length, error: failed[0].error }, "family events not acknowledged by the chat-bot: tried again later");
    // The failed ones wait for their back-off; the next round takes the next families' heads, and
    // the next events of the families just acknowledged.
  }
  return done;
}

/** The job of every process that sends the family events (when BOT_WEBHOOK_URL is set). */
export function startFamilyEventsJob(): void {
  if (!config().botWebhookUrl) return;
  periodic("outbox", { name: "the family events' delivery", everyMs: JOB_TICK_MS, pass: async () => void (await deliverFamilyEvents()) });
}
