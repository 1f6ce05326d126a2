import { describe, expect, it } from "vitest";
import { signUnsubscribeToken, UNSUBSCRIBE_LINK_TTL_DAYS, verifyUnsubscribeToken } from "./unsubscribe.server.ts";

const secret = "s".repeat(43);
const target = { businessId: "biz_1", email: " Pat@Example.COM " };

describe("unsubscribe tokens", () => {
  it("name the business and the normalised address, until they expire", () => {
    const now = Date.UTC(2026, 10, 25);
    const token = signUnsubscribeToken(secret, target, now);
    expect(verifyUnsubscribeToken(secret, token, now)).toEqual({ ok: true, target: { businessId: "biz_1", email: "pat@example.com" } });
    const later = now + UNSUBSCRIBE_LINK_TTL_DAYS * 86_400_000;
    expect(verifyUnsubscribeToken(secret, token, later)).toEqual({ ok: false, problem: "expired" });
  });

  it("refuse a changed payload, a changed signature, another secret and garbage", () => {
    const token = signUnsubscribeToken(secret, target);
    const [body, sig] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), b: "biz_2" })).toString("base64url");
    for (const bad of [`${forged}.${sig}`, `${body}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`, "", "x.y", `${body}.`, 42, null]) {
      expect(verifyUnsubscribeToken(secret, bad)).toEqual({ ok: false, problem: "invalid" });
    }
    expect(verifyUnsubscribeToken("t".repeat(43), token)).toEqual({ ok: false, problem: "invalid" });
  });
});
