// The AI Chatbot page and conversation replay in Chromium: a support member replays a visitor's
// conversation step by step; the owner deactivates the chatbot and the widget on a customer's site
// (another origin) stops answering: its launcher is gone on the next load.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbedDemo } from "../../embed-demo/serve.ts";
import { startCustomerSite } from "../support/customer-site.ts";
import { hashPassword } from "#server/auth/password.server.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { hasChromium, launchChromium } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("AI Chatbot page and conversation replay", () => {
  let server: TestServer;
  let demo: EmbedDemo;
  let browser: Browser;
  let visitorContext: BrowserContext;
  let visitorPage: Page;
  const supportEmail = `support-e2e-${Date.now()}@example.com`;
  const supportPassword = "SupportPass1";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
    demo = await startCustomerSite(server.url);
    const business = await server.services.db.business.findFirstOrThrow({ where: { isDemo: true } });
    await server.services.db.user.create({
      data: {
        email: supportEmail,
        passwordHash: await hashPassword(supportPassword),
        displayName: "Sam Support",
        memberships: { create: { businessId: business.id, role: "support" } },
      },
    });
  });

  afterAll(async () => {
    await visitorContext?.close();
    await browser?.close();
    await demo?.close();
    await server?.close();
  });

  async function signIn(page: Page, email: string, password: string, redirectTo: string) {
    await page.goto(`${server.url}/login?redirectTo=${encodeURIComponent(redirectTo)}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === redirectTo.split("?")[0]);
  }

  it("a visitor chats on the customer's site", async () => {
    visitorContext = await browser.newContext();
    visitorPage = await visitorContext.newPage();
    // The demo business has a year of sample conversations: count this visitor's messages only.
    const since = new Date();
    await visitorPage.goto(demo.url);
    await visitorPage.getByRole("button", { name: "Open chat" }).click();
    await visitorPage.getByRole("dialog", { name: "Chat with Sparkle Commercial Cleaning" }).waitFor();
    await visitorPage.getByRole("button", { name: "Industrial", exact: true }).click();
    await visitorPage.getByRole("button", { name: "Over 50,000 sq ft", exact: true }).click();
    await visitorPage.getByRole("button", { name: "Daily", exact: true }).waitFor();
    await expect
      .poll(() => server.services.db.message.count({ where: { conversation: { business: { isDemo: true }, isTest: false, createdAt: { gte: since } } } }))
      .toBeGreaterThanOrEqual(5);
  });

  it("a support member opens the conversation's replay and steps through it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, supportEmail, supportPassword, "/app/chatbot");

    // Support staff see the page but not the controls that change the chatbot.
    await page.getByText("Only the business owner can change the chatbot.").waitFor();
    expect(await page.getByRole("button", { name: /^(Activate|Deactivate)$/ }).count()).toBe(0);

    await page.getByRole("link", { name: "View conversations" }).click();
    await page.waitForURL((url) => url.pathname === "/app/conversations");
    await page.getByLabel("Type").selectOption("real");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("kind") === "real");
    await page.getByTestId("conversation-list").getByRole("link", { name: /Replay/ }).first().click();
    await page.getByRole("heading", { name: "Conversation replay" }).waitFor();

    const progress = page.getByTestId("replay-progress");
    const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? "")?.[1]);
    expect(total).toBeGreaterThanOrEqual(5);
    await expect.poll(() => progress.textContent()).toBe(`Message 0 of ${total}`);
    const transcript = page.getByTestId("replay-transcript");

    await page.getByRole("button", { name: "Step", exact: true }).click();
    await expect.poll(() => progress.textContent()).toBe(`Message 1 of ${total}`);
    await expect.poll(() => transcript.getByText(/Welcome to Sparkle Commercial Cleaning/).count()).toBe(1);
    // The bot's quick replies are shown with the message.
    await expect.poll(() => transcript.getByRole("list", { name: "Quick replies offered" }).count()).toBe(1);

    await page.getByRole("button", { name: "Step", exact: true }).click();
    await expect.poll(() => progress.textContent()).toBe(`Message 2 of ${total}`);
    await expect.poll(() => transcript.getByText("Industrial", { exact: true }).count()).toBeGreaterThan(0);
    expect(await transcript.locator("time").count()).toBeGreaterThanOrEqual(2);

    await page.getByRole("button", { name: "Step back" }).click();
    await expect.poll(() => progress.textContent()).toBe(`Message 1 of ${total}`);

    // Play at 4× runs to the end by itself.
    await page.getByRole("button", { name: "4×" }).click();
    expect(await page.getByRole("button", { name: "4×" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => progress.textContent(), { timeout: 20_000 }).toBe(`Message ${total} of ${total}`);

    // The server refuses the support member's attempt to change the chatbot.
    const status = await page.evaluate(async () => {
      const body = new URLSearchParams({ intent: "toggle", active: "false" });
      const res = await fetch("/app/chatbot", { method: "POST", body });
      return res.status;
    });
    expect(status).toBe(403);
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } })).isActive).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the owner saves settings, copies the snippet and uses the customisation modal", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, DEMO.email, DEMO.password, "/app/chatbot");
    if (process.env.LB_SCREENSHOTS) await page.screenshot({ path: `${process.env.LB_SCREENSHOTS}/overview.png`, fullPage: true });

    const sections = page.getByRole("navigation", { name: "Chatbot sections" });
    await sections.getByRole("link", { name: "Settings", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "settings");
    await page.getByLabel("Service areas").fill(" Springfield , Decatur ,, Peoria ");
    await page.getByLabel("Opens at").selectOption("07:00");
    await page.getByLabel("Welcome message").fill("   ");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("alert").filter({ hasText: "Error saving settings. Please try again." }).waitFor();
    if (process.env.LB_SCREENSHOTS) await page.screenshot({ path: `${process.env.LB_SCREENSHOTS}/settings-error.png`, fullPage: true });
    await page.getByLabel("Welcome message").fill("Hi! Need a cleaning quote?");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved successfully!").waitFor();
    const business = await server.services.db.business.findFirstOrThrow({ where: { isDemo: true } });
    expect(business.serviceAreas).toEqual(["Springfield", "Decatur", "Peoria"]);
    const chatbot = await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } });
    expect(chatbot.hoursStart).toBe("07:00");

    // Allowed origins live on the Installation tab, beside the snippet (issue 14).
    await sections.getByRole("link", { name: "Installation", exact: true }).click();
    await page.getByLabel("Allowed origins").fill("not a url");
    await page.getByRole("button", { name: "Save allowed origins" }).click();
    await page.getByText("is not a valid website origin").waitFor();
    expect(await page.getByLabel("Allowed origins").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Allowed origins").fill(`${demo.url}/`);
    await page.getByRole("button", { name: "Save allowed origins" }).click();
    await page.getByText("Allowed origins saved.").waitFor();
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } })).allowedOrigins).toEqual([demo.url]);

    await page.getByRole("button", { name: "Copy code" }).click();
    await page.getByText("Code copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('data-site-key="demo"');
    await expect.poll(() => page.getByText("Code copied to clipboard!").count(), { timeout: 4000 }).toBe(0);

    await page.getByRole("button", { name: "Customize" }).click();
    const dialog = page.getByRole("dialog", { name: "Customize your chatbot" });
    await dialog.waitFor();
    if (process.env.LB_SCREENSHOTS) await page.screenshot({ path: `${process.env.LB_SCREENSHOTS}/modal.png`, fullPage: true });
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await dialog.getByText("Copied!").waitFor();
    // A click on the backdrop closes the modal without saving.
    await dialog.getByLabel("Business name").fill("Not saved");
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole("button", { name: "Customize" }).click();
    await dialog.getByLabel("Welcome message").fill("Hello from the modal!");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Settings saved successfully!").waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const saved = await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } });
    expect(saved.welcomeMessage).toBe("Hello from the modal!");
    expect(saved.businessName).toBe("Sparkle Commercial Cleaning");
    expect(saved.allowedOrigins).toEqual([demo.url]);
    expect(saved.hoursStart).toBe("07:00");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the owner's Test Chatbot page flags its conversations as tests (with the page's signed token)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, DEMO.email, DEMO.password, "/app/chatbot");
    // Opened as the AI Chatbot page's button opens it: a page load of its own (a new window).
    await page.goto(`${server.url}/test-chatbot`);
    const token = await page.locator("script[data-site-key]").getAttribute("data-test");
    expect(token).toMatch(/^\d{13}\.[\w-]{43}$/);
    const log = page.getByRole("log", { name: "Messages" });
    await log.waitFor();
    await page.getByRole("textbox", { name: "Type your message" }).fill("Regular commercial cleaning");
    await page.getByRole("textbox", { name: "Type your message" }).press("Enter");
    await expect.poll(() => log.getByText(/how large is the space/i).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const latest = await server.services.db.conversation.findFirstOrThrow({
      where: { chatbot: { siteKey: "demo" } },
      orderBy: { createdAt: "desc" },
    });
    expect(latest.isTest).toBe(true);
    await context.close();
  });

  it("the owner deactivates the chatbot and the widget on the customer's site disappears on the next load", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, DEMO.email, DEMO.password, "/app/chatbot");
    await expect.poll(() => page.getByTestId("chatbot-status").textContent()).toBe("Active");
    await page.getByRole("button", { name: "Deactivate" }).click();
    await expect.poll(() => page.getByTestId("chatbot-status").textContent()).toBe("Inactive");
    await page.getByRole("button", { name: "Activate" }).waitFor();
    await expect
      .poll(async () => (await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } })).isActive)
      .toBe(false);
    // Still inactive after a reload: the flag is stored.
    await page.reload();
    await expect.poll(() => page.getByTestId("chatbot-status").textContent()).toBe("Inactive");

    // The visitor's next page load (their browser may still hold the minute-long cached config): the
    // chat re-opened there is refused (chatbot_inactive) and the widget removes itself.
    await visitorPage.reload();
    await expect
      .poll(() => visitorPage.getByRole("button", { name: /Open chat|Close chat/ }).count(), { timeout: 10_000 })
      .toBe(0);
    // A new visitor: the loader's config request says inactive, and no launcher is ever drawn.
    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    const configAnswered = freshPage.waitForEvent("requestfinished", (r) => r.url().startsWith(`${server.url}/widget/config`));
    await freshPage.goto(demo.url);
    expect(await (await (await configAnswered).response())!.json()).toEqual({ active: false, reason: "chatbot_inactive" });
    await freshPage.waitForLoadState("load");
    await freshPage.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await freshPage.locator("#leadbroom-widget").count()).toBe(0);
    await fresh.close();

    // Activating again brings it back.
    await page.getByRole("button", { name: "Activate" }).click();
    await expect.poll(() => page.getByTestId("chatbot-status").textContent()).toBe("Active");
    await visitorPage.reload();
    await visitorPage.getByRole("dialog", { name: "Chat with Sparkle Commercial Cleaning" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
