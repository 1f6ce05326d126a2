// Brute-force protection for sign-in, password reset and registration (issue 13, decision 0023;
// OWASP ASVS V2.2.1). Every limit is consumed atomically BEFORE the work (the password check, the
// e-mail, the new account), so parallel requests cannot all slip past a check made before a count
// (30 parallel wrong passwords were once all verified against a limit of 5).
//
// Sign-in cannot be used to lock the real owner out: the hard limit is per account AND client IP (an
// attacker locks only their own address out of that account) and per IP (one address guessing many
// accounts). Across all addresses an account's failures only slow each further attempt down
// (a progressive delay, capped), which makes distributed guessing slow without ever refusing the owner.
//
// rate-limiter-flexible: in memory by default, Redis when REDIS_URL is set (every instance counts together).
import type { Redis } from "ioredis";
import { makeLimiter, tryConsume } from "../rate-limit/limiters.server.ts";

export type AuthLimits = {
  /** Sign-in attempts for one account from one IP within the window; a success clears them. */
  attemptsPerAccountAndIp: number;
  /** Sign-in attempts from one IP within the window, for any accounts; a success gives one back. */
  attemptsPerIp: number;
  /** Failed sign-ins of an account (from anywhere) within the window after which each attempt waits. */
  accountDelayAfter: number;
  /** Password-reset requests per IP within the window. */
  resetsPerIp: number;
  /** New accounts per IP within the window. */
  registrationsPerIp: number;
  /** New demo sandboxes (the /login demo button, decision 0026) per IP within the window. */
  sandboxesPerIp: number;
  windowSeconds: number;
};

export const defaultAuthLimits: AuthLimits = {
  attemptsPerAccountAndIp: 5,
  attemptsPerIp: 20,
  accountDelayAfter: 10,
  resetsPerIp: 5,
  registrationsPerIp: 10,
  sandboxesPerIp: 3,
  windowSeconds: 15 * 60,
};

/** The longest an attempt is made to wait, however many failures an account has had. */
export const MAX_LOGIN_DELAY_MS = 8_000;

/** 250 ms at the first failure past the threshold, doubling, capped. */
export function loginDelayMs(accountFailures: number, delayAfter: number): number {
  if (accountFailures < delayAfter) return 0;
  return Math.min(250 * 2 ** (accountFailures - delayAfter), MAX_LOGIN_DELAY_MS);
}

export type LoginGate = { allowed: false } | { allowed: true; delayMs: number };

export type AuthLimiter = {
  /** Consumes one sign-in attempt for this account from this IP; says whether to go on, and how long to wait first. */
  beginLogin(email: string, ip: string): Promise<LoginGate>;
  loginFailed(email: string): Promise<void>;
  /** The right password: the pair's attempts are cleared and the IP gets its attempt back. */
  loginSucceeded(email: string, ip: string): Promise<void>;
  /** Consumes one reset for this IP; false when over the limit. */
  allowReset(ip: string): Promise<boolean>;
  /** Consumes one registration for this IP; false when over the limit. */
  allowRegistration(ip: string): Promise<boolean>;
  /** Consumes one new demo sandbox for this IP; false when over the limit. */
  allowSandbox(ip: string): Promise<boolean>;
};

export function createAuthLimiter(options: { redis?: Redis; limits?: Partial<AuthLimits> } = {}): AuthLimiter {
  const limits = { ...defaultAuthLimits, ...options.limits };
  const make = (keyPrefix: string, points: number) => makeLimiter(options.redis, keyPrefix, points, limits.windowSeconds);
  const byPair = make("lb:login:pair", limits.attemptsPerAccountAndIp);
  const byIp = make("lb:login:ip", limits.attemptsPerIp);
  // Counts failures only, for the delay; never refuses (its points are effectively unlimited).
  const accountFailures = make("lb:login:account-failures", Number.MAX_SAFE_INTEGER);
  const resets = make("lb:reset:ip", limits.resetsPerIp);
  const registrations = make("lb:register:ip", limits.registrationsPerIp);
  const sandboxes = make("lb:sandbox:ip", limits.sandboxesPerIp);
  const pairKey = (email: string, ip: string) => `${email}|${ip}`;

  return {
    async beginLogin(email, ip) {
      // Both consumed at once, before anything is checked; one refusal is enough.
      const [pair, client] = await Promise.all([tryConsume(byPair, pairKey(email, ip)), tryConsume(byIp, ip)]);
      if (!pair || !client) return { allowed: false };
      const failures = (await accountFailures.get(email))?.consumedPoints ?? 0;
      return { allowed: true, delayMs: loginDelayMs(failures, limits.accountDelayAfter) };
    },
    async loginFailed(email) {
      await tryConsume(accountFailures, email);
    },
    async loginSucceeded(email, ip) {
      await Promise.all([byPair.delete(pairKey(email, ip)), byIp.reward(ip, 1), accountFailures.delete(email)]);
    },
    allowReset: (ip) => tryConsume(resets, ip),
    allowRegistration: (ip) => tryConsume(registrations, ip),
    allowSandbox: (ip) => tryConsume(sandboxes, ip),
  };
}
