// `npm run stripe:setup`: creates LeadBroom's products, prices (the spec §9 plans, monthly and annual),
// the overage meter and its metered prices in the Stripe account of STRIPE_SECRET_KEY, then prints
// the environment variables to set. Idempotent: prices are found by their lookup keys, products by
// their fixed ids and the meter by its event name, so running it again creates nothing new.
import { pathToFileURL } from "node:url";
import Stripe from "stripe";
import { EnvError, parseEnv } from "../server/config/env.server.ts";
import { BILLING_PERIODS, overageLookupKey, PLAN_NAMES, PLANS, priceLookupKey, type BillingPeriod } from "../server/shared/billing/plans.ts";

const interval = (period: BillingPeriod): "month" | "year" => (period === "annual" ? "year" : "month");

async function ensureProduct(stripe: Stripe, id: string, name: string, description: string): Promise<string> {
  try {
    return (await stripe.products.retrieve(id)).id;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
    return (await stripe.products.create({ id, name, description })).id;
  }
}

async function findPrice(stripe: Stripe, lookupKey: string): Promise<Stripe.Price | null> {
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  return found.data[0] ?? null;
}

async function ensureMeter(stripe: Stripe, eventName: string): Promise<string> {
  for await (const meter of stripe.billing.meters.list({ status: "active", limit: 100 })) {
    if (meter.event_name === eventName) return meter.id;
  }
  const meter = await stripe.billing.meters.create({
    display_name: "LeadBroom overage leads",
    event_name: eventName,
    default_aggregation: { formula: "sum" },
    customer_mapping: { type: "by_id", event_payload_key: "stripe_customer_id" },
    value_settings: { event_payload_key: "value" },
  });
  return meter.id;
}

/** Creates what is missing; returns the environment lines (KEY=value) to set. */
export async function setupStripeCatalogue(
  stripe: Stripe,
  options: { meterEventName: string; overageFeeCents: number; warn?: (message: string) => void },
): Promise<string[]> {
  const lines: string[] = [];

  for (const name of PLAN_NAMES) {
    const plan = PLANS[name];
    const productId = await ensureProduct(stripe, `leadbroom_${name.toLowerCase()}`, `LeadBroom ${name}`, plan.tagline);
    for (const period of BILLING_PERIODS) {
      const lookupKey = priceLookupKey(name, period);
      const unitAmount = period === "annual" ? plan.annualMonthlyCents * 12 : plan.monthlyCents;
      let price = await findPrice(stripe, lookupKey);
      if (price && price.unit_amount !== unitAmount) {
        options.warn?.(`! ${lookupKey} exists at ${price.unit_amount} cents, not ${unitAmount}: kept; change it in the Stripe dashboard if needed.`);
      }
      price ??= await stripe.prices.create({
        product: productId,
        currency: "usd",
        unit_amount: unitAmount,
        recurring: { interval: interval(period) },
        lookup_key: lookupKey,
        nickname: `${name} (${period})`,
      });
      lines.push(`STRIPE_PRICE_${name.toUpperCase()}_${period.toUpperCase()}=${price.id}`);
    }
  }

  const meterId = await ensureMeter(stripe, options.meterEventName);
  const overageProduct = await ensureProduct(stripe, "leadbroom_overage", "LeadBroom overage leads", "Leads captured beyond the plan's monthly limit");
  for (const period of BILLING_PERIODS) {
    const lookupKey = overageLookupKey(period);
    const price =
      (await findPrice(stripe, lookupKey)) ??
      (await stripe.prices.create({
        product: overageProduct,
        currency: "usd",
        unit_amount: options.overageFeeCents,
        recurring: { interval: interval(period), usage_type: "metered", meter: meterId },
        lookup_key: lookupKey,
        nickname: `Overage lead (${period})`,
      }));
    lines.push(`STRIPE_PRICE_OVERAGE_${period.toUpperCase()}=${price.id}`);
  }
  lines.push(`STRIPE_OVERAGE_METER_EVENT=${options.meterEventName}`);
  return lines;
}

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  if (!env.STRIPE_SECRET_KEY) {
    console.error("STRIPE_SECRET_KEY is not set: run `STRIPE_SECRET_KEY=sk_test_… npm run stripe:setup`.");
    process.exitCode = 1;
    return;
  }
  const stripe = new Stripe(env.STRIPE_SECRET_KEY);
  const lines = await setupStripeCatalogue(stripe, {
    meterEventName: env.STRIPE_OVERAGE_METER_EVENT,
    overageFeeCents: env.LEAD_OVERAGE_FEE_CENTS,
    warn: (message) => console.warn(message),
  });
  console.log("\nStripe is set up. Add these to your environment:\n");
  console.log(lines.join("\n"));
  console.log(
    "\nAlso set STRIPE_PUBLISHABLE_KEY, and STRIPE_WEBHOOK_SECRET from a webhook endpoint for " +
      `${env.PUBLIC_APP_URL}/api/stripe/webhook (events: customer.subscription.created, customer.subscription.updated, ` +
      "customer.subscription.deleted, customer.subscription.trial_will_end, invoice.paid, invoice.payment_failed).",
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exitCode = 1;
  });
}
