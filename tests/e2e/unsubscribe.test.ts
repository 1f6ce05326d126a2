// The unsubscribe page in Chromium on a phone (360 px): the link from a lead e-mail asks to confirm,
// the button unsubscribes, and the lead page then says the lead unsubscribed. axe-clean throughout.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { unsubscribeUrl, unsubscribeSigner } from "#server/mail/unsubscribe.server.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("unsubscribe page in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function phonePage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    watchPageErrors(page, (text) => errors.push(text));
    return page;
  }

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it("confirms, unsubscribes, and the lead page shows it", async () => {
    const email = `unsub-e2e-${Date.now()}@example.com`;
    const password = "Evergreen2026";
    const account = await registerAccount(server.services.db, { businessName: "Evergreen Facility Care", email, password });
    if (!account.ok) throw new Error(account.code);
    const { businessId } = account.value;
    const leadEmail = "a.very.long.address.for.a.small.screen@northwind-offices.example";
    const lead = await server.services.db.lead.create({
      data: { businessId, name: "Priya Prospect", email: leadEmail, score: 6.2, priority: "medium", source: "manual" },
    });

    const visitor = await phonePage();
    await visitor.goto(unsubscribeUrl(unsubscribeSigner(server.services), { businessId, email: leadEmail }));
    await visitor.getByRole("heading", { name: "Unsubscribe" }).waitFor();
    expect(await visitor.getByText("Stop e-mails from").textContent()).toContain("Evergreen Facility Care");
    expect(await noSidewaysScroll(visitor)).toBe(true);
    expect(await axeViolations(visitor)).toEqual([]);
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await visitor.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);

    expect(errors).toEqual([]);

    // A tampered link says so (answered 400, which the browser logs: the only error expected).
    await visitor.goto(`${server.url}/unsubscribe/tampered.${"A".repeat(43)}`);
    await visitor.getByRole("heading", { name: "This link does not work" }).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    errors.length = 0;

    const owner = await phonePage();
    await owner.goto(`${server.url}/login`);
    await owner.getByLabel("Email").fill(email);
    await owner.getByLabel("Password").fill(password);
    await owner.getByRole("button", { name: "Sign In", exact: true }).click();
    await owner.waitForURL(/\/app/);
    await owner.goto(`${server.url}/app/leads/${lead.id}`);
    await owner.getByText("This lead unsubscribed from your emails on").waitFor();
    await owner.getByText("Unsubscribed", { exact: true }).waitFor();
    expect(await noSidewaysScroll(owner)).toBe(true);
    expect(await axeViolations(owner)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
