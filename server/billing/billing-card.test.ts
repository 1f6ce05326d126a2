import { describe, expect, it } from "vitest";
import { billingCard, type BillingCardInput } from "./billing-card.ts";

const now = new Date("2026-03-15T12:00:00Z");
const base: BillingCardInput = {
  isDemo: false,
  status: "trial",
  plan: null,
  trialEnd: "2026-03-20T12:00:00Z",
  currentPeriodEnd: null,
  hasStripeSubscription: false,
  configured: true,
  timeZone: "America/New_York",
  now,
};
const card = (over: Partial<BillingCardInput>) => billingCard({ ...base, ...over });

describe("the Current Plan card per state", () => {
  it("demo: always subscribed, every feature, nothing to subscribe to, no billing date, no trial wording", () => {
    const c = card({ isDemo: true, status: "active", plan: "Pro", trialEnd: null, configured: false });
    expect(c).toMatchObject({
      state: "always",
      planLabel: "Enterprise",
      status: { label: "Active" },
      detail: "Demo account: always subscribed, nothing to pay",
      limitText: "Unlimited leads",
      subscribe: null,
      portal: false,
      upgrades: [],
      notConfigured: null,
      noSubscription: false,
    });
    expect(c.detail).not.toContain("N/A");
  });

  it("trial without a plan: 'Free Trial', Pro's limits, never offered Pro", () => {
    const c = card({});
    expect(c).toMatchObject({
      state: "trial",
      planLabel: "Free Trial",
      status: { label: "Trial" },
      detail: "Trial ends on March 20, 2026",
      effectivePlan: "Pro",
      limitText: "500 leads a month",
      subscribe: { label: "Subscribe", plan: "Pro" },
      upgrades: [],
    });
    expect(c.note).toContain("everything in Pro");
  });

  it("trial of a chosen plan: its name and limit, and the trial's not-configured wording only here", () => {
    const c = card({ plan: "Starter", configured: false });
    expect(c).toMatchObject({ planLabel: "Starter", limitText: "100 leads a month", subscribe: { plan: "Starter" } });
    expect(c.notConfigured).toContain("Your free trial continues");
    expect(card({ status: "canceled", trialEnd: null, configured: false }).notConfigured).not.toContain("trial");
  });

  it("an ended trial: past tense, no plan's limits, subscribe", () => {
    const c = card({ trialEnd: "2026-03-01T12:00:00Z" });
    expect(c).toMatchObject({ state: "trial_ended", detail: "Trial ended on March 1, 2026", effectivePlan: null, limitText: null, noSubscription: true });
  });

  it("active: next billing date, change plan, upgrades only above the plan", () => {
    const pro = card({ status: "active", plan: "Pro", currentPeriodEnd: "2026-04-01T04:00:00Z", hasStripeSubscription: true });
    expect(pro).toMatchObject({
      state: "active",
      planLabel: "Pro",
      status: { label: "Active" },
      detail: "Next billing date: April 1, 2026",
      limitText: "500 leads a month",
      subscribe: { label: "Change Plan", plan: "Pro" },
      portal: true,
      upgrades: ["Enterprise"],
    });
    expect(card({ status: "active", plan: "Starter", hasStripeSubscription: true }).upgrades).toEqual(["Pro", "Enterprise"]);
    expect(card({ status: "active", plan: "Enterprise", hasStripeSubscription: true }).upgrades).toEqual([]);
  });

  it("canceled and past due: spec labels, no limits claimed, the way back", () => {
    expect(card({ status: "canceled", plan: "Pro", trialEnd: null })).toMatchObject({
      state: "canceled",
      planLabel: "Pro",
      status: { label: "Canceled" },
      detail: "No active subscription",
      limitText: null,
      subscribe: { label: "Subscribe", plan: "Pro" },
      upgrades: [],
    });
    const pastDue = card({ status: "past_due", plan: "Pro", trialEnd: null, hasStripeSubscription: true });
    expect(pastDue).toMatchObject({ state: "past_due", status: { label: "Inactive" }, detail: "No active subscription", portal: true, subscribe: null });
    expect(pastDue.note).toContain("payment failed");
  });
});
