// Billing against the real server (production build) and the official `stripe` library talking to an
// in-memory Stripe through MSW: subscribing (incl. a payment that needs confirmation by Stripe.js),
// adding a card (the business from the session, never the body), the customer portal, plan changes
// (upgrade prorated now, downgrade scheduled), roles, and webhooks (bad signature, duplicates,
// out-of-order delivery, payment failure and trial-ending e-mails).
import type { SetupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { BILLING_REFRESH_QUEUE, MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { stripeEvent, type StripeMock } from "../mocks/stripe.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import {
  addSupportMember,
  deliverWebhook,
  expireTrial,
  postJson,
  postOperation,
  registerOwner,
  startStripeMock,
  STRIPE_ENV,
  type Owner,
} from "./billing-support.ts";

let server: TestServer;
let mock: StripeMock;
let msw: SetupServer;

beforeAll(async () => {
  ({ mock, msw } = startStripeMock());
  server = await startTestServer({ seedDemo: false, env: STRIPE_ENV });
});

afterEach(() => mock.reset());

afterAll(async () => {
  await server?.close();
  msw?.close();
});

const business = (id: string) => server.services.db.business.findUniqueOrThrow({ where: { id } });

/** An owner whose trial has expired subscribes to `plan` and the browser confirms the payment. */
async function activeOwner(plan = "Starter", period = "monthly"): Promise<Owner & { subscriptionId: string }> {
  const owner = await registerOwner(server);
  await expireTrial(server, owner.businessId);
  const res = await postOperation(server, owner.client, "/api/subscribe", { plan, period, paymentMethodId: "pm_card_visa" });
  expect(res.status).toBe(200);
  const { stripeSubscriptionId } = await business(owner.businessId);
  mock.completePayment(stripeSubscriptionId!);
  expect((await postOperation(server, owner.client, "/api/check-subscription")).body).toMatchObject({ status: "active", plan });
  return { ...owner, subscriptionId: stripeSubscriptionId! };
}

describe("subscribing", () => {
  it("returns the client secret when the payment needs confirming, and takes the state from Stripe only", async () => {
    const owner = await registerOwner(server);
    await expireTrial(server, owner.businessId);
    const res = await postOperation(server, owner.client, "/api/subscribe", {
      plan: "pro",
      period: "annual",
      paymentMethodId: "pm_card_authenticationRequired",
      // The browser never sets plan, price or status: these are ignored.
      status: "active",
      amountCents: 1,
      price: "price_starter_monthly",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, state: "requires_confirmation", intent: "payment" });
    expect(String(res.body.clientSecret)).toMatch(/_secret_/);

    const create = mock.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions")!;
    expect(create.body.items).toEqual({ "0": { price: "price_pro_annual" }, "1": { price: "price_overage_annual" } });
    expect(create.body.payment_behavior).toBe("default_incomplete");
    expect((create.body.metadata as Record<string, string>).businessId).toBe(owner.businessId);

    let stored = await business(owner.businessId);
    expect(stored.subscriptionStatus).toBe("incomplete");
    expect(stored.cardLastFour).toBe("4242");

    // Stripe.js confirmed the payment; the check asks Stripe, not the browser.
    mock.completePayment(stored.stripeSubscriptionId!);
    const check = await postOperation(server, owner.client, "/api/check-subscription");
    expect(check.body).toMatchObject({ success: true, status: "active", plan: "Pro", subscribed: true });
    stored = await business(owner.businessId);
    expect(stored).toMatchObject({ subscriptionStatus: "active", plan: "Pro", billingPeriod: "annual", amountCents: 94800 });
    expect(stored.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });

  it("keeps the remaining free trial when subscribing during it", async () => {
    const owner = await registerOwner(server);
    const before = await business(owner.businessId);
    const res = await postOperation(server, owner.client, "/api/subscribe", { plan: "Starter", period: "monthly", paymentMethodId: "pm_card_visa" });
    expect(res.body).toMatchObject({ success: true, state: "subscribed" });
    const create = mock.requests.find((r) => r.path === "/v1/subscriptions")!;
    expect(Number(create.body.trial_end)).toBe(Math.floor(before.trialEnd!.getTime() / 1000));
    const after = await business(owner.businessId);
    expect(after).toMatchObject({ subscriptionStatus: "trial", plan: "Starter" });
    expect(after.trialEnd!.getTime()).toBe(Math.floor(before.trialEnd!.getTime() / 1000) * 1000);
  });

  it("shows Stripe's own message for a declined card and validates the plan", async () => {
    const owner = await registerOwner(server);
    const declined = await postOperation(server, owner.client, "/api/subscribe", { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_chargeDeclined" });
    expect(declined).toMatchObject({ status: 200, body: { success: false, operationStatus: "failed", error: "Your card was declined." } });
    const badPlan = await postOperation(server, owner.client, "/api/subscribe", { plan: "Platinum", period: "monthly", paymentMethodId: "pm_card_visa" });
    expect(badPlan).toMatchObject({ status: 400, body: { success: false, error: "Choose a plan" } });
    expect((await business(owner.businessId)).stripeSubscriptionId).toBeNull();
  });

  it("upgrades at once with proration and schedules a downgrade for the next billing date", async () => {
    const owner = await activeOwner("Starter");
    const up = await postOperation(server, owner.client, "/api/subscribe", { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_visa" });
    expect(up.body).toMatchObject({ success: true, state: "subscribed" });
    const update = mock.requests.find((r) => r.method === "POST" && r.path === `/v1/subscriptions/${owner.subscriptionId}` && r.body.items)!;
    expect(update.body.proration_behavior).toBe("create_prorations");
    expect(await business(owner.businessId)).toMatchObject({ plan: "Pro", amountCents: 9900 });

    mock.reset();
    const down = await postOperation(server, owner.client, "/api/subscribe", { plan: "Starter", period: "monthly", paymentMethodId: "pm_card_visa" });
    const stored = await business(owner.businessId);
    expect(down.body).toMatchObject({ success: true, state: "scheduled", effectiveAt: stored.currentPeriodEnd!.toISOString() });
    const phases = mock.requests.find((r) => /^\/v1\/subscription_schedules\/[^/]+$/.test(r.path) && r.method === "POST")!.body.phases as Record<string, Record<string, unknown>>;
    expect(phases["0"]!.end_date).toBe(String(Math.floor(stored.currentPeriodEnd!.getTime() / 1000)));
    expect(phases["1"]!.items).toMatchObject({ "0": { price: "price_starter_monthly" } });
    // Still Pro until the next billing date.
    expect(stored.plan).toBe("Pro");
  });
});

describe("the Billing tab", () => {
  it("shows the plan, the next billing date, the card and the invoices from Stripe", async () => {
    const owner = await activeOwner("Starter");
    mock.reset();
    const page = await owner.client.get("/app/settings/billing");
    expect(page.status).toBe(200);
    const text = page.text.replace(/<!-- -->/g, "");
    expect(text).toContain("Current Plan");
    expect(text).toMatch(/data-testid="status-label">Active</);
    const { currentPeriodEnd } = await business(owner.businessId);
    const longDate = currentPeriodEnd!.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "America/New_York" });
    expect(text).toContain(`Next billing date: ${longDate}`);
    expect(text).toMatch(/visa<\/span> ending in 4242/);
    expect(text).toContain("$49");
    expect(text).toMatch(/<td[^>]*>Paid<\/td>/);
    expect(text).toContain("Manage Subscription");
    expect(text).not.toContain("You don&#x27;t have an active subscription yet.");

    // The page read our copy: opening it called nothing at Stripe.
    expect(mock.requests).toHaveLength(0);

    // An old copy: the page shows it at once and asks for a refresh; a refresh Stripe refuses is said.
    await server.services.db.billingMirror.update({ where: { businessId: owner.businessId }, data: { refreshedAt: new Date(Date.now() - 3_600_000), requestedAt: null } });
    mock.failNext(/\/v1\/invoices/, 400, "Invalid API Key provided", "invalid_request_error");
    const stale = await owner.client.get("/app/settings/billing");
    expect(stale.text).toContain('data-testid="billing-refreshing"');
    expect(stale.text).toMatch(/<td[^>]*>Paid<\/td>/);
    await server.services.jobs.idle([BILLING_REFRESH_QUEUE]);
    const failing = await owner.client.get("/app/settings/billing");
    expect(failing.status).toBe(200);
    expect(failing.text).toContain("Failed to load subscription information");
    expect(failing.text).not.toContain("Invalid API Key");
    expect(failing.text).toMatch(/<td[^>]*>Paid<\/td>/);
  });
});

describe("payment methods and the portal", () => {
  it("adds the card to the session's business, whatever user id the body names", async () => {
    const owner = await registerOwner(server, "Owner A");
    const other = await registerOwner(server, "Owner B");
    const res = await postOperation(server, owner.client, "/api/add-payment-method", { paymentMethodId: "pm_card_mastercard", userId: other.userId });
    expect(res).toMatchObject({ status: 200, body: { success: true, operationStatus: "succeeded", error: null } });
    const a = await business(owner.businessId);
    expect(a.paymentMethodId).toBe("pm_card_mastercard");
    expect(mock.state.customers.get(a.stripeCustomerId!)!.invoice_settings).toEqual({ default_payment_method: "pm_card_mastercard" });
    const b = await business(other.businessId);
    expect(b.stripeCustomerId).toBeNull();
    expect(b.paymentMethodId).toBeNull();

    const bad = await postOperation(server, owner.client, "/api/add-payment-method", {});
    expect(bad).toMatchObject({ status: 400, body: { success: false, error: "Failed to add payment method" } });
    const declined = await postOperation(server, owner.client, "/api/add-payment-method", { paymentMethodId: "pm_card_Declined" });
    expect(declined.body).toMatchObject({ success: false, error: "Your card was declined." });
  });

  it("opens a customer portal session returning to the billing tab, and says so when it fails", async () => {
    const owner = await registerOwner(server);
    const res = await postOperation(server, owner.client, "/api/billing-portal");
    expect(res.status).toBe(200);
    expect(String(res.body.url)).toMatch(/^https:\/\/billing\.stripe\.mock\//);
    expect(mock.state.portalSessions.at(-1)!.return_url).toBe(`${server.url}/app/settings/billing`);

    // The portal is not set up in the Stripe dashboard (a 400 Stripe does not retry).
    mock.failNext(/billing_portal/, 400, "No configuration provided and your test mode default configuration has not been created.", "invalid_request_error");
    const failed = await postOperation(server, owner.client, "/api/billing-portal");
    expect(failed).toMatchObject({ status: 200, body: { success: false, operationStatus: "failed", error: "Failed to open customer portal" } });
  });

  it("refuses support staff and signed-out callers", async () => {
    const owner = await registerOwner(server);
    const support = await addSupportMember(server, owner.businessId);
    for (const path of ["/api/subscribe", "/api/add-payment-method", "/api/billing-portal", "/api/check-subscription"]) {
      expect((await postJson(server, support, path, { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_visa" })).status).toBe(403);
      expect((await postJson(server, null, path)).status).toBe(302);
    }
    expect(mock.requests).toHaveLength(0);
  });
});

describe("webhooks", () => {
  it("rejects a bad signature with 400 and changes nothing", async () => {
    const owner = await activeOwner();
    const before = await business(owner.businessId);
    const event = stripeEvent("customer.subscription.deleted", mock.subscription(owner.subscriptionId, { status: "canceled" }));
    const res = await deliverWebhook(server, event, "whsec_wrong_secret");
    expect(res.status).toBe(400);
    const unsigned = await fetch(new URL("/api/stripe/webhook", server.url), { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(await business(owner.businessId)).toEqual(before);
    expect(await server.services.db.stripeEvent.count({ where: { id: event.id as string } })).toBe(0);
  });

  it("refuses a correctly signed event dated outside the tolerance, in the past or in the future", async () => {
    const owner = await activeOwner();
    const before = await business(owner.businessId);
    const event = stripeEvent("customer.subscription.deleted", mock.subscription(owner.subscriptionId, { status: "canceled" }));
    const now = Math.floor(Date.now() / 1000);
    expect((await deliverWebhook(server, event, undefined, now + 3600)).status).toBe(400);
    expect((await deliverWebhook(server, event, undefined, now - 3600)).status).toBe(400);
    expect(await business(owner.businessId)).toEqual(before);
    expect(await server.services.db.stripeEvent.count({ where: { id: event.id as string } })).toBe(0);
    // Within the tolerance it is taken.
    expect((await deliverWebhook(server, event, undefined, now + 60)).status).toBe(200);
  });

  it("answers 400 to a correctly signed body that is not a readable event, storing nothing", async () => {
    const owner = await activeOwner();
    const before = await business(owner.businessId);
    const events = () => server.services.db.stripeEvent.count();
    const count = await events();
    const { items: _items, ...withoutItems } = mock.subscription(owner.subscriptionId, { status: "canceled" }) as unknown as Record<string, unknown>;
    for (const body of [
      null,
      [],
      { id: "evt_no_object", object: "event", type: "customer.subscription.deleted", created: Math.floor(Date.now() / 1000), data: {} },
      stripeEvent("customer.subscription.deleted", withoutItems),
      stripeEvent("invoice.paid", { customer: "cus_x" }, { id: "evt_nul_\u0000" }),
    ]) {
      const res = await deliverWebhook(server, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ received: false, error: expect.stringMatching(/^Malformed event \(/) });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/); // no stack
    }
    expect(await events()).toBe(count);
    expect(await business(owner.businessId)).toEqual(before);
  });

  it("processes an event once, however often it is delivered", async () => {
    const owner = await activeOwner();
    const invoice = mock.state.invoices.find((i) => i.customer === (mock.state.subscriptions.get(owner.subscriptionId)!.customer as string))!;
    const event = stripeEvent("invoice.payment_failed", { ...invoice, status: "open" }, { created: Math.floor(Date.now() / 1000) + 5 });
    const first = await deliverWebhook(server, event);
    expect(first).toMatchObject({ status: 200, body: { received: true, outcome: "applied" } });
    expect((await business(owner.businessId)).subscriptionStatus).toBe("past_due");
    const second = await deliverWebhook(server, event);
    expect(second).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    await server.services.jobs.idle([MAIL_QUEUE]); // the e-mail is a job of the webhook's transaction
    const mails = (await readOutbox(server.services.outboxDir)).filter((m) => m.to === owner.email && m.subject === "Your LeadBroom payment failed");
    expect(mails).toHaveLength(1);

    // Paid later: active again.
    const paid = stripeEvent("invoice.paid", { ...invoice, status: "paid" }, { created: Math.floor(Date.now() / 1000) + 10 });
    expect((await deliverWebhook(server, paid)).body.outcome).toBe("applied");
    expect((await business(owner.businessId)).subscriptionStatus).toBe("active");
  });

  it("ignores events older than the state already applied, and never revives a canceled subscription", async () => {
    const owner = await activeOwner();
    const t = Math.floor(Date.now() / 1000) + 100;
    const pastDue = stripeEvent("customer.subscription.updated", mock.subscription(owner.subscriptionId, { status: "past_due" }), { created: t + 2 });
    const olderActive = stripeEvent("customer.subscription.updated", mock.subscription(owner.subscriptionId, { status: "active" }), { created: t + 1 });
    expect((await deliverWebhook(server, pastDue)).body.outcome).toBe("applied");
    expect((await deliverWebhook(server, olderActive)).body.outcome).toBe("stale");
    expect((await business(owner.businessId)).subscriptionStatus).toBe("past_due");

    const deleted = stripeEvent("customer.subscription.deleted", mock.subscription(owner.subscriptionId, { status: "canceled" }), { created: t + 4 });
    const updatedSameTime = stripeEvent("customer.subscription.updated", mock.subscription(owner.subscriptionId, { status: "active" }), { created: t + 4 });
    expect((await deliverWebhook(server, deleted)).body.outcome).toBe("applied");
    expect((await deliverWebhook(server, updatedSameTime)).body.outcome).toBe("stale");
    const stored = await business(owner.businessId);
    expect(stored.subscriptionStatus).toBe("canceled");
    expect((await owner.client.get("/app/outreach")).location).toMatch(/^\/pricing/);
  });

  it("e-mails the owner when the trial is about to end", async () => {
    const owner = await registerOwner(server);
    const res = await postOperation(server, owner.client, "/api/subscribe", { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_visa" });
    expect(res.body.success).toBe(true);
    const { stripeSubscriptionId } = await business(owner.businessId);
    const event = stripeEvent("customer.subscription.trial_will_end", mock.subscription(stripeSubscriptionId!));
    expect((await deliverWebhook(server, event)).status).toBe(200);
    await server.services.jobs.idle([MAIL_QUEUE]);
    const mails = (await readOutbox(server.services.outboxDir)).filter((m) => m.to === owner.email && m.subject === "Your LeadBroom trial ends soon");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/ends on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  });
});
