// The business's Stripe customer: created on first need (subscribe, add a card, open the portal),
// with an idempotency key so two requests racing create one customer.
import type Stripe from "stripe";
import type { Db } from "../db/client.server.ts";

export async function ownerEmail(db: Pick<Db, "membership">, businessId: string): Promise<string | null> {
  const owner = await db.membership.findFirst({
    where: { businessId, role: "owner" },
    orderBy: { createdAt: "asc" },
    select: { user: { select: { email: true } } },
  });
  return owner?.user.email ?? null;
}

export async function ensureCustomer(db: Db, stripe: Stripe, businessId: string): Promise<string> {
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { id: true, name: true, email: true, stripeCustomerId: true },
  });
  if (business.stripeCustomerId) return business.stripeCustomerId;
  const email = (await ownerEmail(db, businessId)) ?? business.email ?? undefined;
  const customer = await stripe.customers.create(
    { name: business.name, email, metadata: { businessId: business.id } },
    { idempotencyKey: `leadbroom-customer-${business.id}` },
  );
  // Only the first writer stores its id (the idempotency key makes both the same customer anyway).
  await db.business.updateMany({ where: { id: business.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  const stored = await db.business.findUniqueOrThrow({ where: { id: business.id }, select: { stripeCustomerId: true } });
  return stored.stripeCustomerId ?? customer.id;
}
