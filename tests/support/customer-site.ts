// The embed-demo site as a customer's website for end-to-end tests: served on 127.0.0.1 and opened as
// localhost, so it is another origin than the app (http://127.0.0.1:PORT), as on a real customer's site.
// `withCustomerSite()` is a test file's whole set-up: the app server, Chromium and the customer's site,
// started once before the file's tests and closed after them; `openCustomerChat()` is a visitor opening
// the widget there; `qualifyHighLead()` answers the demo chatbot's questions to a high score.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { startEmbedDemo, type EmbedDemo } from "../../embed-demo/serve.ts";
import { launchChromium } from "./browser.ts";
import { freePort, startTestServer, type TestServer, type TestServerOptions } from "./test-server.ts";

/** How long a visitor waits for the bot's next question: generous, as a loaded 2-core machine needs. */
const WAIT = { timeout: 30_000 };

export async function startCustomerSite(appUrl: string, siteKey = "demo"): Promise<EmbedDemo> {
  const demo = await startEmbedDemo({ port: await freePort(), appUrl, siteKey, host: "127.0.0.1" });
  return { ...demo, url: demo.url.replace("127.0.0.1", "localhost") };
}

export type CustomerSiteSetup = { server: TestServer; browser: Browser; site: EmbedDemo };

/**
 * Registers the file's beforeAll/afterAll: the app server (options as startTestServer's), Chromium and
 * the embed-demo site for `siteKey` (the seeded demo chatbot by default). Read the fields inside tests.
 */
export function withCustomerSite(options: TestServerOptions & { siteKey?: string } = {}): CustomerSiteSetup {
  const { siteKey, ...serverOptions } = options;
  const setup = {} as CustomerSiteSetup;
  beforeAll(async () => {
    [setup.server, setup.browser] = await Promise.all([startTestServer(serverOptions), launchChromium()]);
    setup.site = await startCustomerSite(setup.server.url, siteKey);
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.site?.close();
    await setup.server?.close();
  });
  return setup;
}

export type CustomerChat = { context: BrowserContext; page: Page; log: Locator };

/** A new visitor (own browser context) opens the customer's site and the chat panel of `businessName`. */
export async function openCustomerChat(browser: Browser, site: EmbedDemo, businessName = "Sparkle Commercial Cleaning"): Promise<CustomerChat> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(site.url);
  await page.getByRole("button", { name: "Open chat" }).click();
  await page.getByRole("dialog", { name: `Chat with ${businessName}` }).waitFor();
  return { context, page, log: page.getByRole("log", { name: "Messages" }) };
}

/**
 * The visitor answers the demo chatbot's questions for a high lead (20,000–50,000 sq ft, daily,
 * $5,000–$10,000, immediately), then gives name, company and an e-mail address or phone.
 */
export async function qualifyHighLead(chat: CustomerChat, who: { name: string; company: string; contact: string }): Promise<void> {
  const { page, log } = chat;
  for (const reply of ["Regular Commercial Cleaning", "20,000–50,000 sq ft", "Daily", "$5,000–$10,000", "Immediately"]) {
    await visitorChooses(page, reply);
  }
  await expect.poll(() => log.getByText(/your name/i).count(), WAIT).toBeGreaterThan(0);
  await visitorSays(page, who.name);
  await expect.poll(() => log.getByText(/company/i).count(), WAIT).toBeGreaterThan(0);
  await visitorSays(page, who.company);
  await expect.poll(() => log.getByText(/email or phone/i).count(), WAIT).toBeGreaterThan(0);
  await visitorSays(page, who.contact);
}

/** The visitor types a message in the open widget and presses Enter. */
export async function visitorSays(page: Page, text: string): Promise<void> {
  const input = page.getByRole("textbox", { name: "Type your message" });
  await input.fill(text);
  await input.press("Enter");
}

/** The visitor clicks a quick reply once it is shown. */
export async function visitorChooses(page: Page, quickReply: string): Promise<void> {
  const button = page.getByRole("button", { name: quickReply, exact: true });
  await button.waitFor();
  await button.click();
}
