// POST /api/check-subscription: the "check subscription status" step after the card is confirmed
// (spec §7), as a billing operation (decision 0038): its job fetches the subscription from Stripe and
// stores it; the operation's result is the stored {status, plan, subscribed}.
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { methodNotAllowed, startBillingOperation } from "~/lib/billing-operation.server";

export async function action(args: ActionFunctionArgs) {
  return startBillingOperation(args, { kind: "check_subscription", what: "subscription refresh", failedText: BILLING_ERRORS.loadSubscription, change: false });
}

export async function loader() {
  return methodNotAllowed();
}
