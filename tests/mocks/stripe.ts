// MSW handlers for the Stripe API endpoints LeadBroom uses, so the official `stripe` library runs
// for real against an in-memory Stripe: customers, payment methods, subscriptions (and schedules),
// invoices, billing portal sessions and billing meter events. Tests read `state` and `requests` to
// assert what was sent, and build webhook payloads from the same objects (`event`).
//
// Test cards (payment method ids, as Stripe's test tokens): any `pm_…` attaches as a Visa 4242;
// an id containing "Declined" fails to attach with Stripe's card error "Your card was declined.".
// A subscription created without a trial is `incomplete` with a confirmation client secret (Stripe's
// `default_incomplete`); `completePayment` plays the browser's confirmation.
// Like Stripe, a POST with an `Idempotency-Key` already seen answers the first answer again (marked
// `Idempotent-Replayed: true`) without doing anything: `requests` records it with `replayed: true`.
import { http, HttpResponse } from "msw";
import type Stripe from "stripe";

const API = "https://api.stripe.com";

type Json = Record<string, unknown>;

export type MockPrice = { id: string; lookup_key: string; unit_amount: number | null; interval: "month" | "year"; metered?: boolean };

export type RecordedRequest = { method: string; path: string; body: Json; idempotencyKey?: string; replayed?: boolean };

/** Stripe's form encoding (`items[0][price]=…`) back into objects; numeric keys stay object keys. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.match(/[^[\]]+/g) ?? [key];
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return root;
}

function list<T>(value: unknown): T[] {
  return value && typeof value === "object" ? (Object.values(value) as T[]) : [];
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return HttpResponse.json({ error: { type, message, code } }, { status });
}

export function createStripeMock(options: { prices: MockPrice[]; now?: () => number }) {
  const now = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  let counter = 0;
  const id = (prefix: string) => `${prefix}_mock${(++counter).toString().padStart(6, "0")}`;
  const prices = new Map(options.prices.map((price) => [price.id, price]));

  const state = {
    customers: new Map<string, Json>(),
    paymentMethods: new Map<string, Json>(),
    subscriptions: new Map<string, Json>(),
    schedules: new Map<string, Json>(),
    invoices: [] as Json[],
    meterEvents: [] as Json[],
    portalSessions: [] as Json[],
    products: new Map<string, Json>(),
    meters: [] as Json[],
    createdPrices: [] as Json[],
  };
  const requests: RecordedRequest[] = [];
  /** Answers by idempotency key (Stripe keeps them 24 hours; here, for the mock's life). */
  const idempotent = new Map<string, { status: number; body: string }>();
  /** One-off failures: the next request whose path matches answers with this error. */
  const failures: { match: RegExp; status: number; type: string; message: string }[] = [];

  function priceObject(priceId: string): Json {
    const price = prices.get(priceId);
    if (!price) throw new Error(`unknown price ${priceId}`);
    return {
      id: price.id,
      object: "price",
      lookup_key: price.lookup_key,
      unit_amount: price.unit_amount,
      currency: "usd",
      recurring: { interval: price.interval, usage_type: price.metered ? "metered" : "licensed" },
    };
  }

  function periodEnd(start: number, priceId: string): number {
    const interval = prices.get(priceId)?.interval ?? "month";
    const date = new Date(start * 1000);
    if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  function item(priceId: string, start: number, end?: number): Json {
    return {
      id: id("si"),
      object: "subscription_item",
      price: priceObject(priceId),
      current_period_start: start,
      current_period_end: end ?? periodEnd(start, priceId),
    };
  }

  function subscriptionView(sub: Json): Json {
    return { ...sub, items: { object: "list", data: sub.itemsList, has_more: false } };
  }

  function invoiceFor(sub: Json, status: "open" | "paid", amount: number): Json {
    const invoice = {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      status,
      created: now(),
      currency: "usd",
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      description: null,
      number: `MOCK-${counter}`,
      hosted_invoice_url: `https://invoice.stripe.mock/${counter}`,
      lines: { object: "list", data: [{ description: `1 × ${String((sub.metadata as Json)?.plan ?? "LeadBroom")} subscription` }] },
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      confirmation_secret: status === "open" ? { type: "payment_intent", client_secret: `pi_${counter}_secret_mock` } : null,
    };
    state.invoices.unshift(invoice);
    return invoice;
  }

  async function record(request: Request, path: string): Promise<Json> {
    const body = request.method === "GET" || request.method === "DELETE" ? Object.fromEntries(new URL(request.url).searchParams) : parseStripeForm(await request.text());
    requests.push({ method: request.method, path, body });
    return body;
  }

  function failure(path: string) {
    const index = failures.findIndex((f) => f.match.test(path));
    if (index < 0) return null;
    const [f] = failures.splice(index, 1);
    return stripeError(f!.status, f!.type, f!.message);
  }

  const missing = (what: string, value: string) => stripeError(404, "invalid_request_error", `No such ${what}: '${value}'`, "resource_missing");

  const handlers = [
    http.all(`${API}/v1/*`, async ({ request }) => {
      const key = request.method === "POST" ? request.headers.get("Idempotency-Key") : null;
      const seen = key ? idempotent.get(key) : undefined;
      if (key && seen) {
        const path = new URL(request.url).pathname;
        requests.push({ method: request.method, path, body: parseStripeForm(await request.text()), idempotencyKey: key, replayed: true });
        return new HttpResponse(seen.body, { status: seen.status, headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" } });
      }
      const response = await answer(request);
      if (key) {
        requests.at(-1)!.idempotencyKey = key;
        // Stripe keeps the answer of a request that ran, errors included, except server errors.
        if (response.status < 500) idempotent.set(key, { status: response.status, body: await response.clone().text() });
      }
      return response;
    }),
  ];

  async function answer(request: Request): Promise<Response> {
    {
      const path = new URL(request.url).pathname;
      const body = await record(request, path);
      const failed = failure(path);
      if (failed) return failed;
      const m = (pattern: RegExp) => pattern.exec(path);
      const method = request.method;
      let match: RegExpExecArray | null;

      if (method === "POST" && path === "/v1/customers") {
        const customer = { id: id("cus"), object: "customer", email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, invoice_settings: { default_payment_method: null } };
        state.customers.set(customer.id, customer);
        return HttpResponse.json(customer);
      }
      if ((match = m(/^\/v1\/customers\/([^/]+)$/))) {
        const customer = state.customers.get(match[1]!);
        if (!customer) return missing("customer", match[1]!);
        if (method === "POST") {
          const settings = body.invoice_settings as Json | undefined;
          if (settings?.default_payment_method) customer.invoice_settings = { default_payment_method: settings.default_payment_method };
        }
        return HttpResponse.json(customer);
      }
      if (method === "POST" && (match = m(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
        const pm = match[1]!;
        if (/Declined/i.test(pm)) return stripeError(402, "card_error", "Your card was declined.", "card_declined");
        if (!state.customers.has(String(body.customer))) return missing("customer", String(body.customer));
        const method = { id: pm, object: "payment_method", type: "card", customer: body.customer, card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } };
        state.paymentMethods.set(pm, method);
        return HttpResponse.json(method);
      }
      if (method === "GET" && path === "/v1/payment_methods") {
        const data = [...state.paymentMethods.values()].filter((pm) => pm.customer === body.customer);
        return HttpResponse.json({ object: "list", data, has_more: false });
      }
      if (method === "POST" && path === "/v1/subscriptions") {
        const start = now();
        const trialEnd = body.trial_end ? Number(body.trial_end) : null;
        const items = list<Json>(body.items).map((i) => item(String(i.price), start, trialEnd ?? undefined));
        const sub: Json = {
          id: id("sub"),
          object: "subscription",
          customer: body.customer,
          status: trialEnd ? "trialing" : "incomplete",
          created: start,
          trial_end: trialEnd,
          default_payment_method: body.default_payment_method ?? null,
          metadata: body.metadata ?? {},
          schedule: null,
          itemsList: items,
          pending_setup_intent: null,
          latest_invoice: null,
        };
        const amount = prices.get(String(list<Json>(body.items)[0]?.price))?.unit_amount ?? 0;
        sub.latest_invoice = trialEnd ? invoiceFor(sub, "paid", 0) : invoiceFor(sub, "open", amount);
        state.subscriptions.set(String(sub.id), sub);
        return HttpResponse.json(subscriptionView(sub));
      }
      if ((match = m(/^\/v1\/subscriptions\/([^/]+)$/))) {
        const sub = state.subscriptions.get(match[1]!);
        if (!sub) return missing("subscription", match[1]!);
        if (method === "DELETE") {
          sub.status = "canceled";
        } else if (method === "POST") {
          if (body.default_payment_method) sub.default_payment_method = body.default_payment_method;
          if (body.metadata) sub.metadata = { ...(sub.metadata as Json), ...(body.metadata as Json) };
          const start = now();
          for (const change of list<Json>(body.items)) {
            const items = sub.itemsList as Json[];
            const index = items.findIndex((i) => i.id === change.id);
            if (change.deleted === "true") items.splice(index, 1);
            else if (index >= 0) items[index] = { ...item(String(change.price), Number(items[index]!.current_period_start), Number(items[index]!.current_period_end)), id: change.id };
            else items.push(item(String(change.price), start));
          }
        }
        return HttpResponse.json(subscriptionView(sub));
      }
      if (method === "POST" && path === "/v1/subscription_schedules") {
        const sub = state.subscriptions.get(String(body.from_subscription));
        if (!sub) return missing("subscription", String(body.from_subscription));
        const first = (sub.itemsList as Json[])[0]!;
        const schedule = { id: id("sub_sched"), object: "subscription_schedule", subscription: sub.id, status: "active", current_phase: { start_date: first.current_period_start, end_date: first.current_period_end }, phases: [], end_behavior: "release" };
        state.schedules.set(schedule.id, schedule);
        sub.schedule = schedule.id;
        return HttpResponse.json(schedule);
      }
      if ((match = m(/^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/))) {
        const schedule = state.schedules.get(match[1]!);
        if (!schedule) return missing("subscription_schedule", match[1]!);
        if (method === "POST" && match[2]) {
          schedule.status = "released";
          const sub = state.subscriptions.get(String(schedule.subscription));
          if (sub) sub.schedule = null;
        } else if (method === "POST") {
          schedule.phases = list<Json>(body.phases).map((phase) => ({ ...phase, items: list<Json>(phase.items) }));
          if (body.end_behavior) schedule.end_behavior = body.end_behavior;
        }
        return HttpResponse.json(schedule);
      }
      if (method === "GET" && path === "/v1/invoices") {
        const data = state.invoices.filter((invoice) => invoice.customer === body.customer).map(({ confirmation_secret: _secret, ...invoice }) => invoice);
        return HttpResponse.json({ object: "list", data, has_more: false });
      }
      if (method === "POST" && path === "/v1/billing_portal/sessions") {
        if (!state.customers.has(String(body.customer))) return missing("customer", String(body.customer));
        const session = { id: id("bps"), object: "billing_portal.session", customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.mock/p/session/${counter}` };
        state.portalSessions.push(session);
        return HttpResponse.json(session);
      }
      if ((match = m(/^\/v1\/products\/([^/]+)$/)) && method === "GET") {
        const product = state.products.get(match[1]!);
        return product ? HttpResponse.json(product) : missing("product", match[1]!);
      }
      if (method === "POST" && path === "/v1/products") {
        const product = { id: String(body.id ?? id("prod")), object: "product", name: body.name, description: body.description ?? null };
        state.products.set(product.id, product);
        return HttpResponse.json(product);
      }
      if (method === "GET" && path === "/v1/prices") {
        const keys = Object.entries(body).filter(([key]) => key.startsWith("lookup_keys")).map(([, value]) => value);
        const data = [...prices.values()].filter((price) => keys.includes(price.lookup_key)).map((price) => priceObject(price.id));
        return HttpResponse.json({ object: "list", data, has_more: false });
      }
      if (method === "POST" && path === "/v1/prices") {
        const recurring = body.recurring as Json;
        const price: MockPrice = { id: id("price"), lookup_key: String(body.lookup_key), unit_amount: Number(body.unit_amount), interval: recurring.interval === "year" ? "year" : "month", metered: recurring.usage_type === "metered" };
        prices.set(price.id, price);
        state.createdPrices.push({ ...body, id: price.id });
        return HttpResponse.json(priceObject(price.id));
      }
      if (path === "/v1/billing/meters") {
        if (method === "GET") return HttpResponse.json({ object: "list", data: state.meters, has_more: false, url: "/v1/billing/meters" });
        const meter = { id: id("mtr"), object: "billing.meter", status: "active", ...body };
        state.meters.push(meter);
        return HttpResponse.json(meter);
      }
      if (method === "POST" && path === "/v1/billing/meter_events") {
        // Stripe drops a second event with the same identifier.
        if (state.meterEvents.some((e) => e.identifier === body.identifier)) {
          return stripeError(400, "invalid_request_error", `An event with identifier ${String(body.identifier)} already exists.`);
        }
        const event = { object: "billing.meter_event", created: now(), ...body };
        state.meterEvents.push(event);
        return HttpResponse.json(event);
      }
      return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}). (LeadBroom's Stripe mock)`);
    }
  }

  return {
    handlers,
    state,
    requests,
    /** The next request to a path matching `match` fails with this Stripe error. */
    failNext(match: RegExp, status = 500, message = "Something went wrong on Stripe's end.", type = "api_error") {
      failures.push({ match, status, type, message });
    },
    /** The browser confirmed the first payment: the subscription becomes active and its invoice paid. */
    completePayment(subscriptionId: string): void {
      const sub = state.subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      sub.status = "active";
      const invoice = state.invoices.find((i) => (i.parent as Json).subscription_details && ((i.parent as Json).subscription_details as Json).subscription === subscriptionId && i.status === "open");
      if (invoice) Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, confirmation_secret: null });
    },
    /** The subscription as the Stripe API returns it (for webhook payloads). */
    subscription(subscriptionId: string, changes: Json = {}): Stripe.Subscription {
      const sub = state.subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const { itemsList: _items, ...rest } = subscriptionView(sub);
      return { ...rest, ...changes } as unknown as Stripe.Subscription;
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
  };
}

export type StripeMock = ReturnType<typeof createStripeMock>;

/** The catalogue `stripe:setup` would create, with fixed ids, and the environment pointing at it
 * (tests; `MOCKS=true` development can start `createStripeMock({ prices: MOCK_STRIPE_PRICES })` with it). */
export const MOCK_WEBHOOK_SECRET = "whsec_test_leadbroom_billing";

export const MOCK_STRIPE_PRICES: MockPrice[] = [
  { id: "price_starter_monthly", lookup_key: "leadbroom_starter_monthly", unit_amount: 4900, interval: "month" },
  { id: "price_starter_annual", lookup_key: "leadbroom_starter_annual", unit_amount: 46800, interval: "year" },
  { id: "price_pro_monthly", lookup_key: "leadbroom_pro_monthly", unit_amount: 9900, interval: "month" },
  { id: "price_pro_annual", lookup_key: "leadbroom_pro_annual", unit_amount: 94800, interval: "year" },
  { id: "price_enterprise_monthly", lookup_key: "leadbroom_enterprise_monthly", unit_amount: 24900, interval: "month" },
  { id: "price_enterprise_annual", lookup_key: "leadbroom_enterprise_annual", unit_amount: 238800, interval: "year" },
  { id: "price_overage_monthly", lookup_key: "leadbroom_overage_monthly", unit_amount: 50, interval: "month", metered: true },
  { id: "price_overage_annual", lookup_key: "leadbroom_overage_annual", unit_amount: 50, interval: "year", metered: true },
];

export const MOCK_STRIPE_ENV: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_leadbroom_mock",
  STRIPE_PUBLISHABLE_KEY: "pk_test_leadbroom_mock",
  STRIPE_WEBHOOK_SECRET: MOCK_WEBHOOK_SECRET,
  STRIPE_PRICE_STARTER_MONTHLY: "price_starter_monthly",
  STRIPE_PRICE_STARTER_ANNUAL: "price_starter_annual",
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
  STRIPE_PRICE_PRO_ANNUAL: "price_pro_annual",
  STRIPE_PRICE_ENTERPRISE_MONTHLY: "price_enterprise_monthly",
  STRIPE_PRICE_ENTERPRISE_ANNUAL: "price_enterprise_annual",
  STRIPE_PRICE_OVERAGE_MONTHLY: "price_overage_monthly",
  STRIPE_PRICE_OVERAGE_ANNUAL: "price_overage_annual",
};


/** A Stripe event wrapping `object`, as the webhook endpoint receives it. */
export function stripeEvent(type: string, object: unknown, options: { id?: string; created?: number } = {}): Json {
  return {
    id: options.id ?? `evt_${Math.random().toString(36).slice(2, 14)}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
