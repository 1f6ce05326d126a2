// The Automation page in real Chromium at 360 px, over the real embed-demo customer site: the owner
// creates the High-priority template (a draft), activates it and sends a test; a visitor on the
// customer's site (another origin, the real snippet) qualifies high with an e-mail address; the run
// appears on the owner's open page without a reload (the workspace socket), the e-mail reaches the
// outbox exactly once; the owner deletes the automation with the spec's confirmation and the history
// stays. Axe-clean with the template picker and the delete dialog open.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { hasChromium, watchPageErrors } from "../support/browser.ts";
import { axeViolations } from "../support/axe.ts";
import { openCustomerChat, qualifyHighLead, withCustomerSite } from "../support/customer-site.ts";

describe.skipIf(!hasChromium)("the Automation page in Chromium", () => {
  const setup = withCustomerSite();

  it("creates from a template, activates, shows the run of a visitor qualified on the customer's site live, and deletes with confirmation", async () => {
    const { server, browser, site } = setup;
    const db = server.services.db;
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page: Page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await page.goto(`${server.url}/login?redirectTo=${encodeURIComponent("/app/automation")}`);
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${server.url}/app/automation`);
    await page.getByRole("heading", { level: 1, name: "Automation" }).waitFor();
    await page.getByText("No automations yet.").waitFor();
    expect(await page.getByTestId("card-Active Automations").textContent()).toBe("0");
    // The plan's SMS allowance this month (the demo business has Enterprise's).
    expect(await page.getByTestId("sms-usage").textContent()).toBe("SMS this month: 0 of 2000");
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
    await item.getByText(`1 test email sent to ${DEMO.email}.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await item.getByText("Recent runs (0)").click();
    // The page's workspace socket is connected before the visitor comes.
    await expect.poll(() => server.app.io.of("/workspace").sockets.size, { timeout: 10_000 }).toBe(1);

    // A visitor on the customer's site qualifies high and leaves an e-mail address.
    const visitorEmail = `olive-${Date.now()}@oakfieldoffices.example`;
    const chat = await openCustomerChat(browser, site);
    await qualifyHighLead(chat, { name: "Olive Oakfield", company: "Oakfield Offices", contact: visitorEmail });

    // The owner's open page shows the run, sent, without a reload; the cards follow.
    const runs = item.getByTestId("runs");
    await item.getByText("Recent runs (1)").waitFor({ timeout: 30_000 });
    await runs.getByText("Olive Oakfield").waitFor();
    await runs.getByText("Sent", { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("card-Total Executions").textContent()).toBe("1");
    expect(await page.getByTestId("card-Success Rate").textContent()).toBe("100%");
    expect(await page.getByTestId("card-Total Runs Today").textContent()).toBe("1");
    const lead = await db.lead.findFirstOrThrow({ where: { email: visitorEmail } });
    expect(lead.score).toBeGreaterThanOrEqual(8);
    // Exactly one e-mail to the visitor, in the outbox (the job layer's mailer), and it stays one.
    const toVisitor = async () => (await readOutbox(server.services.outboxDir)).filter((m) => m.to === visitorEmail);
    await expect.poll(async () => (await toVisitor()).length, { timeout: 15_000 }).toBe(1);
    expect((await toVisitor())[0]!.subject).toBe("Your cleaning quote request with Sparkle Commercial Cleaning");
    await server.app.chat.idle();
    expect(await db.automationRun.count({ where: { leadId: lead.id } })).toBe(1);
    expect(await toVisitor()).toHaveLength(1);
    await chat.context.close();

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
    expect(errors).toEqual([]);
    await context.close();
  });
});
