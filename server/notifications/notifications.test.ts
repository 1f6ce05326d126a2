import { describe, expect, it } from "vitest";
import { newLeadNotificationText } from "./notifications.server.ts";

describe("new-lead notification text", () => {
  const base = { name: "Jane Doe", email: "jane@acme.example", phone: null, company: "Acme", priority: "high" as const, isTest: false };
  it("names the priority, the lead and the company", () => {
    expect(newLeadNotificationText(base)).toBe("New high-priority lead: Jane Doe (Acme)");
    expect(newLeadNotificationText({ ...base, company: null, priority: "medium" })).toBe("New medium-priority lead: Jane Doe");
  });
  it("falls back to the contact details and marks test leads", () => {
    expect(newLeadNotificationText({ ...base, name: null, company: " " })).toBe("New high-priority lead: jane@acme.example");
    expect(newLeadNotificationText({ ...base, isTest: true, priority: "low" })).toBe("New low-priority test lead: Jane Doe (Acme)");
  });
});
