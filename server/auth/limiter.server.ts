// Brute-force protection for sign-in and password reset: failures are counted per account and per
// client IP (rate-limiter-flexible; in memory by default, Redis when REDIS_URL is set so every
// instance shares the counts).
import type { Redis } from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { makeLimiter, tryConsume } from "../rate-limit/limiters.server.ts";

export type AuthLimits = {
  /** Failed sign-ins allowed per account within the window before it is locked for the window. */
  failuresPerAccount: number;
  /** Failed sign-ins allowed per IP within the window. */
  failuresPerIp: number;
  /** Password-reset e-mails per IP within the window. */
  resetsPerIp: number;
  windowSeconds: number;
};

export const defaultAuthLimits: AuthLimits = {
  failuresPerAccount: 5,
  failuresPerIp: 20,
  resetsPerIp: 5,
  windowSeconds: 15 * 60,
};

export type AuthLimiter = {
  /** True when sign-in for this account or IP is currently blocked. */
  isLoginBlocked(email: string, ip: string): Promise<boolean>;
  recordLoginFailure(email: string, ip: string): Promise<void>;
  recordLoginSuccess(email: string): Promise<void>;
  /** Consumes one reset for this IP; false when over the limit. */
  allowReset(ip: string): Promise<boolean>;
};

export function createAuthLimiter(options: { redis?: Redis; limits?: AuthLimits } = {}): AuthLimiter {
  const limits = options.limits ?? defaultAuthLimits;
  const make = (keyPrefix: string, points: number) => makeLimiter(options.redis, keyPrefix, points, limits.windowSeconds);
  const byAccount = make("lb:login:account", limits.failuresPerAccount);
  const byIp = make("lb:login:ip", limits.failuresPerIp);
  const resets = make("lb:reset:ip", limits.resetsPerIp);

  const exhausted = async (limiter: RateLimiterAbstract, key: string, points: number) => {
    const res = await limiter.get(key);
    return res !== null && res.consumedPoints >= points;
  };

  return {
    async isLoginBlocked(email, ip) {
      const [account, client] = await Promise.all([
        exhausted(byAccount, email, limits.failuresPerAccount),
        exhausted(byIp, ip, limits.failuresPerIp),
      ]);
      return account || client;
    },
    async recordLoginFailure(email, ip) {
      await Promise.all([tryConsume(byAccount, email), tryConsume(byIp, ip)]);
    },
    async recordLoginSuccess(email) {
      await byAccount.delete(email);
    },
    allowReset(ip) {
      return tryConsume(resets, ip);
    },
  };
}
