import { describe, expect, it } from "vitest";
import { HIDDEN_LEAD_NAME } from "../billing/lead-visibility.ts";
import { toApiLead, toApiLeadDetail, type ApiLeadDetailRow, type ApiLeadRow } from "./lead-json.ts";

const now = new Date("2026-11-23T12:00:00Z");
const listRow: ApiLeadRow = {
  id: "lead_1",
  name: "Nora Fields",
  email: "nora@example.com",
  phone: "555-0100",
  company: "Fields Medical",
  score: 8.6,
  priority: "high",
  status: "new",
  source: "api",
  incomplete: false,
  isTest: false,
  createdAt: new Date("2026-11-20T10:00:00Z"),
};
const row: ApiLeadDetailRow = {
  ...listRow,
  serviceType: "Medical",
  buildingSizeSqFt: 60000,
  frequency: "daily",
  budgetMonthlyCents: 1_400_000,
  timeline: "immediate",
  valueCents: null,
  conversationId: null,
  closedAt: null,
  updatedAt: new Date("2026-11-21T10:00:00Z"),
  customAnswers: [{ id: "q1", question: "Do you need supplies included?", answer: "Yes" }, { junk: true }],
};
const subscribed = { subscriptionStatus: "active", trialEnd: null, isDemo: false };
const expiredTrial = { subscriptionStatus: "trial", trialEnd: new Date("2026-11-01T00:00:00Z"), isDemo: false };

describe("toApiLead", () => {
  it("shows the lead with ISO dates for a subscribed business", () => {
    // The list's columns only, none of the detail's.
    expect(toApiLead(row, subscribed, now)).toEqual({ ...listRow, createdAt: "2026-11-20T10:00:00.000Z", detailsHidden: false });
  });

  it("hides contact details as the workspace does when the trial has expired", () => {
    const lead = toApiLeadDetail(row, expiredTrial, now);
    expect(lead).toMatchObject({ name: HIDDEN_LEAD_NAME, email: null, phone: null, company: null, detailsHidden: true, score: 8.6 });
    expect(lead.updatedAt).toBe("2026-11-21T10:00:00.000Z");
    expect(lead.customAnswers).toEqual([]);
  });

  it("lists the answers to the owner's custom questions, dropping malformed entries", () => {
    expect(toApiLeadDetail(row, subscribed, now).customAnswers).toEqual([{ id: "q1", question: "Do you need supplies included?", answer: "Yes" }]);
  });
});
