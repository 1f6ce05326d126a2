// Booking the walkthrough in real Chromium at 360 px (issue 31): a visitor on the customer's site (the
// embed demo) qualifies, is offered the next free times and books one with a tap, gets the
// confirmation e-mail's .ics (parsed back) and moves the visit through the e-mail's manage link; the
// owner finds the visit on /app/calendar (the phone's agenda), in the iCal feed and on the lead page,
// moves it to another free time there and sees the answer. Axe finds nothing on the pages; nothing is
// wider than the phone.
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
import { openCustomerChat, qualifyHighLead, visitorChooses, withCustomerSite, type CustomerChat } from "../support/customer-site.ts";

const WAIT = { timeout: 30_000 };
const day = { start: "08:00", end: "18:00" };

describe.skipIf(!hasChromium)("booking the walkthrough in Chromium", () => {
  const setup = withCustomerSite();

  // A bot bubble reads "<business>: <text>" (its speaker is said first to screen readers, from a visually
  // hidden span in the same list item), so a bot message that starts with some text is matched with that
  // prefix: /^Would you like…/ alone matches no element, though the visitor sees the offer.
  const botMessage = (chat: CustomerChat, start: RegExp) => chat.log.getByText(new RegExp(`^Sparkle Commercial Cleaning: ${start.source}`));

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
    await expect.poll(() => botMessage(chat, /Would you like to book a free on-site walkthrough\?/).count(), WAIT).toBe(1);
    // The offer holds the next free times as the server saw them when it offered (its message's time; the
    // test's own clock may since have passed a slot's minimum notice).
    const offer = await db.message.findFirstOrThrow({ where: { businessId, role: "bot", text: { startsWith: "Would you like to book" } } });
    const [first] = await nextFreeSlots(db, businessId, offer.createdAt, { limit: 1 });
    expect(offer.quickReplies[0]).toBe(formatSlot(new Date(first!.startsAt), tz));
    await visitorChooses(chat.page, formatSlot(new Date(first!.startsAt), tz));
    await expect.poll(() => botMessage(chat, /You're booked! Your walkthrough is on/).count(), WAIT).toBe(1);
    const booked = await db.appointment.findFirstOrThrow({ where: { businessId, lead: { email: "cora@booker.example" } }, include: { lead: true } });
    expect(booked.startsAt.toISOString()).toBe(first!.startsAt);

    // The visitor's confirmation e-mail (its mail.send job, written by the appointment's mail job) carries
    // an .ics for that very time, parsed back, and the manage link; the visitor moves the visit through it.
    const ICAL = (await import("ical.js")).default;
    const mailOf = async (key: string) => {
      let rows: { data: { message: { to: string; text: string; icalEvent: { method: string; content: string } } } }[] = [];
      await expect.poll(async () => (rows = await server.database.sql.query(`SELECT data FROM pgboss.job WHERE name = 'mail.send' AND singleton_key = $1`, [key])).length, WAIT).toBe(1);
      return rows[0]!.data.message;
    };
    const parseIcs = (content: string) => {
      const event = new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent("vevent")!;
      return { uid: event.getFirstPropertyValue("uid"), sequence: event.getFirstPropertyValue("sequence"), start: (event.getFirstPropertyValue("dtstart") as InstanceType<typeof ICAL.Time>).toJSDate().toISOString() };
    };
    const confirmation = await mailOf(`appointment-mail:${booked.id}:0:visitor`);
    expect(confirmation.to).toBe("cora@booker.example");
    expect(confirmation.icalEvent.method).toBe("REQUEST");
    const invite = parseIcs(confirmation.icalEvent.content);
    expect(invite).toMatchObject({ uid: `appointment-${booked.id}@${new URL(server.services.env.PUBLIC_APP_URL).hostname}`, sequence: 0, start: first!.startsAt });
    const manageLink = /\S*\/appointments\/manage\/[\w.-]+/.exec(confirmation.text)![0]!.replace(server.services.env.PUBLIC_APP_URL, server.url);
    const manage = await chat.context.newPage();
    await manage.setViewportSize({ width: 360, height: 800 });
    await manage.goto(manageLink);
    const choice = manage.getByRole("group", { name: "Move it to" }).getByRole("radio").nth(1);
    await choice.waitFor(WAIT);
    const visitorTarget = (await choice.getAttribute("value"))!;
    await choice.check();
    await manage.getByRole("button", { name: "Reschedule" }).click();
    await manage.getByText("Your walkthrough is moved.").waitFor(WAIT);
    expect(await axeViolations(manage)).toEqual([]);
    expect(await manage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const rescheduled = await db.appointment.findUniqueOrThrow({ where: { id: booked.id } });
    expect(rescheduled).toMatchObject({ status: "rescheduled", sequence: 1, startsAt: new Date(visitorTarget) });
    const update = parseIcs((await mailOf(`appointment-mail:${booked.id}:1:visitor`)).icalEvent.content);
    expect(update).toMatchObject({ uid: invite.uid, sequence: 1, start: new Date(visitorTarget).toISOString() });
    await chat.context.close();

    // The assignee's iCal feed lists the visit at its new time.
    const { createCalendarFeed } = await import("#server/appointments/views.server.ts");
    const feedUrl = await createCalendarFeed(db, { businessId, userId: rescheduled.assigneeUserId!, appUrl: server.url });
    const feed = await (await fetch(feedUrl)).text();
    expect(feed).toContain(`UID:${invite.uid}`);
    expect(feed).toContain("SEQUENCE:1");
    const bookedAgain = rescheduled;

    // The owner, on a phone: the calendar's agenda for that week lists the visit.
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await signInThroughForm(page, server.url, DEMO.email, DEMO.password);
    await page.goto(`${server.url}/app/calendar?week=${isoDateOf(localDateTime(bookedAgain.startsAt, tz).dayNumber)}`);
    const agenda = page.getByTestId("calendar-agenda");
    await agenda.getByRole("link", { name: /Cora Booker/ }).waitFor(WAIT);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The lead page shows it and moves it to another free time.
    await agenda.getByRole("link", { name: /Cora Booker/ }).click();
    const card = page.getByRole("region", { name: "Walkthrough visit" });
    await card.getByText(formatVisit(bookedAgain.startsAt, tz)).waitFor(WAIT);
    const move = card.getByLabel("Move to");
    const target = (await move.locator("option").nth(1).getAttribute("value"))!;
    await move.selectOption(target);
    await card.getByRole("button", { name: "Move visit" }).click();
    await expect.poll(() => card.getByRole("status").textContent(), WAIT).toBe("Visit moved. The visitor and the assignee get the updated invitation.");
    await card.getByText(formatVisit(new Date(target), tz)).waitFor(WAIT);
    const moved = await db.appointment.findUniqueOrThrow({ where: { id: booked.id } });
    expect(moved).toMatchObject({ status: "rescheduled", sequence: 2, startsAt: new Date(target) });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });
});
