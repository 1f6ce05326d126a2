// Uploads over 64 KB from the pages in Chromium (issue 27, item 3): the pages' fetchers post to
// `/app/outreach.data` and `/app/settings/profile.data` (single fetch), which once got the 64 KB default limit
// (413, "Something went wrong") instead of the route's: a 300 KB CSV import and a 300 KB logo succeed.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hasChromium, launchChromium, watchPageErrors, signInThroughForm } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { prospectCsv } from "../support/prospect-csv.ts";

const PASSWORD = "CleanFloors1";
// A real 1×1 PNG; the bytes after it pad the file (an image may carry trailing data).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe.skipIf(!hasChromium)("uploads over 64 KB from the pages", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let businessId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
    const email = `uploads-${Date.now()}@example.com`;
    const registered = await registerAccount(server.services.db, { businessName: "Brightway Janitorial", email, password: PASSWORD });
    if (!registered.ok) throw new Error(registered.code);
    businessId = registered.value.businessId;
    context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    page = await context.newPage();
    watchPageErrors(page, (text) => errors.push(`${page.url()}: ${text}`));
    await signInThroughForm(page, server.url, email, PASSWORD);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const hydrated = () => page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);

  it("imports a 300 KB CSV on the outreach page", async () => {
    const csv = prospectCsv(300 * 1024, { eol: "\r\n" });
    await page.goto(`${server.url}/app/outreach`);
    await page.getByText("LeadBroom does not scrape or buy contact data").waitFor();
    await hydrated();
    const posted = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/app/outreach.data");
    await page.getByLabel("CSV file (header row, up to 10,000 rows)").setInputFiles({ name: "prospects.csv", mimeType: "text/csv", buffer: Buffer.from(csv.text) });
    await page.getByRole("button", { name: "Import CSV" }).click();
    await posted;
    const outcome = page.locator('[data-testid="import-result"], [role="alert"]').first();
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.textContent()).toContain(`Imported ${csv.rows.toLocaleString("en-US")} new prospects, updated 0 prospects, skipped 0 rows.`);
    expect(await server.services.db.prospect.count({ where: { businessId } })).toBe(csv.rows);
  });

  it("uploads a 300 KB logo in settings", async () => {
    await page.goto(`${server.url}/app/settings/profile`);
    await hydrated();
    const posted = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/app/settings/profile.data");
    await page.getByLabel("Upload logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(300 * 1024)]) });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await posted;
    await page.getByText("Logo uploaded.").waitFor();
    await page.getByRole("img", { name: "Brightway Janitorial logo" }).waitFor();
    const business = await server.services.db.business.findUniqueOrThrow({ where: { id: businessId } });
    expect(business.logoPath).toMatch(/\.png$/);
    expect(errors).toEqual([]);
  });
});
