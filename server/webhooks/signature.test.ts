import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { computeSignature, generateWebhookSecret, signatureHeader, standardSignature, standardWebhookHeaders, verifySignature } from "./signature.ts";

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

  it("generates whsec_ secrets of 32 random bytes in standard base64", () => {
    const secret = generateWebhookSecret(() => Buffer.alloc(32, 0xfb));
    expect(secret).toBe(`whsec_${Buffer.alloc(32, 0xfb).toString("base64")}`);
    expect(secret).toContain("+"); // the standard alphabet, not base64url
    expect(generateWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });
});

describe("Standard Webhooks signature", () => {
  // A vector computed outside this code, with the secret's decoded bytes as the key:
  // printf '%s' 'msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}' \
  //   | openssl dgst -sha256 -mac HMAC -macopt hexkey:$(echo -n '<secret after whsec_>' | base64 -d | xxd -p -c 256) -binary | base64
  it("is the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the decoded secret (known vector)", () => {
    const secret = "whsec_MfKQ9r8GKYqrTAjSjd3p2EUovUtahrkGrpyy4mYNU9s=";
    const body = '{"test": 2432232314}';
    expect(standardSignature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe("v1,2tKVRP3AHj+gKuSv1/VfWSVHWzV9G+NlbXZgn+dCzpk=");
  });

  it("is verified by the standardwebhooks library, for new secrets and (as raw key) for older base64url ones", () => {
    const now = Math.floor(Date.now() / 1000);
    const secret = generateWebhookSecret();
    const headers = standardWebhookHeaders(secret, "evt_1", now, BODY);
    expect(Object.keys(headers).sort()).toEqual(["webhook-id", "webhook-signature", "webhook-timestamp"]);
    expect(new Webhook(secret).verify(BODY, headers)).toEqual({ id: "evt_1", type: "lead.created" });
    expect(() => new Webhook(secret).verify(BODY.replace("evt_1", "evt_2"), headers)).toThrow("No matching signature found");
    expect(() => new Webhook(generateWebhookSecret()).verify(BODY, headers)).toThrow("No matching signature found");
    expect(() => new Webhook(secret).verify(BODY, { ...headers, "webhook-timestamp": String(now - 301) })).toThrow("Message timestamp too old");

    const legacy = `whsec_${Buffer.alloc(32, 0xfb).toString("base64url")}`;
    const legacyHeaders = standardWebhookHeaders(legacy, "evt_1", now, BODY);
    expect(new Webhook(Buffer.from(legacy.slice(6), "base64url"), { format: "raw" }).verify(BODY, legacyHeaders)).toMatchObject({ id: "evt_1" });
  });
});
