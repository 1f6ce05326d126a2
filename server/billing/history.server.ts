// Billing history from Stripe invoices (spec §2.14: Date, Description, Amount, Status).
import type Stripe from "stripe";

export type InvoiceView = {
  id: string;
  date: string;
  description: string;
  amountCents: number;
  currency: string;
  status: string;
  url: string | null;
};

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
