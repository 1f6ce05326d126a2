// LeadBroom's own site assistant in Chromium at 360 px (issue 29 item 6, decision 0063): on the
// pricing page a visitor opens the chat, asks about plans and gets the same prices the page shows,
// answers the assistant's questions (one by a quick reply), and the prospect appears as a lead on the
// operator's leads page. The page with the open chat has no axe-core violations.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/password.server.ts";
import { PLAN_NAMES, PLANS } from "#shared/billing/plans.ts";
import { formatUsd } from "#shared/format/intl.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, signInThroughForm, signOfLife, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";

const OWNER = { email: "sales-e2e@leadbroom.test", password: "SellMore123" };

describe.skipIf(!hasChromium)("LeadBroom's site assistant in Chromium at 360 px", () => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function phone(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    watchPageErrors(page, (text) => errors.push(text));
    return page;
  }

  it("answers about plans with the page's prices, qualifies the prospect and the lead appears for the operator", async () => {
    const page = await phone();
    await page.goto(`${server.url}/pricing`);
    await signOfLife(page);
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
    const shownPrices = await page.getByTestId("plan-price").allInnerTexts();
    expect(shownPrices).toEqual(PLAN_NAMES.map((name) => formatUsd(PLANS[name].monthlyCents)));

    await page.getByRole("button", { name: "Open chat" }).click();
    const log = page.getByRole("log", { name: "Messages" });
    await log.getByText(/how big is your cleaning company/).first().waitFor({ timeout: 20_000 });
    const input = page.getByRole("textbox", { name: "Type your message" });
    const say = async (text: string, expected: RegExp | string) => {
      await input.fill(text);
      await input.press("Enter");
      await log.getByText(expected).last().waitFor({ timeout: 20_000 });
    };

    await say("I want to know about your plans", /LeadBroom has three plans/);
    const answer = await log.getByText(/LeadBroom has three plans/).innerText();
    // The chat's prices are the ones the page shows (one catalogue).
    for (const [index, name] of PLAN_NAMES.entries()) expect(answer).toContain(`${name} ${shownPrices[index]}/month`);
    expect(await log.innerText()).not.toContain("type of cleaning");

    await page.getByRole("button", { name: "11–50 people" }).click();
    await log.getByText(/What's your company's website/).last().waitFor({ timeout: 20_000 });
    await say("sparkleoffice.com", /What do you clean/);
    await say("offices and schools", /What's your name/);
    await say("Morgan Lee", /best e-mail address/);
    await say("morgan@sparkleoffice.com", /get in touch at morgan@sparkleoffice\.com/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);

    // The operator's business gets the lead; its owner sees it on the leads page.
    const db = server.services.db;
    const lead = await until(
      () => db.lead.findFirst({ where: { email: "morgan@sparkleoffice.com" }, include: { business: { select: { kind: true } } } }),
      (found) => found !== null,
    );
    expect(lead).toMatchObject({ name: "Morgan Lee", serviceType: "offices and schools", priority: "high", business: { kind: "operator" } });
    await db.user.create({
      data: { email: OWNER.email, displayName: "Sam Sales", passwordHash: await hashPassword(OWNER.password), memberships: { create: { businessId: lead!.businessId, role: "owner" } } },
    });
    const owner = await phone();
    await signInThroughForm(owner, server.url, OWNER.email, OWNER.password);
    await owner.goto(`${server.url}/app/leads`);
    await owner.getByText("Morgan Lee").first().waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  }, 300_000);
});
