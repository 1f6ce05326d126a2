// POST /api/billing-portal → the billing operation that opens a Stripe customer portal session
// returning to the Billing tab; its result holds the portal's {url} (decision 0038).
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { methodNotAllowed, startBillingOperation } from "~/lib/billing-operation.server";

export async function action(args: ActionFunctionArgs) {
  return startBillingOperation(args, { kind: "billing_portal", what: "customer portal", failedText: BILLING_ERRORS.portal, change: true });
}

export async function loader() {
  return methodNotAllowed();
}
