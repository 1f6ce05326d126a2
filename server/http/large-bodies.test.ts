import { describe, expect, it } from "vitest";
import { createLargeBodySlots } from "./large-bodies.server.ts";

describe("large-body slots", () => {
  it("caps bodies per client IP and in all, and frees a slot once", () => {
    const slots = createLargeBodySlots({ perIp: 2, total: 3 });
    const a1 = slots.acquire("a");
    const a2 = slots.acquire("a");
    expect(a1.ok && a2.ok).toBe(true);
    expect(slots.acquire("a")).toEqual({ ok: false, scope: "ip" });
    const b1 = slots.acquire("b");
    expect(b1.ok).toBe(true);
    expect(slots.acquire("c")).toEqual({ ok: false, scope: "total" });
    if (!a1.ok) throw new Error("unreachable");
    a1.release();
    a1.release(); // a second release frees nothing more
    expect(slots.inUse()).toBe(2);
    expect(slots.acquire("c").ok).toBe(true);
    expect(slots.acquire("a")).toEqual({ ok: false, scope: "total" });
  });
});
