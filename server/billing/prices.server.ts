// Price ids from the environment (STRIPE_PRICE_*), and the reverse: which plan a Stripe price is.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import { overageLookupKey, parseBillingPeriod, parsePlanName, priceLookupKey, type BillingPeriod, type PlanName } from "../shared/billing/plans.ts";

type PriceVar = `STRIPE_PRICE_${"STARTER" | "PRO" | "ENTERPRISE"}_${"MONTHLY" | "ANNUAL"}`;

export function priceIdFor(env: Env, plan: PlanName, period: BillingPeriod): string | undefined {
  const key = `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}` as PriceVar;
  return env[key];
}

export function overagePriceIdFor(env: Env, period: BillingPeriod): string | undefined {
  return period === "annual" ? env.STRIPE_PRICE_OVERAGE_ANNUAL : env.STRIPE_PRICE_OVERAGE_MONTHLY;
}

/** The plan and period of a price: by the configured ids, else by the lookup key `stripe:setup` gives it. */
export function planOfPrice(env: Env, price: Pick<Stripe.Price, "id" | "lookup_key">): { plan: PlanName; period: BillingPeriod } | null {
  for (const plan of ["Starter", "Pro", "Enterprise"] as const) {
    for (const period of ["monthly", "annual"] as const) {
      if (priceIdFor(env, plan, period) === price.id || price.lookup_key === priceLookupKey(plan, period)) return { plan, period };
    }
  }
  const match = /^leadbroom_(starter|pro|enterprise)_(monthly|annual)$/.exec(price.lookup_key ?? "");
  if (!match) return null;
  const plan = parsePlanName(match[1]);
  const period = parseBillingPeriod(match[2]);
  return plan && period ? { plan, period } : null;
}

export function isOveragePrice(env: Env, price: Pick<Stripe.Price, "id" | "lookup_key">): boolean {
  return (
    price.id === env.STRIPE_PRICE_OVERAGE_MONTHLY ||
    price.id === env.STRIPE_PRICE_OVERAGE_ANNUAL ||
    price.lookup_key === overageLookupKey("monthly") ||
    price.lookup_key === overageLookupKey("annual")
  );
}
