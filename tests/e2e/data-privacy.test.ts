// Settings → Data & privacy in real Chromium at 360 px (issue 35 item 2): the owner asks for an export and
// sees it being prepared, then its download link; finds a person, confirms in the dialog and sees the
// erasure done and logged; axe clean with and without the dialog, no sideways scroll.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, signInThroughForm } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("data & privacy in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function noSidewaysScroll(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  it("exports, then erases one person after the confirmation", async () => {
    const email = `privacy-e2e-${Date.now()}@example.com`;
    const password = "Evergreen2026";
    const account = await registerAccount(server.services.db, { businessName: "Privacy Facility Care", email, password });
    if (!account.ok) throw new Error(account.code);
    const businessId = account.value.businessId;
    await server.services.db.lead.create({ data: { businessId, name: "Erin Erasable", email: "erin@erase.example", score: 8.6, priority: "high", source: "manual" } });

    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (error) => {
      throw error;
    });
    await signInThroughForm(page, server.url, email, password);
    await page.goto(`${server.url}/app/settings/privacy`);
    await page.getByRole("heading", { level: 2, name: "Export your data" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    await page.getByRole("button", { name: "Export all data" }).click();
    await page.getByText("Your export is being prepared.").waitFor();
    // The list is read again while the export is prepared: the link appears without a reload.
    await page.getByRole("link", { name: /^Download \(/ }).waitFor({ timeout: 60_000 });

    await page.getByLabel("E-mail address or phone number").fill("nobody@nowhere.example");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await page.getByText("Nothing in your business matches this e-mail address or phone number.").first().waitFor();

    await page.getByLabel("E-mail address or phone number").fill("erin@erase.example");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await page.getByRole("link", { name: "Erin Erasable" }).waitFor();
    await page.getByRole("button", { name: "Erase this person's data" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase this person's data?" });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Erase", exact: true }).click();
    await page.getByText("The person's data was erased.").waitFor();
    expect(await server.services.db.lead.count({ where: { businessId, email: "erin@erase.example" } })).toBe(0);
    expect(await server.services.db.lead.count({ where: { businessId } })).toBe(1);

    await page.reload();
    await page.getByText("Erased a person's data").waitFor();
    await noSidewaysScroll(page);
    await context.close();
  }, 180_000);
});
