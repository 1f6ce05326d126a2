// The owner's question editor in real Chromium at 360 px (issue 29 item 5, decision 0062): the owner
// rewords the size question, adds a custom question, sees both in the preview as typed, is refused an
// empty question without losing what was typed, saves; Test Chatbot asks the new wording at once; a
// visitor on the customer's site (the embed demo) sees it, taps the custom question's choice, and the
// answer appears on the lead page. Axe finds nothing on the editor or the lead page.
import type { Db } from "#server/db/client.server.ts";
import { describe, expect, it } from "vitest";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, signInThroughForm, watchPageErrors } from "../support/browser.ts";
import { openCustomerChat, visitorChooses, visitorSays, withCustomerSite } from "../support/customer-site.ts";

const WAIT = { timeout: 30_000 };
const SIZE_QUESTION = "How many square feet is your building?";
const SUPPLIES = "Do you need supplies included?";

describe.skipIf(!hasChromium)("the owner's questions in Chromium", () => {
  const setup = withCustomerSite();

  it("edit, preview, refuse, save; Test Chatbot and a visitor on the customer's site get the new wording; the custom answer is on the lead", async () => {
    const { server, browser, site } = setup;
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await signInThroughForm(page, server.url, DEMO.email, DEMO.password);
    await page.goto(`${server.url}/app/chatbot?tab=settings`);
    const editor = page.getByRole("region", { name: "Qualification questions" });
    await editor.waitFor();
    const preview = page.getByTestId("questions-preview");

    // Reword the size question: the preview follows as the owner types.
    await editor.getByLabel("Building size question").fill(SIZE_QUESTION);
    await expect.poll(() => preview.getByText(SIZE_QUESTION).count()).toBe(1);
    await editor.getByLabel("Band: Over 50,000 sq ft").fill("Large campus");
    await expect.poll(() => preview.getByText("Large campus").count()).toBe(1);

    // A custom question left empty is refused by the server with its field's message; nothing typed is lost.
    await editor.getByRole("button", { name: "Add a custom question" }).click();
    await editor.getByLabel("Answer").selectOption("choice");
    await editor.getByLabel(/^Choices/).fill("Yes\nNo");
    await editor.getByRole("button", { name: "Save questions" }).click();
    await expect.poll(() => editor.getByRole("alert").textContent(), WAIT).toContain("The questions were not saved");
    await editor.getByText("The custom question can't be empty.", { exact: true }).waitFor();
    expect(await editor.getByLabel("Building size question").inputValue()).toBe(SIZE_QUESTION);
    expect(await editor.getByLabel(/^Choices/).inputValue()).toBe("Yes\nNo");
    expect(await editor.getByLabel("Custom question 1").getAttribute("aria-invalid")).toBe("true");
    const stored = await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } });
    expect((stored.settings as Record<string, unknown>).qualificationQuestions).toBeUndefined();

    await editor.getByLabel("Custom question 1").fill(SUPPLIES);
    await expect.poll(() => preview.getByText(SUPPLIES).count()).toBe(1);
    await editor.getByRole("button", { name: "Save questions" }).click();
    await expect.poll(() => editor.getByRole("status").textContent(), WAIT).toContain("Questions saved.");
    expect(await axeViolations(page)).toEqual([]);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Test Chatbot (a new window) asks the new wording at once.
    const [testWindow] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Test Chatbot" }).click()]);
    await testWindow.waitForLoadState();
    await visitorChooses(testWindow, "Regular Commercial Cleaning");
    await expect.poll(() => testWindow.getByRole("log", { name: "Messages" }).getByText(SIZE_QUESTION).count(), WAIT).toBeGreaterThan(0);
    await testWindow.getByRole("button", { name: "Large campus", exact: true }).waitFor();
    await testWindow.close();

    // A visitor on the customer's site.
    const chat = await openCustomerChat(browser, site);
    await visitorChooses(chat.page, "Regular Commercial Cleaning");
    await expect.poll(() => chat.log.getByText(SIZE_QUESTION).count(), WAIT).toBeGreaterThan(0);
    for (const reply of ["Large campus", "Daily", "$5,000–$10,000", "Immediately"]) await visitorChooses(chat.page, reply);
    await expect.poll(() => chat.log.getByText(SUPPLIES).count(), WAIT).toBeGreaterThan(0);
    await visitorChooses(chat.page, "Yes");
    await expect.poll(() => chat.log.getByText(/your name/i).count(), WAIT).toBeGreaterThan(0);
    await visitorSays(chat.page, "Rosa Delgado");
    await expect.poll(() => chat.log.getByText(/company/i).count(), WAIT).toBeGreaterThan(0);
    await visitorSays(chat.page, "Delgado Logistics");
    await expect.poll(() => chat.log.getByText(/email or phone/i).count(), WAIT).toBeGreaterThan(0);
    await visitorSays(chat.page, "rosa@delgado.example");
    const lead = await waitForLead(server.services.db, "rosa@delgado.example");
    expect(lead.customAnswers).toEqual([{ id: "q1", question: SUPPLIES, answer: "Yes" }]);
    expect(lead.buildingSizeSqFt).toBe(60_000);
    await chat.context.close();

    // The owner's lead page shows the answer under the question.
    await page.goto(`${server.url}/app/leads/${lead.id}`);
    const card = page.getByRole("region", { name: "Your questions" });
    await card.getByText(SUPPLIES).waitFor();
    expect(await card.getByRole("definition").textContent()).toBe("Yes");
    expect(await axeViolations(page)).toEqual([]);
    // The refused save above answers 400 by design (the form's errors come with it); nothing else failed.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await context.close();
  });
});

/** The lead captured with this e-mail, once the chat has stored it. */
async function waitForLead(db: Db, email: string) {
  await expect.poll(() => db.lead.count({ where: { email } }), WAIT).toBe(1);
  return db.lead.findFirstOrThrow({ where: { email } });
}
