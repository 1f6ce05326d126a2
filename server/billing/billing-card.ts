// The billing tab's Current Plan card as one coherent view per subscription state (issue 14): the
// always-subscribed demo, a trial with or without a chosen plan (running or ended), active, canceled,
// past due and incomplete. Labels and detail lines are spec §4's; the plan, its lead limit and the
// offered upgrades follow the plan that applies now (entitlements.ts), never one at or below it. Pure.
import { detailLine, formatLongDate, planLabel, statusDisplay, type StatusDisplay } from "../shared/billing/billing-display.ts";
import { effectivePlan } from "../shared/billing/entitlements.ts";
import { parsePlanName, PLAN_NAMES, PLANS, type PlanName } from "../shared/billing/plans.ts";
import { isSubscribed } from "../shared/billing/subscription.ts";

export type BillingCardInput = {
  isDemo: boolean;
  status: string;
  plan: string | null;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  hasStripeSubscription: boolean;
  configured: boolean;
  timeZone: string;
  now: Date;
};

export type BillingCardState = "always" | "trial" | "trial_ended" | "active" | "canceled" | "past_due" | "inactive";

export type BillingCard = {
  state: BillingCardState;
  planLabel: string;
  status: StatusDisplay;
  detail: string;
  /** A second line that explains the state (what the trial includes, a failed payment, …). */
  note: string | null;
  /** The plan whose limits and features apply now (null: none, leads wait for a subscription). */
  effectivePlan: PlanName | null;
  /** "500 leads a month", "Unlimited leads", or null without a plan. */
  limitText: string | null;
  /** The main button: subscribe (to `plan`), or change the plan of a subscription; null for none. */
  subscribe: { label: "Subscribe" | "Change Plan"; plan: PlanName } | null;
  /** Manage Subscription / Update Payment Method / View Full Billing History (the billing portal). */
  portal: boolean;
  /** Plans above the one that applies now, offered as "Upgrade to …". */
  upgrades: PlanName[];
  /** Billing is not configured: the banner's text for this state, or null (the demo needs none). */
  notConfigured: string | null;
  /** "You don't have an active subscription yet." with View Plans. */
  noSubscription: boolean;
};

export function limitText(plan: PlanName | null): string | null {
  if (plan === null) return null;
  const limit = PLANS[plan].leadLimit;
  return limit === null ? "Unlimited leads" : `${limit.toLocaleString("en-US")} leads a month`;
}

const above = (plan: PlanName | null) => (plan === null ? [] : PLAN_NAMES.filter((name) => PLANS[name].rank > PLANS[plan].rank));

export function billingCard(input: BillingCardInput): BillingCard {
  const state = {
    isDemo: input.isDemo,
    subscriptionStatus: input.status,
    plan: input.plan,
    trialEnd: input.trialEnd ? new Date(input.trialEnd) : null,
  };
  const plan = effectivePlan(state, input.now);
  const chosen = parsePlanName(input.plan);
  const base = {
    status: statusDisplay(input.status),
    effectivePlan: plan,
    limitText: limitText(plan),
    upgrades: [] as PlanName[],
    portal: input.hasStripeSubscription,
    noSubscription: false,
  };
  const notConfigured = input.configured ? null : "Billing is not configured on this server yet. Please contact us to subscribe.";

  if (input.isDemo) {
    return {
      ...base,
      state: "always",
      planLabel: plan ?? "Enterprise",
      status: statusDisplay("active"),
      detail: "Demo account: always subscribed, nothing to pay",
      note: "Every feature of every plan is on, so you can try them all. Nothing here is billed.",
      subscribe: null,
      portal: false,
      notConfigured: null,
    };
  }

  if (input.status === "trial") {
    const running = isSubscribed(state, input.now);
    if (!running) {
      return {
        ...base,
        state: "trial_ended",
        planLabel: planLabel(input.plan),
        detail: `Trial ended on ${formatLongDate(input.trialEnd, input.timeZone)}`,
        note: "Your chatbot still captures leads; subscribe to see them and keep your plan's features.",
        subscribe: { label: "Subscribe", plan: chosen ?? "Pro" },
        notConfigured,
        noSubscription: true,
      };
    }
    return {
      ...base,
      state: "trial",
      planLabel: planLabel(input.plan),
      detail: detailLine(input, input.timeZone),
      note: chosen
        ? `You chose ${chosen}: ${limitText(chosen)}. Subscribe before the trial ends to keep it.`
        : `Your free trial includes everything in Pro: ${limitText("Pro")}, Cold Outreach and competitor analysis. Choose a plan to keep going after it.`,
      // Subscribed during the trial: the subscription exists (the first charge when the trial ends).
      subscribe: { label: input.hasStripeSubscription ? "Change Plan" : "Subscribe", plan: chosen ?? "Pro" },
      upgrades: input.hasStripeSubscription ? above(plan) : [],
      notConfigured: input.configured ? null : "Billing is not configured on this server yet. Your free trial continues; please contact us to subscribe.",
      noSubscription: !input.hasStripeSubscription,
    };
  }

  if (input.status === "active") {
    return {
      ...base,
      state: "active",
      planLabel: planLabel(input.plan),
      detail: detailLine(input, input.timeZone),
      note: null,
      subscribe: input.hasStripeSubscription ? { label: "Change Plan", plan: plan ?? "Pro" } : null,
      upgrades: input.hasStripeSubscription ? above(plan) : [],
      notConfigured: input.hasStripeSubscription ? notConfigured : null,
    };
  }

  if (input.status === "past_due") {
    return {
      ...base,
      state: "past_due",
      planLabel: planLabel(input.plan),
      detail: detailLine(input, input.timeZone),
      note: "Your last payment failed. Update your payment method to keep your plan; until then your leads wait for you.",
      subscribe: null,
      notConfigured,
    };
  }

  return {
    ...base,
    state: input.status === "canceled" ? "canceled" : "inactive",
    planLabel: planLabel(input.plan),
    detail: detailLine(input, input.timeZone),
    note:
      input.status === "incomplete"
        ? "Your subscription is waiting for its first payment."
        : "Your chatbot still captures leads; subscribe again to see them.",
    subscribe: { label: "Subscribe", plan: chosen ?? "Pro" },
    portal: input.hasStripeSubscription,
    notConfigured,
    noSubscription: true,
  };
}
