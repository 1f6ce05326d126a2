// Booking the walkthrough in the chat (issue 31): a visitor who qualifies as High is offered the next
// three free slots plus "Another time"; one tap books it and the chat confirms; free text finds slots
// that fit; a visitor outside the service areas is told so instead of being offered slots.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { saveAvailability } from "#server/appointments/settings.server.ts";
import { ANOTHER_TIME, BOOKING_TEXTS, NO_THANKS, SOMEWHERE_ELSE } from "#server/appointments/chat-booking.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { DEFAULT_AVAILABILITY } from "#shared/appointments/availability.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";

let server: TestServer;
const visitors: Visitor[] = [];
const live = { leadCreated: () => {}, leadUpdated: () => {} };
const day = { start: "08:00", end: "18:00" };

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
}, 180_000);
afterAll(async () => {
  for (const v of visitors) v.disconnect();
  await server?.close();
});

async function businessTakingVisits(name: string, serviceAreas: string[]) {
  const registered = await registerAccount(server.services.db, { businessName: name, email: `${name.replace(/\W/g, "").toLowerCase()}-${Date.now()}@example.com`, password: "RightPass2026" });
  if (!registered.ok) throw new Error(registered.code);
  const { businessId, userId } = registered.value;
  await server.services.db.business.update({ where: { id: businessId }, data: { serviceAreas } });
  const saved = await saveAvailability(commandContext(server.services, live), {
    businessId,
    input: { ...DEFAULT_AVAILABILITY, enabled: true, windows: { "0": [day], "1": [day], "2": [day], "3": [day], "4": [day], "5": [day], "6": [day] }, memberIds: [userId] },
  });
  expect(saved.ok).toBe(true);
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId } });
  return { businessId, siteKey: chatbot.siteKey };
}

async function qualifiedVisitor(siteKey: string, who: string) {
  const visitor = new Visitor(server.url, { siteKey });
  visitors.push(visitor);
  await visitor.connect();
  expect((await visitor.open()).ok).toBe(true);
  await visitor.qualifyHighLead({ name: who, company: `${who} Towers`, contact: `${who.toLowerCase().replace(/\W/g, "")}@example.com` });
  return visitor;
}

const waitFor = async (visitor: Visitor, test: (text: string) => boolean) => {
  await expect.poll(() => visitor.botMessages().some((m) => test(m.text)), { timeout: 20_000 }).toBe(true);
  return visitor.botMessages().find((m) => test(m.text))!;
};

describe("booking in the chat", () => {
  it("offers the next three free slots after qualification and books one with a tap", async () => {
    const { businessId, siteKey } = await businessTakingVisits("Tap Cleaning", []);
    const visitor = await qualifiedVisitor(siteKey, "Tess Tap");
    const offer = await waitFor(visitor, (t) => t.startsWith("Would you like to book a free on-site walkthrough?"));
    expect(offer.quickReplies).toHaveLength(5);
    expect(offer.quickReplies!.slice(3)).toEqual([ANOTHER_TIME, NO_THANKS]);
    const reply = await visitor.say(offer.quickReplies![0]!);
    expect(reply.text).toMatch(/^You're booked! Your walkthrough is on .+ A confirmation with a calendar invitation is on its way to tesstap@example\.com/);
    const appointment = await server.services.db.appointment.findFirstOrThrow({ where: { businessId }, include: { lead: true } });
    expect(appointment.status).toBe("booked");
    expect(appointment.lead.status).toBe("qualified");
    expect(appointment.createdBy).toBe("visitor");
  }, 120_000);

  it("finds times that fit the visitor's own words", async () => {
    const { siteKey } = await businessTakingVisits("Words Cleaning", []);
    const visitor = await qualifiedVisitor(siteKey, "Will Words");
    await waitFor(visitor, (t) => t.startsWith("Would you like to book"));
    expect((await visitor.say(ANOTHER_TIME)).text).toBe(BOOKING_TEXTS.askTime);
    const fits = await visitor.say("next week after 3");
    expect(fits.text).toMatch(/^Here are the open times that fit/);
    expect(fits.quickReplies!.length).toBeGreaterThan(2);
    for (const label of fits.quickReplies!.slice(0, -2)) expect(label).toMatch(/\d:\d\d PM/);
  }, 120_000);

  it("tells a visitor outside the service areas so instead of offering slots", async () => {
    const { businessId, siteKey } = await businessTakingVisits("Area Cleaning", ["Boston", "Cambridge"]);
    const visitor = await qualifiedVisitor(siteKey, "Olga Out");
    const question = await waitFor(visitor, (t) => t === BOOKING_TEXTS.areaQuestion);
    expect(question.quickReplies).toEqual(["Boston", "Cambridge", SOMEWHERE_ELSE]);
    expect((await visitor.say("Springfield")).text).toBe(BOOKING_TEXTS.outside(["Boston", "Cambridge"]));
    expect(await server.services.db.appointment.count({ where: { businessId } })).toBe(0);
  }, 120_000);
});

describe("the visitor's manage link and the member's feed", () => {
  it("reschedules through the link once; a forged, reused or expired link changes nothing; the feed lists the visit until revoked", async () => {
    const { HttpClient } = await import("../support/http-client.ts");
    const { signManageToken } = await import("#server/appointments/manage-token.ts");
    const { manageUrl } = await import("#server/appointments/appointment-mail.server.ts");
    const { createCalendarFeed, revokeCalendarFeed } = await import("#server/appointments/views.server.ts");
    const { businessId } = await businessTakingVisits("Link Cleaning", []);
    const visitor = await qualifiedVisitor((await server.services.db.chatbot.findFirstOrThrow({ where: { businessId } })).siteKey, "Lena Link");
    const offer = await waitFor(visitor, (t) => t.startsWith("Would you like to book"));
    await visitor.say(offer.quickReplies![0]!);
    const booked = await server.services.db.appointment.findFirstOrThrow({ where: { businessId } });
    const link = manageUrl(server.services, booked).replace(server.services.env.PUBLIC_APP_URL, "");
    const client = new HttpClient(server.url, { Origin: server.url });
    const page = await client.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Move it to");
    const target = /name="startsAt"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="startsAt"/.exec(page.text)?.slice(1).find(Boolean) ?? page.text.slice(page.text.indexOf("Move it to"), page.text.indexOf("Move it to") + 800);
    const moved = await client.post(link, { intent: "reschedule", startsAt: target });
    expect(moved.text.match(/role="alert"[^>]*>([^<]+)/)?.[1] ?? "").toBe("");
    expect(moved.status).toBe(200);
    expect(moved.text).toContain("Your walkthrough is moved.");
    const after = await server.services.db.appointment.findUniqueOrThrow({ where: { id: booked.id } });
    expect(after).toMatchObject({ status: "rescheduled", sequence: 1, startsAt: new Date(target) });
    // The same link again: used.
    const reused = await client.post(link, { intent: "cancel" });
    expect(reused.status).toBe(400);
    expect(reused.text).toContain("This link was already used.");
    // Forged and expired.
    expect((await client.get(`/appointments/manage/${signManageToken("x".repeat(43), { appointmentId: booked.id, nonce: after.manageNonce }, after.startsAt)}`)).text).toContain("This link is not valid.");
    expect((await client.get(`/appointments/manage/${signManageToken(server.services.signingSecret, { appointmentId: booked.id, nonce: after.manageNonce }, new Date(Date.now() - 1000))}`)).text).toContain("This link has expired");
    expect((await server.services.db.appointment.findUniqueOrThrow({ where: { id: booked.id } })).status).toBe("rescheduled");

    const feedUrl = await createCalendarFeed(server.services.db, { businessId, userId: after.assigneeUserId!, appUrl: server.url });
    const feed = await fetch(feedUrl);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const ics = await feed.text();
    expect(ics).toContain(`UID:appointment-${booked.id}@`);
    expect(ics).toContain("SEQUENCE:1");
    await revokeCalendarFeed(server.services.db, { businessId, userId: after.assigneeUserId! });
    expect((await fetch(feedUrl)).status).toBe(404);
  }, 120_000);

  it("books through the Appointment scheduler's booking link once; a forged link changes nothing", async () => {
    const { HttpClient } = await import("../support/http-client.ts");
    const { bookingLinkUrl } = await import("#server/appointments/manage-token.ts");
    const { nextFreeSlots } = await import("#server/appointments/commands.server.ts");
    const { businessId } = await businessTakingVisits("Booklink Cleaning", []);
    const lead = await server.services.db.lead.create({ data: { businessId, name: "Bea Link", email: "bea@link.example", source: "manual", score: 8, priority: "high" } });
    const link = bookingLinkUrl({ appUrl: "", secret: server.services.signingSecret }, { businessId, leadId: lead.id }, new Date());
    const client = new HttpClient(server.url, { Origin: server.url });
    const page = await client.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Pick a time");
    const [, second] = await nextFreeSlots(server.services.db, businessId, new Date(), { limit: 2 });
    expect(page.text).toContain(`value="${second!.startsAt}"`);
    const booked = await client.post(link, { startsAt: second!.startsAt });
    expect(booked.status).toBe(200);
    expect(booked.text).toContain("You&#x27;re booked with Booklink Cleaning.");
    const appointment = await server.services.db.appointment.findFirstOrThrow({ where: { leadId: lead.id } });
    expect(appointment).toMatchObject({ status: "booked", createdBy: "visitor", startsAt: new Date(second!.startsAt) });
    expect((await client.get(link)).text).toContain("Your walkthrough is booked for");
    expect((await client.post(link, { startsAt: "not a time" })).status).toBe(400);
    const forged = `${link.slice(0, -3)}abc`;
    expect((await client.get(forged)).text).toContain("This link is not valid.");
    expect(await server.services.db.appointment.count({ where: { leadId: lead.id } })).toBe(1);
  }, 120_000);
});
