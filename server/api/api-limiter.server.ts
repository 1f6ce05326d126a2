// The REST API's rate limit: requests per key per minute (rate-limiter-flexible through
// server/rate-limit; in memory, or in Redis when REDIS_URL is set so every instance counts together).
import type { Redis } from "ioredis";
import { RateLimiterRes } from "rate-limiter-flexible";
import { makeLimiter } from "../rate-limit/limiters.server.ts";

export type ApiLimits = { requestsPerKeyPerMinute: number };

export const defaultApiLimits: ApiLimits = { requestsPerKeyPerMinute: 60 };

export type ApiRateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export type ApiLimiter = {
  readonly limit: number;
  /** Consumes one request of the key's minute. */
  consume(keyId: string): Promise<ApiRateDecision>;
};

export function createApiLimiter(options: { redis?: Redis; limits?: ApiLimits } = {}): ApiLimiter {
  const limit = (options.limits ?? defaultApiLimits).requestsPerKeyPerMinute;
  const limiter = makeLimiter(options.redis, "lb:api:key", limit, 60);
  return {
    limit,
    async consume(keyId) {
      try {
        const res = await limiter.consume(keyId);
        return { allowed: true, remaining: res.remainingPoints };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
  };
}
