// What the organiser does to a pupil's running attempt, told to the pupil's open page at once:
// extra minutes, an earlier close, an end, a reset, a new password, a block. Published after the
// act's transaction commits, to this process's streams at once and to the others by Redis's channel
// and PostgreSQL's NOTIFY together (either alone is enough: an act reaches every page while Redis is
// away), each told once: docs/api.md ("The organiser's acts, heard at once").
import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type Redis from "ioredis";
import { config } from "@/lib/config";
import { databaseHandle, db } from "@/lib/db/client";
import { sharedRedis } from "@/lib/http/redis";
import { errorText, log } from "@/lib/log.mjs";
import { processWide } from "@/lib/process-state.mjs";

/** What the pupil's page is told; it never carries more than the pupil may know. */
export type AttemptChange =
  | { kind: "extended"; minutes: number }
  | { kind: "deadline" }
  | { kind: "ended"; attemptId: number }
  | { kind: "reset"; attemptId: number }
  | { kind: "signedOut"; reason: "password" | "blocked" | "signedOut" };

/** A change for some pupils (for one session of the pupil's only, its device signed out, when `sessionId` is set). */
type Message = { id: string; userIds: number[]; change: AttemptChange; sessionId?: string };

/** PostgreSQL's channel (one database per deployment); a notification's payload must stay under 8 000 bytes. */
const CHANNEL = "olimpiada_attempt_changes";
const PUPILS_PER_MESSAGE = 500;
/** How long a change's id is remembered, so that the second path's copy is dropped. */
const SEEN_MS = 5 * 60_000;

type Hub = { local: EventEmitter; seen: Map<string, number>; redis: Redis | null; channel: string };

/** The process's one hub (lib/process-state.mjs): a change published by one route reaches the pages listening through another. */
const hub = () => processWide("live", openHub);

function openHub(): Hub {
  const local = new EventEmitter();
  local.setMaxListeners(0); // one listener per open attempt page
  const { redisUrl, redisKeyPrefix } = config();
  const made: Hub = { local, seen: new Map(), redis: null, channel: `${redisKeyPrefix}:attempt-changes` };
  const hear = (text: string) => {
    try {
      deliverOnce(made, JSON.parse(text) as Message);
    } catch {
      // not one of ours
    }
  };
  if (redisUrl) {
    made.redis = sharedRedis(redisUrl);
    // A connection of its own, which waits for Redis rather than failing (the shared client does not).
    const subscriber = made.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    subscriber.subscribe(made.channel).catch(() => {});
    subscriber.on("message", (_channel: string, text: string) => hear(text));
    subscriber.on("error", () => {}); // reconnects by itself; lib/http/redis.ts logs the outage once
  }
  databaseHandle()
    .listen(CHANNEL, hear)
    .catch((error) =>
      log().error(
        { err: errorText(error) },
        "cannot LISTEN for the organiser's acts: other processes' acts reach this one through Redis only",
      ),
    );
  return made;
}

/** Tells this process's pages of a change, unless it already has (the other path brought it first). */
function deliverOnce({ local, seen }: Hub, { id, userIds, change, sessionId }: Message) {
  const now = Date.now();
  if (seen.has(id)) return;
  seen.set(id, now);
  for (const [old, at] of seen) {
    if (now - at < SEEN_MS) break; // remembered in the order heard: the rest are newer
    seen.delete(old);
  }
  for (const userId of userIds) local.emit(`user:${userId}`, change, sessionId);
}

/** Starts hearing the other processes' changes (at start, so none is missed while the first page opens). */
export function listenForChanges(): void {
  hub();
}

/** Tells these pupils' open pages of a change, in every process (after the transaction that made it has committed). */
export async function publishChange(userIds: number[], change: AttemptChange, { sessionId }: { sessionId?: string } = {}): Promise<void> {
  const made = hub();
  const messages: Message[] = [];
  for (let i = 0; i < userIds.length; i += PUPILS_PER_MESSAGE) {
    messages.push({ id: randomUUID(), userIds: userIds.slice(i, i + PUPILS_PER_MESSAGE), change, ...(sessionId ? { sessionId } : {}) });
  }
  const server = databaseHandle().kind === "postgres";
  await Promise.all(
    messages.map(async (message) => {
      deliverOnce(made, message);
      const text = JSON.stringify(message);
      await Promise.all([
        made.redis?.publish(made.channel, text).catch(() => null),
        // Through PgBouncer too: NOTIFY is a plain statement. Sent at once (no transaction is open here).
        server ? db.execute(sql`select pg_notify(${CHANNEL}, ${text})`).catch(() => null) : null,
      ]);
    }),
  );
}

/**
 * Calls `listener` with each change of this pupil until the returned function is called; a change
 * meant for one session only comes with that session's id.
 */
export function onChange(userId: number, listener: (change: AttemptChange, sessionId?: string) => void): () => void {
  const { local } = hub();
  local.on(`user:${userId}`, listener);
  return () => local.off(`user:${userId}`, listener);
}
