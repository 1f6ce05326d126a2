// Issue 32 item 7: BILLING=off, for an owner running LeadBroom for their own company. Even with Stripe's
// keys set, no Stripe client exists (nothing can call Stripe), the billing screen and endpoints are not
// there, and a business whose trial ran out long ago has every feature (Enterprise API keys, white
// label, Cold Outreach) and no lead limit; nobody is told a trial is ending.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { effectivePlan, hasFeature, leadLimit } from "#shared/billing/entitlements.ts";
import { billingOff } from "#shared/billing/billing-mode.ts";
import { queueTrialEndingReminders } from "#server/jobs/trial-ending.server.ts";
import { smsAllowance } from "#shared/automations/sms-allowance.ts";
import { widgetConfigFor } from "#server/chatbots/widget-config.server.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seedDemo: false,
    env: { BILLING: "off", STRIPE_SECRET_KEY: "sk_test_selfhosted", STRIPE_PUBLISHABLE_KEY: "pk_test_selfhosted", STRIPE_WEBHOOK_SECRET: "whsec_selfhosted" },
  });
});

afterAll(async () => {
  await server?.close();
  // The mode is the server's: closed, the next server in this process starts with billing on.
  expect(billingOff()).toBe(false);
});

describe("BILLING=off", () => {
  it("gives every business every feature, shows no billing and never calls Stripe", async () => {
    const db = server.services.db;
    expect(server.services.stripe).toBeNull();

    const email = `selfhosted-${Date.now()}@example.com`;
    const password = "SelfHosted2026";
    const account = await registerAccount(db, { businessName: "Own Cleaning Co", email, password });
    if (!account.ok) throw new Error(account.code);
    const { businessId } = account.value;
    // A trial that ended a month ago, and one ending tomorrow: neither matters.
    const business = await db.business.update({ where: { id: businessId }, data: { subscriptionStatus: "trial", trialEnd: new Date(Date.now() - 30 * 86_400_000) } });
    expect(effectivePlan(business)).toBe("Enterprise");
    for (const feature of ["api_access", "white_label", "cold_outreach", "competitor_analysis"] as const) expect(hasFeature(business, feature), feature).toBe(true);
    expect(leadLimit(business)).toBeNull();
    expect(smsAllowance(business)).toBe(2000);
    await db.business.update({ where: { id: businessId }, data: { trialEnd: new Date(Date.now() + 86_400_000) } });
    expect(await queueTrialEndingReminders({ db, jobs: server.services.jobs, env: server.services.env })).toEqual([]);
    await db.business.update({ where: { id: businessId }, data: { trialEnd: new Date(Date.now() - 30 * 86_400_000) } });

    const http = new HttpClient(server.url);
    expect((await http.post("/login", { intent: "login", email, password })).status).toBe(302);
    // No billing screen, no billing section in the menu, no upgrade offers.
    expect((await http.get("/app/settings/billing")).status).toBe(404);
    const settings = await http.get("/app/settings/profile");
    expect(settings.status).toBe(200);
    expect(settings.text).not.toContain("Billing &amp; Subscription");
    const dashboard = await http.get("/app/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).not.toContain("Upgrade to Pro");
    // Enterprise API keys and Pro pages open (an expired trial would be sent to /pricing).
    const apiKeys = await http.get("/app/settings/api-keys");
    expect(apiKeys.status).toBe(200);
    expect(apiKeys.text).not.toContain(">Unlock<");
    expect((await http.post("/app/settings/api-keys", { intent: "api-key-create", name: "Our CRM" })).status).toBe(200);
    expect(await db.apiKey.count({ where: { businessId, revokedAt: null } })).toBe(1);
    expect((await http.get("/app/outreach")).status).toBe(200);
    expect((await http.get("/app/analytics/competitors")).status).toBe(200);
    const lead = await db.lead.create({ data: { businessId, name: "Vera Visible", email: "vera@example.com", score: 7, priority: "medium", source: "manual" } });
    const leadPage = await http.get(`/app/leads/${lead.id}`);
    expect(leadPage.status).toBe(200);
    expect(leadPage.text).toContain("vera@example.com");
    // The white-labelled widget (no "Powered by LeadBroom").
    const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId } });
    const config = await widgetConfigFor(db, { siteKey: chatbot.siteKey, origin: server.url, appOrigin: server.url });
    expect(config.body).toMatchObject({ active: true, config: { whiteLabel: true } });

    // The billing endpoints are not there: nothing reaches Stripe.
    for (const path of ["/api/subscribe", "/api/add-payment-method", "/api/billing-portal", "/api/check-subscription", "/api/stripe/webhook"]) {
      expect((await http.post(path, { plan: "Pro", period: "monthly" })).status, path).toBe(404);
    }
    expect(await db.billingOperation.count({ where: { businessId } })).toBe(0);
  });
});
