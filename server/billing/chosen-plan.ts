// A plan chosen on /pricing before signing up (?plan=&period=) is remembered through registration:
// the new owner lands on Settings → Billing with that plan's subscribe modal open (the trial runs anyway).
import { parseBillingPeriod, parsePlanName } from "../shared/billing/plans.ts";

export function afterRegistrationPath(search: URLSearchParams): string {
  const plan = parsePlanName(search.get("plan"));
  if (!plan) return "/app";
  const period = parseBillingPeriod(search.get("period")) ?? "monthly";
  return `/app/settings/billing?${new URLSearchParams({ plan: plan.toLowerCase(), period })}`;
}
