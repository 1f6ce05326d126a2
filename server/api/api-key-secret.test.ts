import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX, displayPrefix, generateApiKey, hashApiKey, isApiKeyShape, parseBearerKey } from "./api-key-secret.ts";

describe("generateApiKey", () => {
  it("makes lb_live_ + 32 random bytes in base64url, with its SHA-256 hash and a short prefix", () => {
    const key = generateApiKey();
    expect(key.secret).toMatch(/^lb_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.secret.slice(API_KEY_PREFIX.length), "base64url")).toHaveLength(32);
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.hash).toBe(hashApiKey(key.secret));
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    expect(key.prefix.startsWith(API_KEY_PREFIX)).toBe(true);
  });

  it("gives a different secret each time", () => {
    const secrets = new Set(Array.from({ length: 50 }, () => generateApiKey().secret));
    expect(secrets.size).toBe(50);
  });

  it("uses the random source it is given", () => {
    const key = generateApiKey((size) => Buffer.alloc(size, 0xff));
    expect(key.secret).toBe(`lb_live_${"_".repeat(42)}8`);
    expect(displayPrefix(key.secret)).toBe("lb_live_____");
  });
});

describe("hashApiKey", () => {
  it("is the hex SHA-256 of the whole secret", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("parseBearerKey", () => {
  const { secret } = generateApiKey();

  it("reads the key of a Bearer header, whatever the scheme's case and surrounding spaces", () => {
    expect(parseBearerKey(`Bearer ${secret}`)).toBe(secret);
    expect(parseBearerKey(`bearer ${secret}`)).toBe(secret);
    expect(parseBearerKey(`  BEARER   ${secret} `)).toBe(secret);
  });

  it("refuses a missing header, other schemes and malformed keys", () => {
    expect(parseBearerKey(null)).toBeNull();
    expect(parseBearerKey(undefined)).toBeNull();
    expect(parseBearerKey("")).toBeNull();
    expect(parseBearerKey(`Basic ${secret}`)).toBeNull();
    expect(parseBearerKey(secret)).toBeNull();
    expect(parseBearerKey("Bearer")).toBeNull();
    expect(parseBearerKey(`Bearer ${secret} extra`)).toBeNull();
    expect(parseBearerKey(`Bearer ${secret.slice(0, -1)}`)).toBeNull();
    expect(parseBearerKey(`Bearer ${secret}x`)).toBeNull();
    expect(parseBearerKey(`Bearer lb_test_${secret.slice(8)}`)).toBeNull();
    expect(parseBearerKey(`Bearer ${secret.slice(0, -1)}!`)).toBeNull();
  });

  it("checks the shape only", () => {
    expect(isApiKeyShape(`lb_live_${"A".repeat(43)}`)).toBe(true);
    expect(isApiKeyShape(`lb_live_${"A".repeat(44)}`)).toBe(false);
  });
});
