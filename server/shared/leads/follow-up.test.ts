import { describe, expect, it } from "vitest";
import { isOpenLead, needsFollowUp } from "./follow-up.ts";

describe("needs follow-up", () => {
  it("is an open Medium lead", () => {
    for (const status of ["new", "contacted", "qualified", "proposal"] as const) {
      expect(needsFollowUp({ status, priority: "medium" })).toBe(true);
      expect(isOpenLead({ status })).toBe(true);
    }
  });
  it("never a Won or Lost lead, nor another priority", () => {
    expect(needsFollowUp({ status: "won", priority: "medium" })).toBe(false);
    expect(needsFollowUp({ status: "lost", priority: "medium" })).toBe(false);
    expect(needsFollowUp({ status: "new", priority: "high" })).toBe(false);
    expect(needsFollowUp({ status: "new", priority: "low" })).toBe(false);
  });
});
