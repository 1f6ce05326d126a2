import { describe, expect, it } from "vitest";
import { PLAN_NAMES, PLANS } from "../billing/plans.ts";
import { SMS_ALLOWANCE, smsAllowance, smsAllowanceReachedText, smsMonth, smsUsageText, TRIAL_SMS_ALLOWANCE } from "./sms-allowance.ts";

const now = new Date("2026-12-01T05:00:00Z");

describe("the SMS allowance", () => {
  it("is the plan's, a trial's 50, and none without a subscription", () => {
    const active = { subscriptionStatus: "active", trialEnd: null, isDemo: false };
    expect(smsAllowance({ ...active, plan: "Starter" }, now)).toBe(SMS_ALLOWANCE.Starter);
    expect(smsAllowance({ ...active, plan: "Pro" }, now)).toBe(500);
    expect(smsAllowance({ ...active, plan: "Enterprise" }, now)).toBe(2000);
    expect(smsAllowance({ subscriptionStatus: "trial", trialEnd: new Date("2026-12-05T00:00:00Z"), isDemo: false, plan: null }, now)).toBe(TRIAL_SMS_ALLOWANCE);
    expect(smsAllowance({ subscriptionStatus: "trial", trialEnd: new Date("2026-11-30T00:00:00Z"), isDemo: false, plan: null }, now)).toBe(0);
    expect(smsAllowance({ subscriptionStatus: "canceled", trialEnd: null, isDemo: false, plan: "Pro" }, now)).toBe(0);
    expect(smsAllowanceReachedText(0)).toMatch(/no SMS allowance/);
  });

  it("is counted in the calendar month of the business's time zone", () => {
    // 05:00 UTC on 1 December is still 30 November, 21:00 in Los Angeles.
    expect(smsMonth("America/Los_Angeles", now)).toEqual({ start: new Date("2026-11-01T07:00:00Z"), end: new Date("2026-12-01T08:00:00Z") });
    expect(smsMonth("Europe/Berlin", now)).toEqual({ start: new Date("2026-11-30T23:00:00Z"), end: new Date("2026-12-31T23:00:00Z") });
    expect(smsMonth(null, now)).toEqual({ start: new Date("2026-12-01T00:00:00Z"), end: new Date("2027-01-01T00:00:00Z") });
  });

  it("is the figure each plan's card on the pricing page promises", () => {
    for (const plan of PLAN_NAMES) {
      expect(PLANS[plan].features, plan).toContain(`${SMS_ALLOWANCE[plan].toLocaleString("en-US")} automation SMS a month`);
    }
  });
});

describe("smsUsageText (issue 32 item 5)", () => {
  it("explains a trial's smaller allowance beside the plans' figures", () => {
    expect(smsUsageText({ used: 0, allowance: 50, trial: true })).toBe(
      "SMS this month: 0 of 50 (the free trial includes 50; paid plans include 100 on Starter, 500 on Pro and 2,000 on Enterprise a month)",
    );
    expect(smsUsageText({ used: 3, allowance: 500 })).toBe("SMS this month: 3 of 500");
  });
});
