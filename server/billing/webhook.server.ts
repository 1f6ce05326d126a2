// Stripe webhooks (DESIGN §6): the signature is verified on the raw body (a bad one answers 400 and
// changes nothing); each event is processed once, recorded by id in the same transaction as its
// effect; stale and duplicate deliveries change nothing (subscription-state.server.ts).
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Logger } from "../mail/mailer.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import type { EmailBrand, EmailContent } from "../mail/templates/email-content.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, paymentFailedEmail, trialWillEndEmail } from "../mail/templates/templates.ts";
import { formatLongDate } from "../shared/billing/billing-display.ts";
import { ownerEmail } from "./customers.server.ts";
import { refreshJob } from "./mirror.server.ts";
import { checkStripeEventShape } from "./stripe-event-shape.ts";
import { applyInvoiceOutcome, applySubscription, findBillingBusiness, type ApplyOutcome } from "./subscription-state.server.ts";

export type WebhookDeps = { db: Db; env: Env; stripe: Stripe | null; jobs: JobQueue; logger: Logger };

export type WebhookResult = { status: number; body: { received: boolean; error?: string; duplicate?: boolean; outcome?: string } };

/** An e-mail to the business's owner about the event, drawn under the business's brand. */
type Mail = { businessId: string; content: (brand: EmailBrand) => EmailContent };

/** How far a webhook's signed timestamp may be from our clock, either way (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

class DuplicateEvent extends Error {}

export async function handleStripeWebhook(deps: WebhookDeps, rawBody: string, signature: string | null): Promise<WebhookResult> {
  if (!deps.stripe || !deps.env.STRIPE_WEBHOOK_SECRET) {
    return { status: 503, body: { received: false, error: "Billing is not configured" } };
  }
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("missing Stripe-Signature header");
    // Stripe's check refuses timestamps older than the tolerance but not ones in the future: a
    // signature dated ahead would stay replayable for as long as it claims. Both ways, then.
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(signedAt) || Math.abs(Date.now() / 1000 - signedAt) > WEBHOOK_TOLERANCE_SECONDS) {
      throw new Error("signature timestamp outside the tolerance");
    }
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.env.STRIPE_WEBHOOK_SECRET, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    deps.logger.warn(`[billing] webhook rejected: ${error instanceof Error ? error.message : String(error)}`);
    return { status: 400, body: { received: false, error: "Invalid signature" } };
  }
  // Signed is not well-formed: an event the handlers cannot read is refused before anything is stored.
  const shape = checkStripeEventShape(event);
  if (!shape.ok) {
    deps.logger.warn(`[billing] webhook refused, malformed event: ${shape.reason}`);
    return { status: 400, body: { received: false, error: `Malformed event (${shape.reason})` } };
  }

  const at = new Date(event.created * 1000);
  const mails: Mail[] = [];
  let outcome: ApplyOutcome | "unhandled";
  try {
    outcome = await deps.db.$transaction(async (tx) => {
      try {
        await tx.stripeEvent.create({ data: { id: event.id, type: event.type, createdAt: at } });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEvent();
        throw error;
      }
      const applied = await applyEvent(tx as unknown as Db, deps.env, event, at, mails);
      // The Billing tab's copy of the cards and invoices is refreshed by a job of the same transaction.
      const mirrored = await mirrorBusiness(tx as unknown as Db, event);
      if (mirrored) await deps.jobs.enqueue(tx, [refreshJob(mirrored, `stripe:${event.id}`)]);
      // The owner's e-mails about this event are jobs of the same transaction (DESIGN §10): once per event.
      for (const [i, mail] of mails.entries()) {
        const to = await ownerEmail(tx, mail.businessId);
        const business = await tx.business.findUnique({
          where: { id: mail.businessId },
          select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true },
        });
        if (!to || !business) continue;
        const rendered = await renderEmail(mail.content(businessBrand(business, deps.env.PUBLIC_APP_URL)));
        await enqueueMail(deps.jobs, tx, [
          { key: `stripe:${event.id}:${i}`, mail: { businessId: mail.businessId, kind: "billing", message: { to, ...rendered } } },
        ]);
      }
      return applied === "unhandled" && mirrored ? "applied" : applied;
    });
  } catch (error) {
    if (error instanceof DuplicateEvent || isUniqueViolation(error)) {
      return { status: 200, body: { received: true, duplicate: true } };
    }
    throw error;
  }
  return { status: 200, body: { received: true, outcome } };
}

async function applyEvent(db: Db, env: Env, event: Stripe.Event, at: Date, mails: Mail[]): Promise<ApplyOutcome | "unhandled"> {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return applySubscription(db, env, event.data.object, at);
    case "invoice.paid":
      return (await applyInvoiceOutcome(db, event.data.object, "paid", at)).outcome;
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const result = await applyInvoiceOutcome(db, invoice, "payment_failed", at);
      if (result.outcome === "applied" && result.businessId) {
        const invoiceUrl = invoice.hosted_invoice_url ?? null;
        mails.push({ businessId: result.businessId, content: (brand) => paymentFailedEmail({ brand, invoiceUrl, appUrl: env.PUBLIC_APP_URL }) });
      }
      return result.outcome;
    }
    case "customer.subscription.trial_will_end": {
      const subscription = event.data.object;
      const customerId = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
      const business = await findBillingBusiness(db, customerId, subscription.metadata?.businessId);
      if (!business) return "ignored";
      const ends = subscription.trial_end ? formatLongDate(new Date(subscription.trial_end * 1000)) : "soon";
      mails.push({ businessId: business.id, content: (brand) => trialWillEndEmail({ brand, endsOn: ends, appUrl: env.PUBLIC_APP_URL }) });
      return "applied";
    }
    default:
      return "unhandled";
  }
}

/** The business whose cards or invoices this event changes (decision 0038), or null. */
async function mirrorBusiness(db: Db, event: Stripe.Event): Promise<string | null> {
  let customer: string | Stripe.Customer | Stripe.DeletedCustomer | null | undefined = null;
  if (event.type.startsWith("invoice.")) customer = (event.data.object as Stripe.Invoice).customer;
  else if (event.type === "payment_method.attached") customer = (event.data.object as Stripe.PaymentMethod).customer;
  // A detached card no longer names its customer; the event's previous attributes do.
  else if (event.type === "payment_method.detached") customer = (event.data.previous_attributes as { customer?: string } | undefined)?.customer;
  else if (event.type === "customer.updated") customer = (event.data.object as Stripe.Customer).id;
  const customerId = typeof customer === "string" ? customer : (customer?.id ?? null);
  if (!customerId) return null;
  const business = await db.business.findFirst({ where: { stripeCustomerId: customerId }, select: { id: true } });
  return business?.id ?? null;
}
