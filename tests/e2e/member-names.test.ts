// People have names (issue 32 item 1), in real Chromium at 360 px: registration asks for "Your name";
// a member without one (accounts from before) sees a prompt and adds it on their own profile page with
// their initials; the visitor on the customer's site then reads "Maria from Sparkle Commercial Cleaning
// joined the chat", never the business name twice.
import { describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, signInThroughForm, watchPageErrors } from "../support/browser.ts";
import { openCustomerChat, visitorChooses, withCustomerSite } from "../support/customer-site.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";

const PASSWORD = "NamesMatter2026";

describe.skipIf(!hasChromium)("member names", () => {
  const setup = withCustomerSite();

  it("asks for 'Your name' at registration and shows it in the account menu", async () => {
    const { server, browser } = setup;
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    const email = `maria-${Date.now()}@spotless.test`;
    await page.goto(`${server.url}/register`);
    await page.waitForFunction(() => document.querySelector("#password") !== null);
    await page.getByLabel("Business name").fill("Spotless Pro Janitorial");
    await page.getByLabel("Your name").fill("Maria Lopez");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/app\/dashboard/);
    const user = await server.services.db.user.findUniqueOrThrow({ where: { email } });
    expect(user.displayName).toBe("Maria Lopez");
    // Named members are not asked again; the avatar shows the name's initials.
    expect(await page.getByRole("link", { name: "Add your name" }).count()).toBe(0);
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByText("Maria Lopez", { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("prompts a nameless member, saves name and initials on the profile page, and visitors see the name", async () => {
    const { server, browser, site } = setup;
    // The demo owner as an account from before names were asked for.
    await server.services.db.user.update({ where: { email: DEMO.email }, data: { displayName: "", initials: null } });

    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const owner = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(owner, (text) => errors.push(text));
    await signInThroughForm(owner, server.url, DEMO.email, DEMO.password);
    await owner.getByRole("link", { name: "Add your name" }).click();
    await owner.waitForURL(`${server.url}/app/settings/account`);
    await owner.getByRole("heading", { name: "Your profile" }).waitFor();
    expect(await axeViolations(owner)).toEqual([]);

    // A person's rules: a name without letters is refused with its own message, the form is kept.
    await owner.getByLabel("Your name").fill("1234");
    await owner.getByRole("button", { name: "Save" }).click();
    await owner.getByText("Your name must contain at least one letter").waitFor();

    await owner.getByLabel("Your name").fill("Maria");
    await owner.getByLabel("Initials (optional)").fill("ms");
    expect(await owner.getByTestId("avatar-preview").textContent()).toBe("MS");
    await owner.getByRole("button", { name: "Save" }).click();
    await owner.getByText("Profile saved.").waitFor();
    const saved = await server.services.db.user.findUniqueOrThrow({ where: { email: DEMO.email } });
    expect({ displayName: saved.displayName, initials: saved.initials }).toEqual({ displayName: "Maria", initials: "MS" });
    await owner.goto(`${server.url}/app/dashboard`);
    expect(await owner.getByRole("link", { name: "Add your name" }).count()).toBe(0);
    expect(await owner.getByRole("button", { name: /Account menu/ }).textContent()).toContain("MS");

    // The visitor reads the member's name and the business's.
    const { page: visitor, log } = await openCustomerChat(browser, site);
    await visitorChooses(visitor, "Regular Commercial Cleaning");
    await owner.goto(`${server.url}/app/live`);
    await owner.getByRole("link", { name: /^Visitor on / }).first().click();
    await owner.getByRole("button", { name: "Join", exact: true }).click();
    await log.getByText("Maria from Sparkle Commercial Cleaning joined the chat").waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
