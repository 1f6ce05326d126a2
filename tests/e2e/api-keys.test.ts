// Settings → API Keys in Chromium (issue #4, Enterprise): the owner names and creates a key, copies the
// secret shown once, the REST API answers with it, the secret never comes back after "Done" or a reload,
// "Last used" follows the API's use, a cancelled revoke keeps the key, a confirmed one stops it at once;
// on a plan without API access the section is locked and the API refuses the key. axe-core finds no
// violations in the section.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, launchChromium, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("API keys in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const SECTION = '[data-testid="api-keys-section"]';

  const listLeads = (secret: string) => fetch(`${server.url}/api/v1/leads`, { headers: { Authorization: `Bearer ${secret}` } });

  it("creates a key shown once, works with the API, and revokes it only when confirmed", async () => {
    const email = `api-keys-e2e-${Date.now()}@example.com`;
    const password = "Enterprise2026";
    const account = await registerAccount(server.services.db, { businessName: "Summit Facility Services", email, password });
    if (!account.ok) throw new Error(account.code);
    const businessId = account.value.businessId;
    const db = server.services.db;
    // The plan comes from Stripe in the product; the test sets it where the webhook would.
    await db.business.update({ where: { id: businessId }, data: { subscriptionStatus: "active", plan: "Enterprise" } });
    await db.lead.create({ data: { businessId, name: "Priya Prospect", company: "Northwind Offices", score: 8.6, priority: "high", source: "manual" } });

    const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await page.goto(`${server.url}/login?redirectTo=${encodeURIComponent("/app/settings/api-keys")}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${server.url}/app/settings/api-keys`);
    await page.getByRole("heading", { name: "Create an API key" }).waitFor();
    await page.getByText("No API keys yet.").waitFor();

    // A blank name is refused in the browser with the schema's message; nothing is created.
    await page.getByLabel("Key name").fill("   ");
    await page.getByRole("button", { name: "Create Key" }).click();
    await page.getByText("Please give the key a name").waitFor();
    expect(await db.apiKey.count({ where: { businessId } })).toBe(0);

    await page.getByLabel("Key name").fill("CRM sync");
    await page.getByRole("button", { name: "Create Key" }).click();
    const shown = page.getByTestId("api-key-secret");
    await shown.getByText("Your new key “CRM sync”. Copy it now: for your security it will not be shown again.").waitFor();
    const secret = (await shown.locator("code").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^lb_live_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "Copy key" }).click();
    await shown.getByText("Copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // Only the hash is stored; the list shows the prefix.
    const stored = await db.apiKey.findFirstOrThrow({ where: { businessId } });
    expect(JSON.stringify(stored)).not.toContain(secret);
    const row = page.locator("tr", { hasText: "CRM sync" });
    await row.getByText(`${stored.prefix}…`).waitFor();
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("Never");
    expect(await axeViolations(page, SECTION)).toEqual([]);

    // The key works with the REST API.
    const listed = await listLeads(secret);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain("Priya Prospect");

    // "Done" hides the secret; after a reload it is nowhere in the page, and "Last used" is filled in.
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Your API keys" }).waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator("tr", { hasText: "CRM sync" }).getByRole("cell").nth(3).textContent()).not.toBe("Never");

    // Revoking asks first: cancelling keeps the key working.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe('Revoke the key "CRM sync"? Anything using it stops working immediately.');
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Revoke CRM sync" }).click();
    expect((await listLeads(secret)).status).toBe(200);
    expect(await page.getByRole("button", { name: "Revoke CRM sync" }).count()).toBe(1);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Revoke CRM sync" }).click();
    await page.getByText("API key revoked. Requests using it are refused from now on.").waitFor();
    await page.locator("tr", { hasText: "CRM sync" }).getByText("Revoked").waitFor();
    expect((await listLeads(secret)).status).toBe(401);

    // On a plan without API access the section is locked (revoked keys still listed) and the API
    // refuses a key created earlier.
    await page.getByLabel("Key name").fill("Zapier");
    await page.getByRole("button", { name: "Create Key" }).click();
    const second = (await page.getByTestId("api-key-secret").locator("code").textContent())?.trim() ?? "";
    expect((await listLeads(second)).status).toBe(200);
    await db.business.update({ where: { id: businessId }, data: { plan: "Pro" } });
    await page.reload();
    await page.getByRole("button", { name: /Unlock/ }).first().waitFor();
    await page.getByText("These keys do not work on your current plan. You can still revoke them.").waitFor();
    expect(await page.getByRole("button", { name: "Create Key" }).count()).toBe(0);
    expect((await listLeads(second)).status).toBe(403);
    expect(await axeViolations(page, SECTION)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
