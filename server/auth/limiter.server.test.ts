// Brute-force protection for sign-in, reset and registration (memory store): consumed before the work,
// locks only the attacking address, slows distributed guessing down without refusing the owner.
import { describe, expect, it } from "vitest";
import { createAuthLimiter, defaultAuthLimits, loginDelayMs, MAX_LOGIN_DELAY_MS } from "./limiter.server.ts";

const limits = { attemptsPerAccountAndIp: 3, attemptsPerIp: 5, accountDelayAfter: 4, resetsPerIp: 2, registrationsPerIp: 2, sandboxesPerIp: 1, windowSeconds: 60 };

describe("createAuthLimiter (memory)", () => {
  it("has the documented defaults", () => {
    expect(defaultAuthLimits).toEqual({
      attemptsPerAccountAndIp: 5,
      attemptsPerIp: 20,
      accountDelayAfter: 10,
      resetsPerIp: 5,
      registrationsPerIp: 10,
      sandboxesPerIp: 3,
      windowSeconds: 900,
    });
  });

  it("lets through exactly the limit of parallel attempts for one account from one IP", async () => {
    const limiter = createAuthLimiter({ limits });
    const gates = await Promise.all(Array.from({ length: 30 }, () => limiter.beginLogin("owner@example.com", "10.0.0.1")));
    expect(gates.filter((g) => g.allowed)).toHaveLength(3);
  });

  it("locks the attacking address out of the account, not the owner on their own address", async () => {
    const limiter = createAuthLimiter({ limits });
    for (let i = 0; i < 3; i++) {
      expect((await limiter.beginLogin("owner@example.com", "10.6.6.6")).allowed).toBe(true);
      await limiter.loginFailed("owner@example.com");
    }
    expect((await limiter.beginLogin("owner@example.com", "10.6.6.6")).allowed).toBe(false);
    expect(await limiter.beginLogin("owner@example.com", "192.168.1.9")).toEqual({ allowed: true, delayMs: 0 });
  });

  it("slows every attempt on an account down after many failures from many addresses, but never refuses it", async () => {
    const limiter = createAuthLimiter({ limits });
    for (let i = 0; i < 4; i++) {
      await limiter.beginLogin("owner@example.com", `10.0.1.${i}`);
      await limiter.loginFailed("owner@example.com");
    }
    expect(await limiter.beginLogin("owner@example.com", "192.168.1.9")).toEqual({ allowed: true, delayMs: 250 });
    // A success clears the account's failures.
    await limiter.loginSucceeded("owner@example.com", "192.168.1.9");
    expect(await limiter.beginLogin("owner@example.com", "192.168.1.9")).toEqual({ allowed: true, delayMs: 0 });
  });

  it("blocks an address that guesses at many accounts, and gives an attempt back on success", async () => {
    const limiter = createAuthLimiter({ limits });
    for (let i = 0; i < 5; i++) expect((await limiter.beginLogin(`user${i}@example.com`, "10.0.0.1")).allowed).toBe(true);
    expect((await limiter.beginLogin("user9@example.com", "10.0.0.1")).allowed).toBe(false);
    const other = createAuthLimiter({ limits });
    for (let i = 0; i < 4; i++) await other.beginLogin(`u${i}@example.com`, "10.0.0.2");
    await other.beginLogin("ok@example.com", "10.0.0.2");
    await other.loginSucceeded("ok@example.com", "10.0.0.2");
    expect((await other.beginLogin("next@example.com", "10.0.0.2")).allowed).toBe(true);
  });

  it("allows resets, registrations and demo sandboxes up to their limits per IP, atomically", async () => {
    const limiter = createAuthLimiter({ limits });
    expect(await Promise.all([1, 2, 3, 4].map(() => limiter.allowReset("10.0.0.1")))).toEqual([true, true, false, false]);
    expect(await limiter.allowReset("10.0.0.2")).toBe(true);
    expect(await Promise.all([1, 2, 3].map(() => limiter.allowRegistration("10.0.0.1")))).toEqual([true, true, false]);
    expect(await Promise.all([1, 2].map(() => limiter.allowSandbox("10.0.0.1")))).toEqual([true, false]);
    expect(await limiter.allowSandbox("10.0.0.2")).toBe(true);
  });

  it("gives each limiter its own counts", async () => {
    const first = createAuthLimiter({ limits });
    const second = createAuthLimiter({ limits });
    for (let i = 0; i < 3; i++) await first.beginLogin("owner@example.com", "10.0.0.1");
    expect((await first.beginLogin("owner@example.com", "10.0.0.1")).allowed).toBe(false);
    expect((await second.beginLogin("owner@example.com", "10.0.0.1")).allowed).toBe(true);
  });
});

describe("loginDelayMs", () => {
  it("is zero below the threshold, then doubles from 250 ms up to the cap", () => {
    expect([9, 10, 11, 12].map((n) => loginDelayMs(n, 10))).toEqual([0, 250, 500, 1000]);
    expect(loginDelayMs(100, 10)).toBe(MAX_LOGIN_DELAY_MS);
  });
});
