// The Automation page in real Chromium at 360 px: create from a template (a draft), activate it, see
// its run after a high lead is scored (the job layer sends the e-mail to the outbox), delete it with
// the spec's confirmation; axe-clean with the template picker and the delete dialog open.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { emitEvents } from "#server/events/emit-events.server.ts";
import { hasChromium, launchChromium } from "../support/browser.ts";
import { axeViolations } from "../support/axe.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("the Automation page in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("creates from a template, activates, shows the run and deletes with confirmation", async () => {
    const email = `automation-e2e-${Date.now()}@example.com`;
    const password = "Evergreen2026";
    const account = await registerAccount(server.services.db, { businessName: "Evergreen Facility Care", email, password });
    if (!account.ok) throw new Error(account.code);
    const businessId = account.value.businessId;

    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page: Page = await context.newPage();
    page.on("pageerror", (error) => {
      throw error;
    });
    await page.goto(`${server.url}/login?redirectTo=${encodeURIComponent("/app/automation")}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${server.url}/app/automation`);
    await page.getByRole("heading", { level: 1, name: "Automation" }).waitFor();
    await page.getByText("No automations yet.").waitFor();
    expect(await page.getByTestId("card-Active Automations").textContent()).toBe("0");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("button", { name: "Create from template" }).click();
    await page.getByRole("dialog", { name: "Create from template" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Use template: High-priority lead response" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const item = page.getByTestId("automation").filter({ hasText: "High-priority lead response" });
    await expect.poll(() => item.getByTestId("automation-status").textContent()).toBe("Draft");

    await item.getByRole("button", { name: "Activate" }).click();
    await expect.poll(() => item.getByTestId("automation-status").textContent()).toBe("Active");
    await expect.poll(() => page.getByTestId("card-Active Automations").textContent()).toBe("1");

    // Send test: the owner's own address gets the e-mail (a mail job); the page says so.
    await item.getByRole("button", { name: "Send test of High-priority lead response to your email" }).click();
    await item.getByText(`1 test email sent to ${email}.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A lead scored high: the job layer runs the automation.
    const db = server.services.db;
    const lead = await db.lead.create({
      data: { businessId, name: "Priya Prospect", email: "priya@northwind.example", company: "Northwind Offices", score: 9.2, priority: "high", source: "manual" },
    });
    await emitEvents(server.services.jobs, db, [{ type: "lead.scored", businessId, leadId: lead.id, score: 9.2 }]);
    await expect.poll(async () => (await db.automationRun.findFirst({ where: { leadId: lead.id } }))?.status, { timeout: 30_000 }).toBe("sent");
    await page.reload();
    await item.getByText("Recent runs (1)").click();
    await item.getByTestId("runs").getByText("Priya Prospect").waitFor();
    await item.getByTestId("runs").getByText("Sent").waitFor();
    expect(await page.getByTestId("card-Total Executions").textContent()).toBe("1");
    expect(await page.getByTestId("card-Success Rate").textContent()).toBe("100%");

    // The lead's page lists the automation's step for it.
    await page.goto(`${server.url}/app/leads/${lead.id}`);
    const card = page.getByRole("region", { name: "Automations" });
    await card.getByText("High-priority lead response").waitFor();
    expect(await card.textContent()).toContain("Step 1: Send email · Sent");
    expect(await axeViolations(page, "#lead-automations")).toEqual([]);
    await page.goto(`${server.url}/app/automation`);

    await item.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete automation" });
    await dialog.getByText("Are you sure you want to delete this automation?").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No automations yet.").waitFor();
    // The history stays.
    expect(await db.automationRun.count({ where: { leadId: lead.id } })).toBe(1);
    expect(await page.getByTestId("card-Total Executions").textContent()).toBe("1");
    await context.close();
  });
});
