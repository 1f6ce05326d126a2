// Cold Outreach in Chromium at 360 px: import a CSV file, Find Prospects, start a campaign from the
// outreach modal (live preview), see the statuses change when the e-mails go out (time advanced through
// the job layer), mark a LinkedIn message sent, export; axe clean with and without the modal.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { OUTREACH_SEND_QUEUE } from "#server/jobs/queue/queues.ts";
import { parseProspectCsv } from "#server/outreach/prospect-csv.ts";
import { axeViolations } from "../support/axe.ts";
import { downloadedBytes, hasChromium, launchChromium, watchPageErrors, signInThroughForm } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const PASSWORD = "CleanFloors1";
const CSV = [
  "Full Name,Job Title,Company,City,Industry,Email,LinkedIn URL",
  "Dana Reyes,Facility Manager,Northwind Clinics,Austin,Healthcare,dana@northwind.example,https://www.linkedin.com/in/danareyes",
  'Lee Park,"Office Manager, HQ",Contoso School,Austin,Education,lee@contoso.example,',
  "Sam Ortiz,CFO,Fabrikam,Dallas,Manufacturing,sam@fabrikam.example,",
  "Broken Row,Owner,Nowhere,Austin,Retail,not-an-email,",
].join("\r\n");

describe.skipIf(!hasChromium)("cold outreach", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let businessId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
    const email = `outreach-${Date.now()}@example.com`;
    const registered = await registerAccount(server.services.db, { businessName: "Brightway Janitorial", email, password: PASSWORD });
    if (!registered.ok) throw new Error(registered.code);
    businessId = registered.value.businessId;
    await server.services.db.business.update({ where: { id: businessId }, data: { street: "5 Elm St", city: "Austin", state: "TX", zip: "78701", timeZone: "America/Chicago" } });
    context = await browser.newContext({ viewport: { width: 360, height: 800 }, acceptDownloads: true });
    page = await context.newPage();
    watchPageErrors(page, (text) => errors.push(`${page.url()}: ${text}`));
    await signInThroughForm(page, server.url, email, PASSWORD);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it("imports, filters, runs a campaign, shows the statuses and exports", async () => {
    await page.goto(`${server.url}/app/outreach`);
    await page.getByText("LeadBroom does not scrape or buy contact data").waitFor();
    // Hydrated: the page's fetchers run the import and show its report.
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("CSV file (header row, up to 10,000 rows)").setInputFiles({ name: "prospects.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await page.getByRole("button", { name: "Import CSV" }).click();
    const outcome = page.locator('[data-testid="import-result"], [role="alert"]').first();
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain("Imported 3 new prospects, updated 0 prospects, skipped 1 row.");
    await page.getByText("Skipped rows").click();
    await page.getByText('Line 5: "not-an-email" is not a valid e-mail address').waitFor();
    await page.getByText("Showing 3 of 3 matching prospects (3 in all).").waitFor();

    await page.getByLabel("Locations").fill("austin");
    await page.getByLabel("Job Titles").fill("facility, office manager");
    await page.getByRole("button", { name: "Find Prospects" }).click();
    await page.getByText("Showing 2 of 2 matching prospects (3 in all).").waitFor();
    expect(await noSidewaysScroll()).toBe(true);

    await page.getByLabel("Select all shown prospects").check();
    await page.getByRole("button", { name: "Start campaign (2 selected)" }).click();
    const modal = page.getByRole("dialog", { name: /Cold Outreach Automation/ });
    await modal.waitFor();
    await modal.getByLabel("Email subject").fill("Spotless floors for {company}");
    await modal.getByText("Subject: Spotless floors for").waitFor();
    expect(await modal.getByRole("region", { name: "Preview" }).textContent()).toMatch(/Spotless floors for (Northwind Clinics|Contoso School)/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll()).toBe(true);
    await modal.getByLabel("Daily emails").selectOption("25");
    await modal.getByRole("button", { name: "Start Campaign" }).click();
    await modal.getByTestId("campaign-result").getByText(/^Campaign started: 2 e-mails scheduled from \d{4}-\d{2}-\d{2}, 1 prospect on your LinkedIn list\.$/).waitFor();
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });

    // Today's LinkedIn list: the one prospect with a profile, message filled, marked sent by hand.
    const linkedin = page.getByRole("region", { name: "Today's LinkedIn list" });
    await linkedin.getByLabel("Message for Dana Reyes").waitFor();
    expect(await linkedin.getByLabel("Message for Dana Reyes").inputValue()).toContain("Hi Dana, I help facilities in Austin");
    await linkedin.getByRole("button", { name: "Mark as sent" }).click();
    await linkedin.getByText("Nothing to send today.").waitFor();

    // The e-mails fall due (time moved through the job layer): both prospects become Contacted.
    await server.services.jobs.releaseDelayed(OUTREACH_SEND_QUEUE);
    const sent = () => server.services.db.outreachEmail.count({ where: { businessId, status: "sent" } });
    for (let i = 0; i < 600 && (await sent()) < 2; i++) await new Promise((r) => setTimeout(r, 50));
    await page.reload();
    await page.locator('tr[data-prospect="lee@contoso.example"] [data-status="contacted"]').waitFor();
    await page.locator('tr[data-prospect="dana@northwind.example"] [data-status="contacted"]').waitFor();

    // Lee answers: Responded, then Convert to lead.
    await page.getByRole("button", { name: "Mark Lee Park as responded" }).click();
    await page.locator('tr[data-prospect="lee@contoso.example"] [data-status="responded"]').waitFor();
    await page.getByRole("button", { name: "Convert to lead: Lee Park" }).click();
    await page.locator('tr[data-prospect="lee@contoso.example"] [data-status="converted"]').waitFor();
    await page.locator('tr[data-prospect="lee@contoso.example"]').getByRole("link", { name: "Open lead" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("prospects.csv");
    const exported = parseProspectCsv(await downloadedBytes(download));
    expect(exported.ok && exported.rows.map((r) => r.email).sort()).toEqual(["dana@northwind.example", "lee@contoso.example"]);
    expect(errors).toEqual([]);
  });
});
