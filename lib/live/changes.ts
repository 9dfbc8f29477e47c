// What the organiser does to a pupil's running attempt, told to the pupil's open page at once
// (issue 22): extra minutes, an earlier close, an end, a reset, a new password, a block. The
// organiser's function publishes after its transaction commits; every app process tells the
// streams of that pupil it holds (app/api/TestAttempts/Events). One process: in memory; more than
// one (REDIS_URL): through one Redis channel, which every process hears. Changes are rare (an
// organiser's acts), so each process simply hears them all.
import "server-only";
import { EventEmitter } from "node:events";
import type Redis from "ioredis";
import { config } from "@/lib/config";
import { sharedRedis } from "@/lib/http/rate-limit";
import { processWide } from "@/lib/process-state.mjs";

/** What the pupil's page is told; it never carries more than the pupil may know. */
export type AttemptChange =
  | { kind: "extended"; minutes: number }
  | { kind: "deadline" }
  | { kind: "ended"; attemptId: number }
  | { kind: "reset"; attemptId: number }
  | { kind: "signedOut"; reason: "password" | "blocked" | "signedOut" };

/** A change for one session of the pupil's only (its device signed out), when `sessionId` is set. */
type Message = { userIds: number[]; change: AttemptChange; sessionId?: string };

/** The process's one hub (lib/process-state.mjs): a change published by one route reaches the pages listening through another. */
const hub = () => processWide("live", openHub);

function openHub(): { local: EventEmitter; redis: Redis | null } {
  const local = new EventEmitter();
  local.setMaxListeners(0); // one listener per open attempt page
  const { redisUrl, redisKeyPrefix } = config();
  let redis: Redis | null = null;
  if (redisUrl) {
    redis = sharedRedis(redisUrl);
    // A connection of its own, which waits for Redis rather than failing (the shared client does not).
    const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    subscriber.subscribe(channelName(redisKeyPrefix)).catch(() => {});
    subscriber.on("message", (_channel: string, text: string) => deliver(local, JSON.parse(text) as Message));
    subscriber.on("error", () => {}); // reconnects by itself; meanwhile the pages' periodic checks hold
  }
  return { local, redis };
}

const channelName = (prefix: string) => `${prefix}:attempt-changes`;

function deliver(local: EventEmitter, { userIds, change, sessionId }: Message) {
  for (const userId of userIds) local.emit(`user:${userId}`, change, sessionId);
}

/** Tells these pupils' open pages of a change (after the transaction that made it has committed). */
export async function publishChange(userIds: number[], change: AttemptChange, { sessionId }: { sessionId?: string } = {}): Promise<void> {
  if (userIds.length === 0) return;
  const { local, redis } = hub();
  const message: Message = { userIds, change, ...(sessionId ? { sessionId } : {}) };
  if (redis) {
    // Heard by every process, this one included; if Redis is away, this process's pages at least.
    const sent = await redis.publish(channelName(config().redisKeyPrefix), JSON.stringify(message)).catch(() => null);
    if (sent !== null) return;
  }
  deliver(local, message);
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
