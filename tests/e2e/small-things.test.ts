// The small things a careful customer notices (issue 32 item 5), in real Chromium at 360 px: no
// "Welcome back" on the very first visit, a list of one reads "Showing 1 of 1 lead", /app/live's top bar
// says "Live chats", and a trial's SMS allowance says why it is below the plans' figures.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, signInThroughForm, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const PASSWORD = "SmallThings2026";

describe.skipIf(!hasChromium)("small things", () => {
  let server: TestServer;
  let browser: Browser;
  let email: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
    email = `careful-${Date.now()}@example.com`;
    const registered = await registerAccount(server.services.db, { businessName: "Careful Cleaning Co", displayName: "Casey Careful", email, password: PASSWORD });
    if (!registered.ok) throw new Error(registered.code);
    await server.services.db.lead.create({
      data: { businessId: registered.value.businessId, name: "Only Lead", email: "only.lead@example.com", score: 7.5, priority: "medium", status: "new" },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("greets a first visit without 'back', counts one lead in the singular and titles /app/live", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await signInThroughForm(page, server.url, email, PASSWORD);
    await page.goto(`${server.url}/app/dashboard`);
    const heading = page.getByRole("heading", { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toBe("Welcome, Careful Cleaning Co");

    await page.goto(`${server.url}/app/leads`);
    await page.getByText("Showing 1 of 1 lead", { exact: true }).waitFor();
    expect(await page.getByText(/Showing 1–1|1 leads/).count()).toBe(0);

    await page.goto(`${server.url}/app/live`);
    expect(await page.locator("header p").first().textContent()).toBe("Live chats");

    await page.goto(`${server.url}/app/automation`);
    expect(await page.getByTestId("sms-usage").textContent()).toContain("the free trial includes 50; paid plans include 100 on Starter, 500 on Pro");
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
