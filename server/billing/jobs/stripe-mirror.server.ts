// Reads the business's cards and billing history (spec §2.14: Date, Description, Amount, Status) from
// Stripe into our copy (mirror.server.ts). Run only by the `billing.refresh` job and at the end of a
// billing operation (billing-jobs.server.ts, decision 0038), never while a page waits.
import type Stripe from "stripe";
import type { Db } from "../../db/client.server.ts";
import type { CardView, InvoiceView } from "../mirror.server.ts";

function describe(invoice: Stripe.Invoice): string {
  if (invoice.description) return invoice.description;
  const line = invoice.lines?.data[0];
  if (line?.description) return line.description;
  return invoice.number ? `Invoice ${invoice.number}` : "Subscription";
}

function statusLabel(status: Stripe.Invoice.Status | null): string {
  switch (status) {
    case "paid":
      return "Paid";
    case "open":
      return "Open";
    case "void":
      return "Void";
    case "uncollectible":
      return "Uncollectible";
    default:
      return "Draft";
  }
}

export async function listInvoices(stripe: Stripe, customerId: string, limit = 12): Promise<InvoiceView[]> {
  const invoices = await stripe.invoices.list({ customer: customerId, limit });
  return invoices.data
    .filter((invoice) => invoice.status !== "draft")
    .map((invoice) => ({
      id: invoice.id ?? "",
      date: new Date(invoice.created * 1000).toISOString(),
      description: describe(invoice),
      amountCents: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: statusLabel(invoice.status),
      url: invoice.hosted_invoice_url ?? null,
    }));
}

export async function listCards(stripe: Stripe, customerId: string): Promise<CardView[]> {
  const [methods, customer] = await Promise.all([
    stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 10 }),
    stripe.customers.retrieve(customerId),
  ]);
  const defaultId =
    !customer.deleted && customer.invoice_settings?.default_payment_method
      ? typeof customer.invoice_settings.default_payment_method === "string"
        ? customer.invoice_settings.default_payment_method
        : customer.invoice_settings.default_payment_method.id
      : null;
  return methods.data
    .filter((method) => method.card)
    .map((method) => ({
      id: method.id,
      brand: method.card!.brand,
      last4: method.card!.last4,
      expMonth: method.card!.exp_month,
      expYear: method.card!.exp_year,
      isDefault: method.id === defaultId,
    }));
}

/** Copies the cards and invoices from Stripe; false when the business has no Stripe customer yet. */
export async function refreshMirror(db: Db, stripe: Stripe, businessId: string, now = new Date()): Promise<boolean> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: { stripeCustomerId: true } });
  if (!business?.stripeCustomerId) return false;
  const [cards, invoices] = await Promise.all([listCards(stripe, business.stripeCustomerId), listInvoices(stripe, business.stripeCustomerId)]);
  await db.billingMirror.upsert({
    where: { businessId },
    create: { businessId, cards, invoices, refreshedAt: now },
    update: { cards, invoices, refreshedAt: now },
  });
  return true;
}
