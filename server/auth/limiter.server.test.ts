// Brute-force protection for sign-in and password reset (memory store).
import { describe, expect, it } from "vitest";
import { createAuthLimiter, defaultAuthLimits, type AuthLimiter } from "./limiter.server.ts";

const limits = { failuresPerAccount: 3, failuresPerIp: 5, resetsPerIp: 2, windowSeconds: 60 };

async function fail(limiter: AuthLimiter, email: string, ip: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await limiter.recordLoginFailure(email, ip);
}

describe("createAuthLimiter (memory)", () => {
  it("has the documented defaults", () => {
    expect(defaultAuthLimits).toEqual({ failuresPerAccount: 5, failuresPerIp: 20, resetsPerIp: 5, windowSeconds: 900 });
  });

  it.each([0, 1, 2])("does not block an account after %d failures (limit 3)", async (failures) => {
    const limiter = createAuthLimiter({ limits });
    await fail(limiter, "owner@example.com", "10.0.0.1", failures);
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.1")).toBe(false);
  });

  it.each([3, 4])("blocks an account after %d failures (limit 3), from any IP", async (failures) => {
    const limiter = createAuthLimiter({ limits });
    await fail(limiter, "owner@example.com", "10.0.0.1", failures);
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.1")).toBe(true);
    // The account lock is per account, so a different client is refused too.
    expect(await limiter.isLoginBlocked("owner@example.com", "192.168.1.9")).toBe(true);
  });

  it("counts failures of one account across IPs", async () => {
    const limiter = createAuthLimiter({ limits });
    await limiter.recordLoginFailure("owner@example.com", "10.0.0.1");
    await limiter.recordLoginFailure("owner@example.com", "10.0.0.2");
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.3")).toBe(false);
    await limiter.recordLoginFailure("owner@example.com", "10.0.0.3");
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.4")).toBe(true);
  });

  it("does not block another account from the same IP until the IP limit", async () => {
    const limiter = createAuthLimiter({ limits });
    await fail(limiter, "a@example.com", "10.0.0.1", 3); // IP at 3 of 5
    expect(await limiter.isLoginBlocked("a@example.com", "10.0.0.1")).toBe(true);
    expect(await limiter.isLoginBlocked("b@example.com", "10.0.0.1")).toBe(false);

    await limiter.recordLoginFailure("b@example.com", "10.0.0.1"); // IP at 4 of 5
    expect(await limiter.isLoginBlocked("b@example.com", "10.0.0.1")).toBe(false);
    expect(await limiter.isLoginBlocked("c@example.com", "10.0.0.1")).toBe(false);

    await limiter.recordLoginFailure("b@example.com", "10.0.0.1"); // IP at 5 of 5
    expect(await limiter.isLoginBlocked("b@example.com", "10.0.0.1")).toBe(true);
    expect(await limiter.isLoginBlocked("c@example.com", "10.0.0.1")).toBe(true);
    // Another IP is unaffected for an account that is not locked itself.
    expect(await limiter.isLoginBlocked("b@example.com", "10.0.0.2")).toBe(false);
    expect(await limiter.isLoginBlocked("a@example.com", "10.0.0.2")).toBe(true);
  });

  it("resets the account counter on success", async () => {
    const limiter = createAuthLimiter({ limits });
    await fail(limiter, "owner@example.com", "10.0.0.1", 2);
    await limiter.recordLoginSuccess("owner@example.com");
    // Two more failures would have locked the account without the reset.
    await fail(limiter, "owner@example.com", "10.0.0.2", 2);
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.3")).toBe(false);
    await limiter.recordLoginFailure("owner@example.com", "10.0.0.3");
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.4")).toBe(true);
  });

  it("unlocks a locked account on success but leaves the IP count alone", async () => {
    const limiter = createAuthLimiter({ limits });
    await fail(limiter, "owner@example.com", "10.0.0.1", 3);
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.2")).toBe(true);
    await limiter.recordLoginSuccess("owner@example.com");
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.2")).toBe(false);
    // 10.0.0.1 still has 3 of 5 failures: two more from any account block it.
    await fail(limiter, "other@example.com", "10.0.0.1", 2);
    expect(await limiter.isLoginBlocked("owner@example.com", "10.0.0.1")).toBe(true);
  });

  it("allows resets up to the limit per IP, then refuses", async () => {
    const limiter = createAuthLimiter({ limits });
    expect(await limiter.allowReset("10.0.0.1")).toBe(true);
    expect(await limiter.allowReset("10.0.0.1")).toBe(true);
    expect(await limiter.allowReset("10.0.0.1")).toBe(false);
    expect(await limiter.allowReset("10.0.0.1")).toBe(false);
    expect(await limiter.allowReset("10.0.0.2")).toBe(true);
  });

  it("keeps reset and sign-in counts apart", async () => {
    const limiter = createAuthLimiter({ limits });
    await fail(limiter, "owner@example.com", "10.0.0.1", 4);
    expect(await limiter.allowReset("10.0.0.1")).toBe(true);
    expect(await limiter.allowReset("10.0.0.1")).toBe(true);
    expect(await limiter.allowReset("10.0.0.1")).toBe(false);
    expect(await limiter.isLoginBlocked("other@example.com", "10.0.0.1")).toBe(false);
  });

  it("gives each limiter its own counts", async () => {
    const first = createAuthLimiter({ limits });
    const second = createAuthLimiter({ limits });
    await fail(first, "owner@example.com", "10.0.0.1", 3);
    expect(await first.isLoginBlocked("owner@example.com", "10.0.0.1")).toBe(true);
    expect(await second.isLoginBlocked("owner@example.com", "10.0.0.1")).toBe(false);
  });
});
