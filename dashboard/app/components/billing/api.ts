// The browser side of the billing API: JSON POSTs answering {success, error, …} (the spec's billing
// endpoints; their wire shape is fixed by the spec and its tests). Each answer is checked against the
// endpoint's schema, never cast: anything else (an HTML error page, a proxy's 502) reads as
// {success: false, error: null}, and the caller shows its own fallback message.
//
// These calls stay imperative rather than useFetcher (decision 0032): a subscription is a sequence
// with Stripe.js between the requests (create the payment method, subscribe, confirm the card, check),
// which a fetcher's one-submission state cannot carry.
import { z } from "zod";

const answer = z.object({ success: z.boolean(), error: z.string().nullish() });

/** What each billing endpoint answers (extra fields are kept). */
export const billingAnswers = {
  "/api/subscribe": answer.extend({
    state: z.string().optional(),
    intent: z.string().optional(),
    clientSecret: z.string().optional(),
    effectiveAt: z.string().optional(),
  }),
  "/api/check-subscription": answer,
  "/api/add-payment-method": answer,
  "/api/billing-portal": answer.extend({ url: z.string().optional() }),
} as const;

export type BillingPath = keyof typeof billingAnswers;
export type BillingAnswer<P extends BillingPath> = z.output<(typeof billingAnswers)[P]>;

export async function postBilling<P extends BillingPath>(path: P, body: unknown = {}): Promise<BillingAnswer<P>> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const type = res.headers.get("Content-Type") ?? "";
  const unreadable = { success: false, error: null } as BillingAnswer<P>;
  if (!type.includes("application/json")) return unreadable;
  const parsed = billingAnswers[path].safeParse(await res.json().catch(() => null));
  return parsed.success ? (parsed.data as BillingAnswer<P>) : unreadable;
}
