// A member replies by SMS from Live chats (issue 33, decision 0068/0077), in real Chromium at 360 px: a
// person texts the business's Twilio number (a webhook signed with Twilio's own helper), the chatbot
// answers by SMS (Twilio's API answered by MSW), the owner sees "Texting from …" in Live chats, opens
// it, joins and writes; the message goes to the person's phone as an SMS. Live chats and the chat are
// axe clean.
import twilioLib from "twilio";
import { setupServer } from "msw/node";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { saveTwilioConnection } from "#server/sms/connection.server.ts";
import { createTwilioMock } from "../mocks/twilio.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, signInThroughForm, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";

const PASSWORD = "TextBack2026";
const SID = `AC${"2b".repeat(16)}`;
const TOKEN = "e2e-auth-token-0123456789";
const NUMBER = "+15550007777";
const PERSON = "+16175550131";
const twilio = createTwilioMock();
const msw = setupServer(...twilio.handlers);

describe.skipIf(!hasChromium)("replying by SMS from Live chats", () => {
  let server: TestServer;
  let browser: Browser;
  let email: string;

  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "bypass" });
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false, env: { SMS_QUIET_HOURS: "off" } }), launchChromium()]);
    email = `texting-${Date.now()}@example.com`;
    const registered = await registerAccount(server.services.db, { businessName: "Texting Cleaning Co", displayName: "Terry Text", email, password: PASSWORD });
    if (!registered.ok) throw new Error(registered.code);
    const businessId = registered.value.businessId;
    await server.services.db.business.update({ where: { id: businessId }, data: { subscriptionStatus: "active", plan: "Pro" } });
    await saveTwilioConnection({ db: server.services.db, box: server.services.webhooks.box }, businessId, {
      accountSid: SID,
      authToken: TOKEN,
      phoneNumber: NUMBER,
      consentText: "Reply STOP to opt out.",
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    msw.close();
  });

  it("lists the texting person, and the member's reply goes out by SMS", async () => {
    // The person texts the business's number; the chatbot answers by SMS.
    const url = `${server.url}/api/twilio/sms`;
    const params = { MessageSid: `SM${"e".repeat(32)}`, AccountSid: SID, From: PERSON, To: NUMBER, Body: "Do you clean offices?", NumSegments: "1" };
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": twilioLib.getExpectedTwilioSignature(TOKEN, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(200);
    await until(async () => twilio.messages.filter((m) => m.to === PERSON), (m) => m.length >= 1, 120_000);

    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await signInThroughForm(page, server.url, email, PASSWORD);
    await page.goto(`${server.url}/app/live`);
    const row = page.getByRole("link", { name: `Texting from ${PERSON} (SMS)` });
    await row.waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);

    await row.click();
    await page.getByRole("heading", { name: "Live chat" }).waitFor();
    await page.getByRole("list", { name: "Messages" }).getByText("Do you clean offices?").waitFor();
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await page.getByText("You have joined this chat.", { exact: false }).waitFor();
    await page.getByLabel("Message to the visitor").fill("Yes we do. When can we visit?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const [sms] = (await until(async () => twilio.messages.filter((m) => m.to === PERSON), (m) => m.some((x) => x.body.endsWith("Yes we do. When can we visit?")), 60_000)).slice(-1);
    expect(sms).toMatchObject({ from: NUMBER, accountSid: SID });
    expect(sms!.body).toMatch(/^Terry[^:]*: Yes we do\. When can we visit\?$/);
    await page.getByRole("list", { name: "Messages" }).getByText("Yes we do. When can we visit?").waitFor();
    expect(await axeViolations(page, "section[aria-labelledby='live-chat-heading']")).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
