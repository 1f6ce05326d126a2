// Competitor analysis in Chromium: a lead marked Lost with "Went with a competitor" and the name (the
// fields appear for Lost), the figures on /app/analytics/competitors with the period picker, and the
// page locked on Starter with Unlock opening the upgrade modal.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hasChromium, launchChromium, watchPageErrors, signInThroughForm } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const PASSWORD = "CleanFloors1";

describe.skipIf(!hasChromium)("competitor analysis", () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    errors.length = 0; // each test checks its own pages' errors (a retry starts clean)
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  let counter = 0;
  async function owner(plan: "trial" | "Starter") {
    counter += 1;
    const email = `competitors-${counter}-${Date.now()}@example.com`;
    const registered = await registerAccount(server.services.db, { businessName: "Brightway Janitorial", email, password: PASSWORD });
    if (!registered.ok) throw new Error(registered.code);
    const businessId = registered.value.businessId;
    if (plan === "Starter") {
      await server.services.db.business.update({ where: { id: businessId }, data: { subscriptionStatus: "active", plan: "Starter" } });
    }
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    watchPageErrors(page, (text) => errors.push(`${page.url()}: ${text}`));
    await signInThroughForm(page, server.url, email, PASSWORD);
    return { page, businessId };
  }

  /** The locked page answers 403 on purpose; Chromium notes that in the console. */
  const unexpectedErrors = () => errors.filter((e) => !/status of 403/.test(e));

  it("records why a lead was lost and shows it in the analysis", async () => {
    const { page, businessId } = await owner("trial");
    const lead = await server.services.db.lead.create({ data: { businessId, name: "Avery Stone", score: 7, priority: "medium", budgetMonthlyCents: 30_000 } });
    await page.goto(`${server.url}/app/leads/${lead.id}`);
    const status = page.getByRole("region", { name: "Status" });
    await status.getByLabel("Move to").selectOption("lost");
    await status.getByLabel("Lost reason (optional)").selectOption("competitor");
    await status.getByLabel("Competitor's name (optional)").fill("  Sparkle   Pros ");
    await status.getByRole("button", { name: "Update status" }).click();
    await page.getByRole("region", { name: "History" }).getByText("Status changed from New to Lost (reason: Went with a competitor: Sparkle Pros)").waitFor();
    await page.getByRole("region", { name: "Contact details" }).getByText("Went with a competitor: Sparkle Pros").waitFor();

    await page.goto(`${server.url}/app/analytics`);
    await page.getByRole("link", { name: /Competitor analysis/ }).click();
    await page.waitForURL(`${server.url}/app/analytics/competitors`);
    const competitors = page.getByRole("region", { name: "Competitors you lose to most" });
    const row = competitors.getByRole("row", { name: /Sparkle Pros/ });
    await row.waitFor();
    expect(await row.getByRole("cell").allTextContents()).toEqual(["1", "0", "0%", "$300"]);
    await page.getByLabel("Period").selectOption("365");
    await page.waitForURL(/days=365/);
    await page.getByText("Closed in the last 12 months").first().waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it("is locked on Starter: Unlock opens the upgrade", async () => {
    const { page } = await owner("Starter");
    const res = await page.goto(`${server.url}/app/analytics/competitors`);
    expect(res?.status()).toBe(403);
    const locked = page.locator('[data-feature-locked="competitor_analysis"]');
    await locked.getByRole("button", { name: "Unlock" }).click();
    await page.getByRole("dialog", { name: "Upgrade to Pro" }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });
});
