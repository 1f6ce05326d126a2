// Settings → Integrations in Chromium (issue 21): the owner adds a webhook endpoint (a local receiver),
// copies the secret shown once, sends a test event and sees it delivered in the endpoint's log (the
// receiver got it signed with that secret), redelivers it; a bad URL shows its message; the section is
// axe clean at desktop width and at 360 px.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { verifySignature } from "#server/webhooks/signature.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("Integrations (webhooks) in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  let receiverUrl = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false, env: { WEBHOOKS_ALLOW_LOOPBACK: "true" } }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const SECTION = '[data-testid="integrations-section"]';

  it("adds an endpoint, sends a test event, sees it in the log and redelivers it", async () => {
    const email = `integrations-e2e-${Date.now()}@example.com`;
    const password = "Webhooks2026";
    const account = await registerAccount(server.services.db, { businessName: "Harbor Facility Care", email, password });
    if (!account.ok) throw new Error(account.code);

    const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await page.goto(`${server.url}/login?redirectTo=${encodeURIComponent("/app/settings/integrations")}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${server.url}/app/settings/integrations`);
    await page.getByText("No endpoints yet.").waitFor();
    expect(await axeViolations(page, SECTION)).toEqual([]);

    // A URL that is not one is refused with its message; nothing is stored.
    await page.getByLabel("Endpoint URL").fill("not a url");
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    await page.getByText("Enter a valid URL, such as https://example.com/webhooks/leadbroom.").waitFor();

    await page.getByLabel("Endpoint URL").fill(receiverUrl);
    await page.getByRole("checkbox", { name: /Lead updated/ }).check();
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    const shown = page.getByTestId("webhook-secret");
    await shown.getByText("Your signing secret. Copy it now: for your security it will not be shown again.").waitFor();
    const secret = (await shown.locator("code").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole("button", { name: "Copy secret" }).click();
    await shown.getByText("Copied!").waitFor();
    await shown.getByRole("button", { name: "Done" }).click();
    const endpoint = page.locator("[data-webhook-endpoint]", { hasText: receiverUrl });
    await endpoint.getByText("lead.created, lead.updated").waitFor();

    await endpoint.getByRole("button", { name: /Send test event/ }).click();
    await endpoint.getByText("Test event queued. It appears in the delivery log in a few seconds.").waitFor();
    await server.services.jobs.idle(["webhook.deliver"]);
    expect(received).toHaveLength(1);
    const header = received[0]!.headers["leadbroom-signature"];
    expect(verifySignature(secret, typeof header === "string" ? header : null, received[0]!.body)).toMatchObject({ ok: true });

    await page.getByRole("button", { name: "Refresh delivery logs" }).click();
    const row = endpoint.locator('tr[data-status="succeeded"]');
    await row.locator("code", { hasText: "webhook.test" }).waitFor();
    await row.getByRole("cell", { name: "204", exact: true }).waitFor();
    expect(await axeViolations(page, SECTION)).toEqual([]);

    await row.getByRole("button", { name: /Redeliver/ }).click();
    await endpoint.getByText("Redelivery queued. It appears in the delivery log in a few seconds.").waitFor();
    await server.services.jobs.idle(["webhook.deliver"]);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    await page.getByRole("button", { name: "Refresh delivery logs" }).click();
    await endpoint.getByText("Redelivery", { exact: true }).waitFor();

    // 360 px: the section fits (no sideways scrolling of the page) and stays axe clean.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await endpoint.locator("code", { hasText: "webhook.test" }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page, SECTION)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
