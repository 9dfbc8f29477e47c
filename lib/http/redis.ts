// The one Redis client of this process (the shared rate limits, the organiser's acts' fast path),
// and whether Redis is there. Redis is an aid, never a condition: while it is away the rate limits
// count in memory (rate-limit.ts) and the acts go through PostgreSQL (lib/live/changes.ts), and
// /holat and the metrics (olimpiada_redis_up, read from the state kept here) say so. An outage
// is one log line when it starts and one when it ends, whatever the number of tries in between.
import "server-only";
import Redis from "ioredis";
import { log } from "@/lib/log.mjs";
import { madeYet, processWide } from "@/lib/process-state.mjs";

/** "up": connected; "down": away (since `since`); "connecting": not connected yet since start. */
export type RedisState = { state: "connecting" | "up" | "down"; since: Date };

type Shared = { client: Redis; health: RedisState };

function connect(url: string): Shared {
  // No offline queue: when Redis is away, the in-memory insurance limiter answers at once.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const shared: Shared = { client, health: { state: "connecting", since: new Date() } };
  client.on("ready", () => {
    const was = shared.health;
    shared.health = { state: "up", since: new Date() };
    if (was.state === "down")
      log().info({ redis: "up", awaySeconds: Math.round((Date.now() - was.since.getTime()) / 1000) }, "Redis is back");
  });
  client.on("close", () => {
    const was = shared.health;
    if (was.state === "down") return;
    shared.health = { state: "down", since: new Date() };
    log().warn({ redis: "down" }, "Redis is away: rate limits count in memory, acts go through PostgreSQL");
  });
  // Each failed try is an error event: the outage's line above says it once (unheard, ioredis
  // would print every one).
  client.on("error", () => {});
  return shared;
}

/** The one Redis client of this process (lib/process-state.mjs). */
export function sharedRedis(url: string): Redis {
  return processWide("redis", () => connect(url)).client;
}

/** Redis's state as this process sees it; null when REDIS_URL is not set (or not connected to yet). */
export function redisState(): RedisState | null {
  return (madeYet("redis") as Shared | undefined)?.health ?? null;
}
