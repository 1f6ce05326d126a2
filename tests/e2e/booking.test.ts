// Booking the walkthrough in real Chromium at 360 px (issue 31): a visitor on the customer's site (the
// embed demo) qualifies, is offered the next free times and books one with a tap; the owner finds the
// visit on /app/calendar (the phone's agenda) and on the lead page, moves it to another free time there
// and sees the answer. Axe finds nothing on either page; nothing is wider than the phone.
import { describe, expect, it } from "vitest";
import { saveAvailability } from "#server/appointments/settings.server.ts";
import { nextFreeSlots } from "#server/appointments/commands.server.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { DEFAULT_AVAILABILITY } from "#shared/appointments/availability.ts";
import { formatSlot, formatVisit } from "#shared/appointments/format.ts";
import { isoDateOf, localDateTime, safeTimeZone } from "#shared/time/calendar.ts";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, signInThroughForm, watchPageErrors } from "../support/browser.ts";
import { openCustomerChat, qualifyHighLead, visitorChooses, withCustomerSite } from "../support/customer-site.ts";

const WAIT = { timeout: 30_000 };
const day = { start: "08:00", end: "18:00" };

describe.skipIf(!hasChromium)("booking the walkthrough in Chromium", () => {
  const setup = withCustomerSite();

  it("a visitor books in the chat; the owner sees the visit on the calendar and the lead page and moves it", async () => {
    const { server, browser, site } = setup;
    const db = server.services.db;
    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO.email }, select: { id: true } });
    const { businessId } = await db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" }, select: { businessId: true } });
    const business = await db.business.update({ where: { id: businessId }, data: { serviceAreas: [] }, select: { timeZone: true } });
    const tz = safeTimeZone(business.timeZone);
    const saved = await saveAvailability(commandContext(server.services, { leadCreated: () => {}, leadUpdated: () => {} }), {
      businessId,
      input: { ...DEFAULT_AVAILABILITY, enabled: true, windows: { "0": [day], "1": [day], "2": [day], "3": [day], "4": [day], "5": [day], "6": [day] }, memberIds: [owner.id] },
    });
    expect(saved.ok).toBe(true);
    // As the Settings → Scheduling action does after a save: the chat reads bookingEnabled with its cached chatbot.
    server.services.chatbotCache.forgetBusiness(businessId);

    // The visitor qualifies as High and is offered the next three free times; one tap books the first.
    const chat = await openCustomerChat(browser, site);
    await qualifyHighLead(chat, { name: "Cora Booker", company: "Booker Offices", contact: "cora@booker.example" });
    await expect.poll(() => chat.log.getByText(/^Would you like to book a free on-site walkthrough\?/).count(), WAIT).toBe(1);
    const [first] = await nextFreeSlots(db, businessId, new Date(), { limit: 1 });
    await visitorChooses(chat.page, formatSlot(new Date(first!.startsAt), tz));
    await expect.poll(() => chat.log.getByText(/^You're booked! Your walkthrough is on/).count(), WAIT).toBe(1);
    const booked = await db.appointment.findFirstOrThrow({ where: { businessId, lead: { email: "cora@booker.example" } }, include: { lead: true } });
    expect(booked.startsAt.toISOString()).toBe(first!.startsAt);
    await chat.context.close();

    // The owner, on a phone: the calendar's agenda for that week lists the visit.
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await signInThroughForm(page, server.url, DEMO.email, DEMO.password);
    await page.goto(`${server.url}/app/calendar?week=${isoDateOf(localDateTime(booked.startsAt, tz).dayNumber)}`);
    const agenda = page.getByTestId("calendar-agenda");
    await agenda.getByRole("link", { name: /Cora Booker/ }).waitFor(WAIT);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The lead page shows it and moves it to another free time.
    await agenda.getByRole("link", { name: /Cora Booker/ }).click();
    const card = page.getByRole("region", { name: "Walkthrough visit" });
    await card.getByText(formatVisit(booked.startsAt, tz)).waitFor(WAIT);
    const move = card.getByLabel("Move to");
    const target = (await move.locator("option").nth(1).getAttribute("value"))!;
    await move.selectOption(target);
    await card.getByRole("button", { name: "Move visit" }).click();
    await expect.poll(() => card.getByRole("status").textContent(), WAIT).toBe("Visit moved. The visitor and the assignee get the updated invitation.");
    await card.getByText(formatVisit(new Date(target), tz)).waitFor(WAIT);
    const moved = await db.appointment.findUniqueOrThrow({ where: { id: booked.id } });
    expect(moved).toMatchObject({ status: "rescheduled", sequence: 1, startsAt: new Date(target) });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });
});
