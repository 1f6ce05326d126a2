// Settings in real Chromium: the owner edits the Business Profile and invites a support member by
// e-mail; the invitee opens the e-mailed link, creates an account, sees the leads and gets no settings;
// made an owner while a page is open, the invitee's menu gains Settings without a reload.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { INVITE_EMAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { hasChromium, launchChromium } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.skipIf(!hasChromium)("settings in Chromium", () => {
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

  it("owner edits the profile and invites a support member, who joins through the e-mailed link", async () => {
    const ownerEmail = `settings-e2e-${Date.now()}@example.com`;
    const password = "Evergreen2026";
    const account = await registerAccount(server.services.db, { businessName: "Evergreen Facility Care", email: ownerEmail, password });
    if (!account.ok) throw new Error(account.code);
    const businessId = account.value.businessId;
    await server.services.db.lead.create({
      data: { businessId, name: "Priya Prospect", company: "Northwind Offices", score: 8.6, priority: "high", source: "manual" },
    });

    // The owner signs in and edits the Business Profile.
    const owner = await newPage();
    await owner.goto(`${server.url}/login?redirectTo=${encodeURIComponent("/app/settings/profile")}`);
    await owner.getByLabel("Email").fill(ownerEmail);
    await owner.getByLabel("Password").fill(password);
    await owner.getByRole("button", { name: "Sign In", exact: true }).click();
    await owner.waitForURL(`${server.url}/app/settings/profile`);
    await owner.getByRole("heading", { level: 2, name: "Business Profile" }).waitFor();

    // A bad e-mail is caught in the browser with the schema's message; nothing is saved.
    await owner.getByLabel("Email", { exact: true }).fill("not-an-email");
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await owner.getByText("Invalid email address").waitFor();

    await owner.getByLabel("Business name").fill("Evergreen Facility Care Co.");
    await owner.getByLabel("Business type").selectOption("Facility Management");
    await owner.getByLabel("Email", { exact: true }).fill("office@evergreen.example");
    await owner.getByLabel("Phone").fill("(555) 010-2000");
    await owner.getByLabel("Service areas").fill("Springfield,  Chatham ,Rochester");
    await owner.getByLabel("Business description").fill("Night-time office cleaning, fully insured.");
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => owner.getByRole("status").filter({ hasText: "Settings saved successfully!" }).count()).toBe(1);
    const saved = await server.services.db.business.findUniqueOrThrow({ where: { id: businessId } });
    expect(saved).toMatchObject({
      name: "Evergreen Facility Care Co.",
      businessType: "Facility Management",
      email: "office@evergreen.example",
      phone: "(555) 010-2000",
      serviceAreas: ["Springfield", "Chatham", "Rochester"],
      description: "Night-time office cleaning, fully insured.",
    });
    expect(await owner.getByLabel("Service areas").inputValue()).toBe("Springfield, Chatham, Rochester");

    // User Access: invite a support member.
    await owner.getByRole("link", { name: "User Access" }).click();
    await owner.getByRole("heading", { level: 2, name: "Invite a team member" }).waitFor();
    const inviteeEmail = `support-e2e-${Date.now()}@example.com`;
    await owner.getByLabel("Email address").fill(inviteeEmail);
    await owner.getByLabel("Role", { exact: true }).selectOption("support");
    await owner.getByRole("button", { name: "Send Invite" }).click();
    await owner.getByText(`Invitation sent to ${inviteeEmail}.`).waitFor();
    await owner.getByRole("heading", { name: "Pending invitations" }).waitFor();
    await expect.poll(() => owner.locator("li", { hasText: inviteeEmail }).count()).toBe(1);

    // The invitee opens the e-mailed link in their own browser and creates an account.
    await server.services.jobs.idle([INVITE_EMAIL_QUEUE]); // the e-mail is a job (DESIGN §10)
    const mail = (await readOutbox(server.services.outboxDir)).find((m) => m.to === inviteeEmail);
    const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeDefined();
    const support = await newPage();
    await support.goto(link!);
    await support.getByText("Evergreen Facility Care Co.").first().waitFor();
    await support.getByLabel("Your name").fill("Sam Support");
    await support.getByLabel("Password", { exact: true }).fill("Support2026");
    await support.getByLabel("Confirm password").fill("Support2026");
    await support.getByLabel(/I agree to the/).check();
    await support.getByRole("button", { name: "Create Account and Join" }).click();
    await support.waitForURL(`${server.url}/app/dashboard`);

    // Support sees the leads, but no settings.
    await support.goto(`${server.url}/app/leads`);
    await support.getByRole("heading", { level: 1, name: "Manage Your Leads" }).waitFor();
    await support.getByText("Priya Prospect").first().waitFor();
    const settings = await support.goto(`${server.url}/app/settings/profile`);
    expect(settings?.status()).toBe(403);
    await support.getByRole("heading", { name: "Settings are for owners" }).waitFor();
    expect(await support.getByLabel("Business name").count()).toBe(0);

    // The owner's team list now shows the new member, and the invite is no longer pending.
    await owner.reload();
    await owner.getByText("No pending invitations.").waitFor();
    const row = owner.locator("li", { hasText: inviteeEmail });
    expect(await row.count()).toBe(1);
    expect(await row.getByLabel("Role of Sam Support").inputValue()).toBe("support");

    // The owner makes Sam an owner while Sam's leads page is open: Sam's menu gains Settings at once,
    // without a reload (the member's own workspace socket is told; the page reloads its data).
    await support.goto(`${server.url}/app/leads`);
    await support.getByRole("heading", { level: 1, name: "Manage Your Leads" }).waitFor();
    const sidebar = support.getByRole("navigation").first();
    expect(await sidebar.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await support.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
    await row.getByLabel("Role of Sam Support").selectOption("owner");
    await row.getByRole("button", { name: "Change role of Sam Support" }).click();
    await owner.getByText("Role updated.").waitFor();
    await sidebar.getByRole("link", { name: "Settings" }).waitFor();
    expect(await support.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);

    await owner.context().close();
    await support.context().close();
  });
});
