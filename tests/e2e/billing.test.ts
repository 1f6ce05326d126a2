// Billing in real Chromium: the pricing toggle; signed-out Start Free Trial → /register remembering
// the plan through registration; the Billing tab without Stripe keys; and, with keys, the subscribe
// and add-card modals against the in-memory Stripe (tests/mocks/stripe.ts, MSW in this process).
//
// Stripe.js cannot load here (no internet): the browser is served a small TEST DOUBLE of Stripe.js
// at js.stripe.com (page.route), whose card field is a plain input and whose createPaymentMethod
// returns Stripe's test card `pm_card_visa`. Everything after the browser (our API, the official
// `stripe` library, the server's state) is real. Card validation inside Stripe's iframe is not tested.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startStripeMock, STRIPE_ENV } from "../integration/billing-support.ts";

/** The Stripe.js test double: window.Stripe with Elements' card field as an input. */
const FAKE_STRIPE_JS = `
(function () {
  function Stripe(key) {
    return {
      _registerWrapper: function () {},
      elements: function () {
        return {
          create: function () {
            var input;
            return {
              mount: function (el) { input = document.createElement("input"); input.setAttribute("aria-label", "Card number"); input.name = "fake-card"; el.appendChild(input); },
              on: function () {},
              destroy: function () { if (input) input.remove(); }
            };
          }
        };
      },
      createPaymentMethod: function () {
        var value = document.querySelector('input[name="fake-card"]').value;
        return new Promise(function (resolve) {
          setTimeout(function () {
            if (value.indexOf("4000000000000002") === 0) resolve({ error: { message: "Your card was declined." } });
            else resolve({ paymentMethod: { id: "pm_card_visa" } });
          }, 300);
        });
      },
      confirmCardPayment: function () { return Promise.resolve({ paymentIntent: { status: "succeeded" } }); },
      confirmCardSetup: function () { return Promise.resolve({ setupIntent: { status: "succeeded" } }); }
    };
  }
  Stripe.version = "clover";
  window.Stripe = Stripe;
})();`;

const password = "CleanFloors1";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.route("https://js.stripe.com/**", (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: FAKE_STRIPE_JS }));
  return page;
}

async function registerThroughForm(page: Page, businessName: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector("#password") !== null);
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Your name").fill("Billing Owner");
  await page.getByLabel("Email").fill(`billing-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

describe.skipIf(!hasChromium)("billing in Chromium", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe("without Stripe keys", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ seedDemo: false });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("toggles monthly/annual prices with the yearly saving", async () => {
      const page = await newPage(browser);
      await page.goto(`${server.url}/pricing`);
      const starter = page.getByTestId("plan-starter");
      const pro = page.getByTestId("plan-pro");
      expect(await starter.getByTestId("plan-price").textContent()).toBe("$49");
      expect(await page.getByRole("button", { name: /Monthly/ }).getAttribute("aria-pressed")).toBe("true");
      await page.getByRole("button", { name: /Annual/ }).click();
      await expect.poll(() => starter.getByTestId("plan-price").textContent()).toBe("$39");
      expect(await starter.getByTestId("plan-billing").textContent()).toBe("Billed $468 yearly. Save $120 a year");
      expect(await pro.getByTestId("plan-price").textContent()).toBe("$79");
      expect(await pro.getByTestId("plan-billing").textContent()).toContain("Save $240 a year");
      expect(await page.getByTestId("plan-enterprise").getByTestId("plan-billing").textContent()).toContain("Save $600 a year");
      await page.getByRole("button", { name: /Monthly/ }).click();
      await expect.poll(() => pro.getByTestId("plan-price").textContent()).toBe("$99");
      expect(await page.getByRole("link", { name: "Contact Sales" }).getAttribute("href")).toBe("/contact");
      await page.context().close();
    });

    it("switches to annual prices before the page's scripts have run (decision 0089: they load after the first paint)", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${server.url}/pricing`);
      await page.getByRole("button", { name: /Annual/ }).click();
      await page.waitForURL(`${server.url}/pricing?period=annual`);
      expect(await page.getByTestId("plan-starter").getByTestId("plan-price").textContent()).toBe("$39");
      expect(await page.getByRole("button", { name: /Annual/ }).getAttribute("aria-pressed")).toBe("true");
      await context.close();
    });

    it("signed out, Start Free Trial goes to /register and the plan is remembered through registration", async () => {
      const page = await newPage(browser);
      await page.goto(`${server.url}/pricing`);
      await page.getByRole("button", { name: /Annual/ }).click();
      await page.getByTestId("plan-pro").getByRole("link", { name: "Start Free Trial" }).click();
      await page.waitForURL(`${server.url}/register?plan=pro&period=annual`);
      await registerThroughForm(page, "Remembered Plan Cleaning");
      await page.waitForURL(`${server.url}/app/settings/billing?plan=pro&period=annual`);
      // The chosen plan's subscribe modal opens; without keys it says billing is not configured.
      const dialog = page.getByRole("dialog", { name: "Subscribe" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("Billing is not configured");
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });

      // The Billing tab in no-keys mode.
      expect(await page.getByTestId("plan-label").textContent()).toBe("Free Trial");
      expect(await page.getByTestId("status-label").textContent()).toBe("Trial");
      expect(await page.getByTestId("plan-detail").textContent()).toMatch(/^Trial ends on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(await page.getByText("You don't have an active subscription yet.").count()).toBe(1);
      expect(await page.getByRole("link", { name: "View Plans" }).getAttribute("href")).toBe("/pricing");
      expect(await page.getByTestId("lead-usage").textContent()).toContain("0 of 500");
      await page.getByRole("button", { name: "Add New" }).click();
      const add = page.getByRole("dialog", { name: "Add Payment Method" });
      expect(await add.textContent()).toContain("Billing is not configured");
      await page.keyboard.press("Escape");
      await add.waitFor({ state: "detached" });
      await page.context().close();
    });
  });

  describe("with Stripe (in-memory, through MSW)", () => {
    let server: TestServer;
    let closeMsw: () => void;
    beforeAll(async () => {
      const { msw } = startStripeMock();
      closeMsw = () => msw.close();
      server = await startTestServer({ seedDemo: false, env: STRIPE_ENV });
    });
    afterAll(async () => {
      await server?.close();
      closeMsw?.();
    });

    it("subscribes from the modal: processing, 'Subscribed!', closes after 2 s; adds a card; shows the card error", async () => {
      const page = await newPage(browser);
      await page.goto(`${server.url}/register`);
      await registerThroughForm(page, "Modal States Cleaning");
      await page.waitForURL(`${server.url}/app/dashboard`);
      await page.goto(`${server.url}/app/settings/billing`);
      await page.getByRole("button", { name: "Subscribe", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Subscribe" });
      await dialog.getByLabel("Card number").fill("4242424242424242");
      await dialog.getByRole("radio", { name: "Pro" }).check();

      // A declined card: Stripe's message in the red box, the form usable again.
      await dialog.getByLabel("Card number").fill("4000000000000002");
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
      expect(await dialog.getByRole("button", { name: "Subscribe" }).isDisabled()).toBe(false);

      await dialog.getByLabel("Card number").fill("4242424242424242");
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.getByRole("button", { name: "Processing..." }).waitFor();
      expect(await dialog.getByRole("button", { name: "Processing..." }).isDisabled()).toBe(true);
      await dialog.getByText("Subscribed!").waitFor();
      expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
      const shownAt = Date.now();
      await dialog.waitFor({ state: "detached", timeout: 5000 });
      expect(Date.now() - shownAt).toBeGreaterThan(1500);
      // Subscribed during the trial: still a trial, now of Pro, the first charge when it ends.
      await expect.poll(() => page.getByTestId("plan-label").textContent()).toBe("Pro");
      expect(await page.getByTestId("status-label").textContent()).toBe("Trial");
      expect(await page.getByRole("button", { name: "Manage Subscription" }).count()).toBe(1);

      await page.getByRole("button", { name: "Add New" }).click();
      const add = page.getByRole("dialog", { name: "Add Payment Method" });
      await add.getByLabel("Card number").fill("4242424242424242");
      await add.getByRole("button", { name: "Add Card" }).click();
      await add.getByText("Added!").waitFor();
      expect(await add.getByRole("button", { name: "Add Card" }).isDisabled()).toBe(true);
      await add.waitFor({ state: "detached", timeout: 5000 });
      await page.getByText("Visa ending in 4242", { exact: false }).first().waitFor();

      // Manage Subscription opens the Stripe customer portal session the server created.
      await page.route("https://billing.stripe.mock/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Stripe portal</title>" }));
      await page.getByRole("button", { name: "Manage Subscription" }).click();
      await page.waitForURL(/^https:\/\/billing\.stripe\.mock\/p\/session\//);
      await page.context().close();
    });

    it("shows PRO features locked below Pro, with Unlock opening the upgrade modal", async () => {
      const page = await newPage(browser);
      await page.goto(`${server.url}/register`);
      await registerThroughForm(page, "Starter Plan Cleaning");
      await page.waitForURL(`${server.url}/app/dashboard`);
      const business = await server.services.db.business.findFirstOrThrow({ where: { name: "Starter Plan Cleaning" } });
      await server.services.db.business.update({ where: { id: business.id }, data: { subscriptionStatus: "active", plan: "Starter" } });
      await page.goto(`${server.url}/app/outreach`);
      const locked = page.locator('[data-feature-locked="cold_outreach"]');
      expect(await locked.count()).toBe(2);
      await locked.first().getByRole("button", { name: "Unlock" }).click();
      const dialog = page.getByRole("dialog", { name: "Upgrade to Pro" });
      await dialog.waitFor();
      expect(await dialog.getByRole("radio", { name: "Pro" }).isChecked()).toBe(true);
      await page.getByTestId("modal-backdrop").click({ position: { x: 5, y: 5 } });
      await dialog.waitFor({ state: "detached" });
      await page.context().close();
    });
  });
});
