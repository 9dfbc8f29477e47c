// Rate limits shared by every instance: in Redis when REDIS_URL is set, in memory otherwise.
import "server-only";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { callMessages } from "@/lib/i18n/server";
import { processWide } from "@/lib/process-state.mjs";
import { clientAddressOf } from "./client-address.mjs";
import { AppError } from "./errors";
import { sharedRedis } from "./redis";

/**
 * Connects to Redis at start (when REDIS_URL is set), so the first requests are already counted
 * there: a command sent before the connection is up goes to the in-memory insurance limiter,
 * which the other instances do not see.
 */
export function connectSharedLimits(): void {
  const { redisUrl } = config();
  if (redisUrl) sharedRedis(redisUrl);
}

export type Limiter = {
  /** Counts one event for the key; throws 429 with Retry-After when the budget is spent. */
  consume(key: string): Promise<void>;
  /** Throws 429 if the key has no budget left, without counting. */
  check(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

const tooManyRequests = (msBeforeNext: number) =>
  new AppError(429, null, callMessages().http.tooManyRequests, {}, { "Retry-After": String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });

/** The limiters by name, one per process (lib/process-state.mjs): every copy of a handler spends one budget. */
const limiters = () => processWide("limits", () => new Map<string, RateLimiterAbstract>());

export function createLimiter(name: string, { points, durationSeconds }: { points: number; durationSeconds: number }): Limiter {
  const get = () => {
    const made = limiters().get(name);
    if (made) return made;
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
    const { redisUrl, redisKeyPrefix } = config();
    const limiter = redisUrl
      ? new RateLimiterRedis({
          storeClient: sharedRedis(redisUrl),
          keyPrefix: `${redisKeyPrefix}:${name}`,
          points,
          duration: durationSeconds,
          insuranceLimiter: memory,
        })
      : memory;
    limiters().set(name, limiter);
    return limiter;
  };
  return {
    async consume(key) {
      try {
        await get().consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext);
        throw error;
      }
    },
    async check(key) {
      const state = await get().get(key);
      if (state && state.consumedPoints >= points) throw tooManyRequests(state.msBeforeNext);
    },
    async reset(key) {
      await get().delete(key);
    },
  };
}

/** The client's address as client-address.mjs defines it. */
export function clientAddress(headers: Headers): string {
  return clientAddressOf(headers.get("x-forwarded-for"), config().trustProxyHops);
}
