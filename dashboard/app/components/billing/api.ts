// The browser side of the billing API: JSON POSTs answering {success, error, …} on the wire (the spec's
// billing endpoints, §7), read here into the one ActionResult shape (decision 0064): `success(fields)`
// or `failure(error)`. Each answer is checked against the endpoint's schema, never cast: anything else
// (an HTML error page, a proxy's 502), or a refusal without a message, is `failure(fallback)`, the
// caller's own message.
//
// A billing change is an operation performed by a job (decision 0038): the POST answers its id at
// once, and postBilling waits for its result — woken by the workspace socket's `billing:updated` push,
// and polling GET /api/billing-operations/:id every POLL_MS in case the push is missed — so callers
// keep one answer shape and their loading state lasts until the result is known.
//
// These calls stay imperative rather than useFetcher (decision 0032): a subscription is a sequence
// with Stripe.js between the requests (create the payment method, subscribe, confirm the card, check),
// which a fetcher's one-submission state cannot carry.
import { z } from "zod";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { failure, success, type ActionResult } from "#shared/forms/action-result.ts";
import { listenWorkspace } from "../live/use-workspace-events";

const answer = z.object({ success: z.boolean(), error: z.string().nullish() });

/** What each billing operation answers once finished (extra fields are kept). */
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
/** What an operation gives the page once it succeeded: its answer's fields without the wire's flags. */
export type BillingData<P extends BillingPath> = Omit<BillingAnswer<P>, "success" | "error">;

/** The POST's answer: the operation written (202), or the request refused (400, 403, 503 …). */
const started = answer.extend({ operationId: z.string().optional() });
const operation = z.object({ operationStatus: z.enum(["pending", "succeeded", "failed", "requires_action"]) });

const POLL_MS = 700;
/** The job retries for about 15 s (2 + 4 + 8 s) before it fails the operation; wait somewhat longer. */
const GIVE_UP_MS = 45_000;

async function readJson(res: Response): Promise<unknown> {
  const type = res.headers.get("Content-Type") ?? "";
  return type.includes("application/json") ? res.json().catch(() => null) : null;
}

function requestKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Waits until the operation is no longer pending; its answer (success, error, and the result's fields). */
async function awaitOperation(operationId: string): Promise<unknown> {
  let wake: () => void = () => {};
  const stop = listenWorkspace({
    "billing:updated": (update) => {
      if ("operationId" in update && update.operationId === operationId) wake();
    },
  });
  const deadline = Date.now() + GIVE_UP_MS;
  try {
    for (;;) {
      const res = await fetch(`/api/billing-operations/${encodeURIComponent(operationId)}`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      const body = await readJson(res);
      const state = operation.safeParse(body);
      if (!res.ok || !state.success) return { success: false, error: BILLING_ERRORS.unexpected };
      if (state.data.operationStatus !== "pending") return body;
      if (Date.now() > deadline) return { success: false, error: BILLING_ERRORS.unexpected };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    stop();
  }
}

/** Starts a billing operation and waits for its result, as an ActionResult (`fallback` when unreadable). */
export async function postBilling<P extends BillingPath>(path: P, body: Record<string, unknown>, fallback: string): Promise<ActionResult<BillingData<P>>> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...body, requestKey: requestKey() }),
    credentials: "same-origin",
  });
  const first = started.safeParse(await readJson(res));
  if (!first.success) return failure(fallback);
  const final = first.data.success && first.data.operationId ? await awaitOperation(first.data.operationId) : first.data;
  const parsed = billingAnswers[path].safeParse(final);
  if (!parsed.success) return failure(fallback);
  const { success: ok, error, ...data } = parsed.data;
  return ok ? success(data as BillingData<P>) : failure(error || fallback);
}
