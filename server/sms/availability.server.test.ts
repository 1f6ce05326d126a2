import { describe, expect, it } from "vitest";
import { createSmsAvailability } from "./availability.server.ts";

function fakeDb(connected: Set<string>) {
  const calls: string[] = [];
  return {
    calls,
    db: { twilioConnection: { count: async ({ where }: { where: { businessId: string } }) => (calls.push(where.businessId), connected.has(where.businessId) ? 1 : 0) } },
  };
}

describe("createSmsAvailability", () => {
  it("reads a business's connection once per TTL, and again after forget", async () => {
    let now = 0;
    const { db, calls } = fakeDb(new Set(["b1"]));
    const sms = createSmsAvailability({ db: db as never, env: {}, ttlMs: 1000, now: () => now });
    expect(await sms.canText("b1")).toBe(true);
    expect(await sms.canText("b2")).toBe(false);
    expect(await sms.canText("b2")).toBe(false);
    expect(calls).toEqual(["b1", "b2"]);
    sms.forget("b2");
    expect(await sms.canText("b2")).toBe(false);
    now = 1500;
    expect(await sms.canText("b1")).toBe(true);
    expect(calls).toEqual(["b1", "b2", "b2", "b1"]);
  });

  it("every business can text on the operator's TWILIO_* account, with no read at all", async () => {
    const { db, calls } = fakeDb(new Set());
    const sms = createSmsAvailability({ db: db as never, env: { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM_NUMBER: "+15550001111" } });
    expect(await sms.canText("any")).toBe(true);
    expect(calls).toEqual([]);
  });
});
