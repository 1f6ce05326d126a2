// POST /api/subscribe {plan, period, paymentMethodId}: the owner subscribes or changes plan. The request
// is validated and written as a billing operation with its job (decision 0038); the answer is the
// operation's id, whose result (state, client secret to confirm) the page reads from
// GET /api/billing-operations/:id. Plan prices and the resulting state never come from the browser.
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, startBillingOperation } from "~/lib/billing-operation.server";

export async function action(args: ActionFunctionArgs) {
  return startBillingOperation(args, { kind: "subscribe", what: "subscribe", change: true });
}

export async function loader() {
  return methodNotAllowed();
}
