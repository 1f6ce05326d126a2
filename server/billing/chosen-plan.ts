// A plan chosen on /pricing before signing up (?plan=&period=) is remembered through registration:
// the new owner lands on the Billing tab with that plan's subscribe modal open (the trial runs anyway).
import { parseBillingPeriod, parsePlanName } from "../shared/billing/plans.ts";

export function afterRegistrationPath(search: URLSearchParams): string {
  const plan = parsePlanName(search.get("plan"));
  if (!plan) return "/app";
  const period = parseBillingPeriod(search.get("period")) ?? "monthly";
  return `/app/settings?${new URLSearchParams({ tab: "billing", plan: plan.toLowerCase(), period })}`;
}
