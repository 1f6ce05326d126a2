import { describe, expect, it } from "vitest";
import { clientIpOf, parseTrustProxy } from "./client-ip.ts";

const xff = (value: string) => ({ "x-forwarded-for": value });

describe("clientIpOf", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(clientIpOf("203.0.113.9", xff("1.2.3.4"), false)).toBe("203.0.113.9");
  });

  it("with one trusted hop takes the entry the proxy added, not one the client wrote", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy at 10.0.0.2 appended the client's real address.
    expect(clientIpOf("10.0.0.2", xff("1.2.3.4, 198.51.100.7"), 1)).toBe("198.51.100.7");
    expect(clientIpOf("10.0.0.2", xff("198.51.100.7"), 1)).toBe("198.51.100.7");
    // Two proxies: the second hop's entry.
    expect(clientIpOf("10.0.0.3", xff("1.2.3.4, 198.51.100.7, 10.0.0.2"), 2)).toBe("198.51.100.7");
  });

  it("with proxy addresses walks from the right to the first address that is not a proxy", () => {
    const trust = parseTrustProxy("10.0.0.0/8");
    expect(clientIpOf("10.0.0.2", xff("1.2.3.4, 198.51.100.7, 10.9.9.9"), trust)).toBe("198.51.100.7");
    // A request that did not come through a trusted proxy: its own address, whatever it claims.
    expect(clientIpOf("203.0.113.9", xff("1.2.3.4"), trust)).toBe("203.0.113.9");
  });

  it("has no address for a socket without one", () => {
    expect(clientIpOf(undefined, {}, 1)).toBe("unknown");
  });
});
