import { describe, expect, it, vi } from "vitest";
import { createChatbotCache } from "./chatbot-cache.server.ts";
import type { ChatbotRecord } from "./profile.server.ts";

function fakeLoad(rows: Record<string, { id: string; businessId: string; businessName: string }>) {
  const findUnique = vi.fn(async (id: string) => (rows[id] ? ({ ...rows[id] } as unknown as ChatbotRecord) : null));
  return { load: findUnique, findUnique };
}

describe("chatbot cache", () => {
  it("loads once per TTL, sharing a miss between concurrent callers", async () => {
    let now = 0;
    const { load, findUnique } = fakeLoad({ c1: { id: "c1", businessId: "b1", businessName: "Sparkle" } });
    const cache = createChatbotCache({ load, ttlMs: 1000, now: () => now });
    const [a, b] = await Promise.all([cache.byId("c1"), cache.byId("c1")]);
    expect(a?.businessName).toBe("Sparkle");
    expect(b).toBe(a);
    now = 999;
    await cache.byId("c1");
    expect(findUnique).toHaveBeenCalledTimes(1);
    now = 1000;
    await cache.byId("c1");
    expect(findUnique).toHaveBeenCalledTimes(2);
  });

  it("forgets a business's chatbots at once after a change", async () => {
    const rows = { c1: { id: "c1", businessId: "b1", businessName: "Old" }, c2: { id: "c2", businessId: "b2", businessName: "Other" } };
    const { load, findUnique } = fakeLoad(rows);
    const cache = createChatbotCache({ load, ttlMs: 60_000, now: () => 0 });
    await cache.byId("c1");
    await cache.byId("c2");
    rows.c1.businessName = "New";
    cache.forgetBusiness("b1");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.byId("c1"))?.businessName).toBe("New");
    await cache.byId("c2");
    expect(findUnique).toHaveBeenCalledTimes(3); // c1 twice, c2 once
  });

  it("never caches a failed load", async () => {
    const findUnique = vi.fn().mockRejectedValueOnce(new Error("connection lost")).mockResolvedValue({ id: "c1", businessId: "b1" });
    const cache = createChatbotCache({ load: findUnique, ttlMs: 60_000, now: () => 0 });
    await expect(cache.byId("c1")).rejects.toThrow("connection lost");
    expect((await cache.byId("c1"))?.id).toBe("c1");
  });
});
