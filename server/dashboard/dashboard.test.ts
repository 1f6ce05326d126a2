import { describe, expect, it } from "vitest";
import { toActivity } from "./dashboard.server.ts";

const lead = { name: "Jane Doe", company: "Acme", email: null, priority: "high", score: 8.9 };

describe("recent activity from lead history", () => {
  it("maps events and due reminders to new-lead, response and follow-up items, newest first", () => {
    const items = toActivity(
      [
        { id: "e1", type: "created", data: {}, createdAt: new Date("2026-03-18T10:00:00Z"), leadId: "l1", lead },
        { id: "e2", type: "status_changed", data: { from: "new", to: "contacted" }, createdAt: new Date("2026-03-18T11:00:00Z"), leadId: "l1", lead },
        { id: "e3", type: "something_else", data: {}, createdAt: new Date("2026-03-18T11:30:00Z"), leadId: "l1", lead },
      ],
      [{ id: "r1", dueAt: new Date("2026-03-18T11:10:00Z"), note: "", leadId: "l1", lead }],
    );
    expect(items.map((i) => [i.type, i.text])).toEqual([
      ["follow-up", "Follow-up due: Jane Doe (Acme), high priority"],
      ["response", "Jane Doe (Acme) moved to Contacted"],
      ["new-lead", "New high-priority lead: Jane Doe (Acme), score 8.9"],
    ]);
    expect(items[0]!.time).toBe("2026-03-18T11:10:00.000Z");
  });

  it("keeps only the newest items", () => {
    const events = Array.from({ length: 12 }, (_, i) => ({
      id: `e${i}`,
      type: "created",
      data: {},
      createdAt: new Date(Date.UTC(2026, 2, 1 + i)),
      leadId: `l${i}`,
      lead,
    }));
    const items = toActivity(events, [], 8);
    expect(items).toHaveLength(8);
    expect(items[0]!.id).toBe("event:e11");
  });
});
