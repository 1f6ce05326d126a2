// The widget on a customer's site (another origin than the app), driven in Chromium as a visitor would.
import { describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hasChromium } from "../support/browser.ts";
import { startCustomerSite, visitorChooses as choose, visitorSays as send, withCustomerSite } from "../support/customer-site.ts";

describe.skipIf(!hasChromium)("the widget on a customer's website", () => {
  const setup = withCustomerSite();

  it("qualifies a visitor through quick replies and free text, survives a reload, and stores the scored lead", async () => {
    const { server, browser, site: demo } = setup;
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const fromApp: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(server.url)) fromApp.push(new URL(r.url()).pathname);
    });
    const chatbotId = (await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } })).id;
    const conversationsBefore = await server.services.db.conversation.count({ where: { chatbotId } });
    await page.goto(demo.url);

    // Before the visitor goes near the chat: only the loader and its config are fetched, no
    // connection, nothing stored (no localStorage key, no IndexedDB database), no cookies.
    await page.getByRole("button", { name: "Open chat" }).waitFor();
    await page.waitForLoadState("load");
    expect(fromApp).toEqual(["/widget.js", "/widget/config"]);
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
    expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
    expect(await context.cookies()).toEqual([]);
    // The pointer on the launcher starts downloading the chat; still nothing is stored or connected.
    await page.getByRole("button", { name: "Open chat" }).hover();
    await expect.poll(() => fromApp.some((p) => /^\/widget\/chat-[\w-]+\.js$/.test(p))).toBe(true);
    expect(fromApp.some((p) => p.startsWith("/socket.io"))).toBe(false);
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
    const hostButtonColour = await page.locator("#host-button").evaluate((el) => getComputedStyle(el).backgroundColor);

    // socket.io frames from the server: a turn's acknowledgement ("43/widget,<id>[…]") and events.
    const frames: string[] = [];
    page.on("websocket", (ws) => ws.on("framereceived", (f) => typeof f.payload === "string" && frames.push(f.payload)));
    await page.getByRole("button", { name: "Open chat" }).click();
    const dialog = page.getByRole("dialog", { name: "Chat with Sparkle Commercial Cleaning" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(/Welcome to Sparkle Commercial Cleaning/).count()).toBeGreaterThan(0);
    // Opening the chat stores nothing: the conversation is stored with the visitor's first answer.
    expect(await server.services.db.conversation.count({ where: { chatbotId } })).toBe(conversationsBefore);

    await choose(page, "Regular Commercial Cleaning");
    await expect.poll(() => server.services.db.conversation.count({ where: { chatbotId } })).toBe(conversationsBefore + 1);
    await page.getByRole("button", { name: "Over 50,000 sq ft", exact: true }).waitFor();
    const sent = frames.length;
    await send(page, "about 12k sq ft");
    await page.getByRole("button", { name: "2–3 times a week", exact: true }).waitFor();
    // A later rules turn is one statement (decision 0079): the bot's reply, and its quick replies shown
    // above, came in the message's acknowledgement only, not as a `message` event (decisions 0085, 0090).
    const payloads = frames.slice(sent).map((f) => JSON.parse(f.slice(f.indexOf("["))) as unknown[]);
    const acks = payloads.filter((p, i) => frames[sent + i]!.startsWith("43/widget,")) as [{ replies?: { role: string; quickReplies?: string[] }[] }][];
    expect(acks.flatMap(([ack]) => ack.replies ?? []).some((m) => m.role === "bot" && m.quickReplies?.includes("2–3 times a week"))).toBe(true);
    expect(payloads.some(([event, m]) => event === "message" && (m as { role?: string }).role === "bot")).toBe(false);
    await choose(page, "2–3 times a week");
    await page.getByRole("button", { name: "Not sure", exact: true }).waitFor();
    // Opened once: the state is saved, and so is the marker that tells the loader to read it next time.
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual(["leadbroom:demo"]);

    // A reload mid-way keeps the conversation (and re-opens the panel).
    await page.reload();
    await page.getByRole("dialog", { name: "Chat with Sparkle Commercial Cleaning" }).waitFor();
    await expect.poll(() => page.getByRole("log", { name: "Messages" }).getByText("about 12k sq ft").count()).toBe(1);

    await send(page, "$1,500 a month");
    await page.getByRole("button", { name: "Within 30 days", exact: true }).waitFor();
    await choose(page, "Within 30 days");
    await expect.poll(() => page.getByRole("log", { name: "Messages" }).getByText(/your name/i).count()).toBeGreaterThan(0);
    await send(page, "Maria Lopez");
    await expect.poll(() => page.getByRole("log", { name: "Messages" }).getByText(/company/i).count()).toBeGreaterThan(0);
    await send(page, "Lopez Dental Group");
    await expect.poll(() => page.getByRole("log", { name: "Messages" }).getByText(/email or phone/i).count()).toBeGreaterThan(0);
    await send(page, "maria@lopezdental.example");

    // 12,000 sq ft → 6; 2–3 a week → 8; $1,500 against 12 × $10 × 10.8 = $1,296 (+15.7%) → above
    // market 10; 30 days → 8. 0.30·6 + 0.25·8 + 0.25·10 + 0.20·8 = 7.9 → Medium.
    await expect
      .poll(() => server.services.db.lead.count({ where: { email: "maria@lopezdental.example" } }), { timeout: 10_000 })
      .toBe(1);
    const lead = await server.services.db.lead.findFirstOrThrow({ where: { email: "maria@lopezdental.example" } });
    expect(lead).toMatchObject({
      name: "Maria Lopez",
      company: "Lopez Dental Group",
      buildingSizeSqFt: 12_000,
      frequency: "two_three_weekly",
      budgetMonthlyCents: 150_000,
      timeline: "within_30_days",
      score: 7.9,
      priority: "medium",
      status: "new",
      isTest: false,
    });

    // The host page is untouched: its styles still apply and the widget added nothing to <head>.
    expect(await page.locator("#host-button").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(hostButtonColour);
    expect(await page.evaluate(() => document.head.querySelectorAll("style").length)).toBe(0);
    expect(await context.cookies()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws no launcher for an unknown site key, an inactive chatbot or a refused origin, and draws it for an active one", async () => {
    const { server, browser } = setup;
    const db = server.services.db;
    const chatbotOf = async (name: string, data: { isActive?: boolean; allowedOrigins?: string[] }) => {
      const account = await registerAccount(db, { businessName: name, email: `${name.replace(/\W/g, "")}-${Date.now()}@example.com`, password: "LauncherPass123" });
      if (!account.ok) throw new Error("registration failed");
      const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId: account.value.businessId } });
      await db.chatbot.update({ where: { id: chatbot.id }, data });
      return chatbot.siteKey;
    };
    const cases = [
      { label: "unknown key", siteKey: "no-such-key", drawn: false },
      { label: "inactive", siteKey: await chatbotOf("Dormant Cleaning", { isActive: false }), drawn: false },
      { label: "refused origin", siteKey: await chatbotOf("Elsewhere Cleaning", { allowedOrigins: ["https://www.elsewhere.example"] }), drawn: false },
      { label: "active", siteKey: await chatbotOf("Awake Cleaning", { isActive: true }), drawn: true },
    ];
    for (const c of cases) {
      const site = await startCustomerSite(server.url, c.siteKey);
      const context = await browser.newContext();
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "warning") warnings.push(m.text());
      });
      const fromApp: string[] = [];
      page.on("request", (r) => {
        if (r.url().startsWith(server.url)) fromApp.push(new URL(r.url()).pathname);
      });
      const configAnswered = page.waitForEvent("requestfinished", (r) => r.url().startsWith(`${server.url}/widget/config`));
      await page.goto(site.url);
      await configAnswered;
      await page.waitForLoadState("load");
      // The loader has acted on the answer by the second frame after it arrived.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const launchers = page.getByRole("button", { name: "Open chat" });
      if (c.drawn) {
        await launchers.waitFor();
        expect(await page.evaluate(() => getComputedStyle(document.querySelector("#leadbroom-widget")!.shadowRoot!.querySelector(".lb")!).getPropertyValue("--lb-accent").trim())).toBe("#1d64d8");
      } else {
        expect({ case: c.label, launchers: await launchers.count(), host: await page.locator("#leadbroom-widget").count() }).toEqual({ case: c.label, launchers: 0, host: 0 });
        // Nothing can open it either: the page's own call is ignored and nothing connects.
        await page.evaluate(() => (window as unknown as { LeadBroom?: { open(): void } }).LeadBroom?.open());
        expect(await page.getByRole("dialog").count()).toBe(0);
        expect(fromApp).toEqual(["/widget.js", "/widget/config"]);
      }
      if (c.label === "refused origin") expect(warnings.join("\n")).toContain("AI Chatbot → Installation");
      else expect(warnings).toEqual([]);
      await context.close();
      await site.close();
    }
  });
});
