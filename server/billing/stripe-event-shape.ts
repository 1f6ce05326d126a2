// The shape of a signed Stripe event, checked before it is handled (issue 27 item 10): a correctly
// signed body that is not an event (`null`, `[]`, an event without `data.object`, a subscription
// without its items) threw inside the handler as a 500 with a stack. A malformed event is answered 400
// with nothing stored. Only what the handlers read is checked; other fields pass as Stripe sends them.
// Pure.
import { z } from "zod";
import { storableString } from "../shared/forms/storable-text.ts";

const text = storableString().min(1).max(500);
const ref = z.union([text, z.looseObject({ id: text })]);
const metadata = z.record(z.string(), storableString()).nullish();

const subscription = z.looseObject({
  id: text,
  customer: ref,
  status: text,
  metadata,
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        price: z.looseObject({ id: text, lookup_key: z.string().nullish(), unit_amount: z.number().nullish() }),
        current_period_start: z.number(),
        current_period_end: z.number(),
      }),
    ),
  }),
  trial_end: z.number().nullish(),
  default_payment_method: ref.nullish(),
});

const invoice = z.looseObject({
  customer: ref.nullish(),
  hosted_invoice_url: z.string().nullish(),
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: ref.nullish(), metadata }).nullish() }).nullish(),
});

const envelope = z.looseObject({
  id: text,
  type: text,
  created: z.number().int().nonnegative(),
  data: z.looseObject({ object: z.looseObject({}), previous_attributes: z.looseObject({}).nullish() }),
});

/** The object each handled event type must carry (server/billing/webhook.server.ts). */
function objectSchema(type: string): z.ZodType | null {
  if (type.startsWith("customer.subscription.")) return subscription;
  if (type.startsWith("invoice.")) return invoice;
  if (type === "payment_method.attached") return z.looseObject({ customer: ref.nullish() });
  if (type === "customer.updated") return z.looseObject({ id: text });
  return null;
}

export type EventShape = { ok: true } | { ok: false; reason: string };

/** Whether a verified webhook body is an event the handlers can read; the first problem otherwise. */
export function checkStripeEventShape(event: unknown): EventShape {
  const base = envelope.safeParse(event);
  if (!base.success) return { ok: false, reason: firstProblem(base.error, "") };
  const schema = objectSchema(base.data.type);
  const object = schema?.safeParse(base.data.data.object);
  if (object && !object.success) return { ok: false, reason: firstProblem(object.error, "data.object.") };
  return { ok: true };
}

function firstProblem(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? `${prefix}${issue.path.join(".")}` : prefix.replace(/\.$/, "") || "the event";
  return `${path}: ${issue?.message ?? "invalid"}`;
}
