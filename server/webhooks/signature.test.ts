import { describe, expect, it } from "vitest";
import { computeSignature, generateWebhookSecret, signatureHeader, verifySignature } from "./signature.ts";

// A known vector computed outside this code:
// printf '%s' '1700000000.{"id":"evt_1","type":"lead.created"}' | openssl dgst -sha256 -hmac '<secret>'
const SECRET = "whsec_MfKQ9r8GKYqrTAjSjd3p2mN1Qk5Q2bLw7X0e2Qf7m1o";
const BODY = '{"id":"evt_1","type":"lead.created"}';
const EXPECTED = "b864e1f8974a129e5f93454fbcd9f75aceccb9807e183f21808f98b27ce1691b";

describe("webhook signature", () => {
  it("is the HMAC-SHA256 of `t.body` keyed with the whole secret (known vector)", () => {
    expect(computeSignature(SECRET, 1700000000, BODY)).toBe(EXPECTED);
    expect(signatureHeader(SECRET, 1700000000, BODY)).toBe(`t=1700000000,v1=${EXPECTED}`);
  });

  it("verifies the header a receiver gets, within the tolerance", () => {
    const header = signatureHeader(SECRET, 1700000000, BODY);
    expect(verifySignature(SECRET, header, BODY, { now: 1700000100 })).toEqual({ ok: true, timestamp: 1700000000 });
    expect(verifySignature(SECRET, header, BODY, { now: 1700000000 + 301 })).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses another body, another secret, a changed timestamp and malformed headers", () => {
    const header = signatureHeader(SECRET, 1700000000, BODY);
    const now = 1700000000;
    expect(verifySignature(SECRET, header, BODY.replace("evt_1", "evt_2"), { now }).ok).toBe(false);
    expect(verifySignature(`${SECRET}x`, header, BODY, { now }).ok).toBe(false);
    expect(verifySignature(SECRET, header.replace("t=1700000000", "t=1700000001"), BODY, { now })).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(SECRET, `v1=${EXPECTED}`, BODY, { now })).toEqual({ ok: false, reason: "malformed" });
    expect(verifySignature(SECRET, "t=1700000000,v1=zz", BODY, { now })).toEqual({ ok: false, reason: "malformed" });
    expect(verifySignature(SECRET, null, BODY, { now })).toEqual({ ok: false, reason: "malformed" });
  });

  it("accepts any of several v1 entries (a receiver during a secret rotation)", () => {
    const header = `t=1700000000,v1=${"0".repeat(64)},v1=${EXPECTED}`;
    expect(verifySignature(SECRET, header, BODY, { now: 1700000000 }).ok).toBe(true);
  });

  it("generates whsec_ secrets of 32 random bytes", () => {
    const secret = generateWebhookSecret(() => Buffer.alloc(32, 1));
    expect(secret).toBe(`whsec_${Buffer.alloc(32, 1).toString("base64url")}`);
    expect(generateWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});
