// POST /api/add-payment-method {paymentMethodId} → the billing operation that adds the card (spec §7;
// decision 0038: the page waits for its result). The business and user come from the session; a
// userId in the body is ignored.
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { methodNotAllowed, startBillingOperation } from "~/lib/billing-operation.server";

export async function action(args: ActionFunctionArgs) {
  return startBillingOperation(args, { kind: "add_payment_method", what: "add payment method", failedText: BILLING_ERRORS.addPaymentMethodFailed, change: true });
}

export async function loader() {
  return methodNotAllowed();
}
