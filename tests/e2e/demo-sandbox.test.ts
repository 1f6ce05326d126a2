// Demo sandboxes in Chromium (issue 13, finding 1; decision 0026): two browsers press the /login demo
// button and each gets a workspace of its own; what one does (a chat with its own chatbot) the other
// never sees, and a visitor's chat on LeadBroom's public site appears in neither.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_MESSAGES } from "#shared/demo/sandbox-policy.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, signOfLife, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("demo sandboxes in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  async function newPage(name: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    watchPageErrors(page, (text) => errors.push(`${name}: ${text}`));
    return page;
  }

  /**
   * Writes one message in an open chat and waits for the chatbot's next question. The public site's
   * chat is LeadBroom's own assistant (decision 0063), whose questions are its own.
   */
  async function chat(page: Page, text: string, questions: [RegExp, RegExp] = [/What type of cleaning/, /how large is the space/i]): Promise<void> {
    const log = page.getByRole("log", { name: "Messages" });
    await log.waitFor();
    await expect.poll(() => log.getByText(questions[0]).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const input = page.getByRole("textbox", { name: "Type your message" });
    await input.fill(text);
    await input.press("Enter");
    await expect.poll(() => log.getByText(questions[1]).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  async function pressDemo(page: Page): Promise<void> {
    await page.goto(`${server.url}/login`);
    await page.getByRole("button", { name: "Sign in with the demo account" }).click();
    await page.waitForURL(`${server.url}/app/dashboard`);
    await page.getByTestId("sandbox-banner").waitFor();
  }

  /** The preview texts of the conversations this browser's workspace lists. */
  async function conversationPreviews(page: Page): Promise<string> {
    await page.goto(`${server.url}/app/conversations`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    return (await page.locator("main").textContent()) ?? "";
  }

  it("gives two browsers demos that see nothing of each other, and the public site's chat appears in neither", async () => {
    // A visitor chats with LeadBroom's own chatbot on the public site.
    const visitor = await newPage("visitor");
    await visitor.goto(`${server.url}/`);
    await signOfLife(visitor);
    await visitor.getByRole("button", { name: "Open chat" }).click();
    await chat(visitor, "About 12 people at Zebra7431 Holdings", [/how big is your cleaning company/, /What's your company's website/]);

    // Two browsers press the demo button: each lands in a workspace of its own (one at 360 px).
    const a = await newPage("browser A");
    const b = await newPage("browser B", { width: 360, height: 740 });
    await pressDemo(a);
    await pressDemo(b);
    expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await a.getByTestId("sandbox-banner").textContent()).toMatch(/Demo sandbox\..*deleted with all its data on/);

    // Each talks to its own chatbot on the Test Chatbot page.
    await a.goto(`${server.url}/test-chatbot`);
    await chat(a, "Regular commercial cleaning for Walrus1111 Offices");
    await b.goto(`${server.url}/test-chatbot`);
    await chat(b, "Regular commercial cleaning for Narwhal2222 Towers");

    const seenByA = await conversationPreviews(a);
    const seenByB = await conversationPreviews(b);
    expect(seenByA).toContain("Walrus1111");
    expect(seenByB).toContain("Narwhal2222");
    expect(seenByA).not.toContain("Narwhal2222");
    expect(seenByB).not.toContain("Walrus1111");
    expect(seenByA).not.toContain("Zebra7431");
    expect(seenByB).not.toContain("Zebra7431");

    // In the database too: the public chat is the site business's, each sandbox has its own one test
    // chat (besides the sample year's conversations every sandbox is seeded with).
    const db = server.services.db;
    // (The browsers' sandboxes: not the one the sandbox.prepare job has seeded ahead meanwhile, decision 0046.)
    const sandboxes = await db.business.findMany({
      where: { sandboxExpiresAt: { not: null }, sandboxPreparedAt: null },
      select: { id: true, _count: { select: { conversations: { where: { isTest: true } } } } },
    });
    expect(sandboxes.map((s) => s._count.conversations)).toEqual([1, 1]);
    const site = await db.conversation.findFirstOrThrow({ where: { chatbot: { siteKey: server.services.env.SITE_CHATBOT_KEY } } });
    expect(sandboxes.map((s) => s.id)).not.toContain(site.businessId);

    // A sandbox's owner cannot invite: the form is switched off and says why (and stays accessible).
    await a.goto(`${server.url}/app/settings/users`);
    await a.getByText(SANDBOX_MESSAGES.invite).waitFor();
    expect(await a.getByRole("button", { name: "Send Invite" }).isDisabled()).toBe(true);
    expect(await axeViolations(a)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
