// Register and the demo login in real Chromium, as a person would.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("accounts in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (error) => {
      throw error;
    });
    return page;
  }

  it("registers a new business through the form with its live password checklist", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/register`);
    await page.waitForFunction(() => document.querySelector("#password") !== null);
    // Hydrated: the checklist reacts to typing.
    const submit = page.getByRole("button", { name: "Create Account" });
    await page.getByLabel("Business name").fill("Evergreen Facility Care");
    await page.getByLabel("Your name").fill("Evan Green");
    await page.getByLabel("Email").fill(`e2e-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("weak");
    await expect.poll(() => page.locator('#password-rules li[data-met="true"]').count()).toBe(1);
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel("Password", { exact: true }).fill("Evergreen2026");
    await expect.poll(() => page.locator('#password-rules li[data-met="true"]').count()).toBe(4);
    await page.getByLabel("Confirm password").fill("Evergreen2025");
    await expect.poll(() => page.getByText("Passwords do not match").count()).toBe(1);
    // Rules met but terms not accepted: still disabled.
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel("Confirm password").fill("Evergreen2026");
    await page.getByLabel(/I agree to the/).check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.waitForURL(`${server.url}/app/dashboard`);
    // The URL changes as the client navigation commits; wait for the rendered workspace.
    await page.getByRole("heading", { level: 1, name: /Evergreen Facility Care/ }).waitFor();
    await page.context().close();
  });

  it("shows the spec's message for a wrong password, then signs in with the demo account box", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/app/leads`);
    await page.waitForURL(/\/login\?redirectTo=%2Fapp%2Fleads$/);

    await page.getByLabel("Email").fill("demo@leadbroom.test");
    await page.getByLabel("Password").fill("NotThePassword1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Incorrect password");

    await page.getByRole("button", { name: "Sign in with the demo account" }).click();
    await page.waitForURL(`${server.url}/app/leads`);
    await page.getByRole("heading", { level: 1, name: "Manage Your Leads" }).waitFor();
    await page.getByText("Sparkle Commercial Cleaning").first().waitFor();
    await page.context().close();
  });
});
