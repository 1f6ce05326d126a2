// The pure billing rules: plan prices and savings, entitlements by plan and trial, usage windows,
// display texts (spec §4, §9).
import { describe, expect, it } from "vitest";
import { detailLine, formatLongDate, planLabel, statusDisplay } from "../shared/billing/billing-display.ts";
import { effectivePlan, hasFeature, leadDetailsHidden, leadLimit } from "../shared/billing/entitlements.ts";
import { annualSavingCents, formatUsd, isUpgrade, monthlyPriceCents, parsePlanName } from "../shared/billing/plans.ts";
import { afterRegistrationPath } from "./chosen-plan.ts";
import { addMonthsUtc, usageWindow } from "./usage-window.ts";

const now = new Date("2026-03-15T12:00:00Z");
const future = new Date("2026-03-20T00:00:00Z");
const past = new Date("2026-03-01T00:00:00Z");

describe("plans", () => {
  it("has the spec's prices and the annual saving as the yearly difference", () => {
    expect([monthlyPriceCents("Starter", "monthly"), monthlyPriceCents("Pro", "monthly"), monthlyPriceCents("Enterprise", "monthly")]).toEqual([4900, 9900, 24900]);
    expect([monthlyPriceCents("Starter", "annual"), monthlyPriceCents("Pro", "annual"), monthlyPriceCents("Enterprise", "annual")]).toEqual([3900, 7900, 19900]);
    expect([annualSavingCents("Starter"), annualSavingCents("Pro"), annualSavingCents("Enterprise")]).toEqual([12000, 24000, 60000]);
    expect(formatUsd(12000)).toBe("$120");
    expect(formatUsd(50)).toBe("$0.50");
  });

  it("orders plan changes: up a tier or to annual is an upgrade", () => {
    expect(isUpgrade({ plan: "Starter", period: "annual" }, { plan: "Pro", period: "monthly" })).toBe(true);
    expect(isUpgrade({ plan: "Pro", period: "monthly" }, { plan: "Starter", period: "annual" })).toBe(false);
    expect(isUpgrade({ plan: "Pro", period: "monthly" }, { plan: "Pro", period: "annual" })).toBe(true);
    expect(isUpgrade({ plan: "Pro", period: "annual" }, { plan: "Pro", period: "monthly" })).toBe(false);
    expect(parsePlanName("ENTERPRISE")).toBe("Enterprise");
    expect(parsePlanName("gold")).toBeNull();
  });

  it("remembers a chosen plan through registration", () => {
    expect(afterRegistrationPath(new URLSearchParams("plan=pro&period=annual"))).toBe("/app/settings/billing?plan=pro&period=annual");
    expect(afterRegistrationPath(new URLSearchParams("plan=platinum"))).toBe("/app");
    expect(afterRegistrationPath(new URLSearchParams(""))).toBe("/app");
  });
});

describe("entitlements", () => {
  const state = (subscriptionStatus: string, plan: string | null, trialEnd: Date | null = null, isDemo = false) => ({ subscriptionStatus, plan, trialEnd, isDemo });

  it("gives each plan its features and lead limit", () => {
    expect(hasFeature(state("active", "Starter"), "cold_outreach", now)).toBe(false);
    expect(hasFeature(state("active", "Pro"), "cold_outreach", now)).toBe(true);
    expect(hasFeature(state("active", "Pro"), "competitor_analysis", now)).toBe(true);
    expect(hasFeature(state("active", "Pro"), "api_access", now)).toBe(false);
    expect(hasFeature(state("active", "Enterprise"), "white_label", now)).toBe(true);
    expect([leadLimit(state("active", "Starter"), now), leadLimit(state("active", "Pro"), now), leadLimit(state("active", "Enterprise"), now)]).toEqual([100, 500, null]);
  });

  it("treats a trial without a plan as Pro, and nothing without a subscription", () => {
    expect(effectivePlan(state("trial", null, future), now)).toBe("Pro");
    expect(effectivePlan(state("trial", "Starter", future), now)).toBe("Starter");
    expect(effectivePlan(state("trial", null, past), now)).toBeNull();
    expect(hasFeature(state("canceled", "Enterprise"), "api_access", now)).toBe(false);
    expect(hasFeature(state("past_due", "Pro"), "cold_outreach", now)).toBe(false);
    expect(effectivePlan(state("canceled", null, null, true), now)).toBe("Enterprise");
    expect(leadDetailsHidden(state("trial", null, past), now)).toBe(true);
    expect(leadDetailsHidden(state("trial", null, future), now)).toBe(false);
  });
});

describe("usage windows", () => {
  it("clamps month ends", () => {
    expect(addMonthsUtc(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
  });

  it("anchors on the current period start, the trial start, or the calendar month", () => {
    const active = { subscriptionStatus: "active", trialEnd: null, currentPeriodStart: new Date("2026-01-20T08:00:00Z") };
    expect(usageWindow(active, now)).toEqual({ start: new Date("2026-02-20T08:00:00Z"), end: new Date("2026-03-20T08:00:00Z") });
    const trial = { subscriptionStatus: "trial", trialEnd: new Date("2026-03-20T00:00:00Z"), currentPeriodStart: null };
    expect(usageWindow(trial, now).start).toEqual(new Date("2026-03-06T00:00:00Z"));
    const none = { subscriptionStatus: "canceled", trialEnd: null, currentPeriodStart: null };
    expect(usageWindow(none, now)).toEqual({ start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-04-01T00:00:00Z") });
  });

  it("cuts the calendar month in the business's time zone (local midnight of the 1st, across a DST change)", () => {
    const none = { subscriptionStatus: "active", trialEnd: null, currentPeriodStart: null, timeZone: "America/New_York" };
    // 18 March 2026: EST until 8 March, EDT after; the month starts at 05:00 UTC and the next at 04:00 UTC.
    expect(usageWindow(none, new Date("2026-03-18T12:00:00Z"))).toEqual({ start: new Date("2026-03-01T05:00:00Z"), end: new Date("2026-04-01T04:00:00Z") });
    // 1 March 02:00 UTC is still 28 February in New York: February's window.
    expect(usageWindow(none, new Date("2026-03-01T02:00:00Z"))).toEqual({ start: new Date("2026-02-01T05:00:00Z"), end: new Date("2026-03-01T05:00:00Z") });
  });
});

describe("display", () => {
  it("labels statuses with the spec's colours and texts", () => {
    expect(statusDisplay("active")).toMatchObject({ label: "Active", className: expect.stringContaining("green") });
    expect(statusDisplay("trial")).toMatchObject({ label: "Trial", className: expect.stringContaining("blue") });
    expect(statusDisplay("canceled")).toMatchObject({ label: "Canceled", className: expect.stringContaining("orange") });
    expect(statusDisplay("past_due").label).toBe("Inactive");
    expect(planLabel(null)).toBe("Free Trial");
    expect(planLabel("Pro")).toBe("Pro");
    expect(formatLongDate(null)).toBe("N/A");
    expect(formatLongDate("2025-03-15T12:00:00Z")).toBe("March 15, 2025");
    expect(detailLine({ status: "trial", trialEnd: "2025-03-15T12:00:00Z", currentPeriodEnd: null })).toBe("Trial ends on March 15, 2025");
    expect(detailLine({ status: "active", trialEnd: null, currentPeriodEnd: null })).toBe("Next billing date: N/A");
    expect(detailLine({ status: "canceled", trialEnd: null, currentPeriodEnd: null })).toBe("No active subscription");
  });
});
