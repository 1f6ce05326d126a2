// Shared plumbing for rate limits: rate-limiter-flexible in memory, or in Redis when the app has
// REDIS_URL so every instance counts together.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";

export function makeLimiter(
  redis: Redis | undefined,
  keyPrefix: string,
  points: number,
  durationSeconds: number,
): RateLimiterAbstract {
  return redis
    ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: durationSeconds })
    : new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
}

/** Consumes one point; false when over the limit. A store failure (an Error) is rethrown. */
export async function tryConsume(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    return false;
  }
}
