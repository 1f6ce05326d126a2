import { describe, expect, it } from "vitest";
import { signManageToken, verifyManageToken } from "./manage-token.ts";

const secret = "s".repeat(43);
const now = new Date("2026-02-03T15:00:00Z");
const later = new Date("2026-02-05T15:00:00Z");

describe("the manage link's token", () => {
  it("names the appointment and its nonce until it expires", () => {
    const token = signManageToken(secret, { appointmentId: "apt1", nonce: "n1" }, later);
    expect(verifyManageToken(secret, token, now)).toEqual({ ok: true, target: { appointmentId: "apt1", nonce: "n1" } });
    expect(verifyManageToken(secret, token, new Date(later.getTime() + 1))).toEqual({ ok: false, problem: "expired" });
  });

  it("refuses a forged or altered token", () => {
    const token = signManageToken(secret, { appointmentId: "apt1", nonce: "n1" }, later);
    const [body, sig] = token.split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ a: "apt2", n: "n1", x: later.getTime() })).toString("base64url");
    expect(verifyManageToken(secret, `${other}.${sig}`, now)).toEqual({ ok: false, problem: "invalid" });
    expect(verifyManageToken("t".repeat(43), token, now)).toEqual({ ok: false, problem: "invalid" });
    expect(verifyManageToken(secret, `${body}.${"A".repeat(43)}`, now)).toEqual({ ok: false, problem: "invalid" });
    expect(verifyManageToken(secret, "nonsense", now)).toEqual({ ok: false, problem: "invalid" });
    expect(verifyManageToken(secret, 42, now)).toEqual({ ok: false, problem: "invalid" });
  });
});
