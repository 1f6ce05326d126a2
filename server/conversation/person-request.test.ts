import { describe, expect, it } from "vitest";
import { asksAboutBot } from "./parser.ts";
import { asksForPerson, personRequestNotice, TALK_TO_PERSON } from "./person-request.ts";
import type { BusinessProfile } from "../shared/conversation/types.ts";

describe("asksForPerson", () => {
  it.each([
    TALK_TO_PERSON,
    "Can I talk to a human?",
    "I'd like to speak with someone please",
    "is there a real person there",
    "can someone call me now?",
    "agent",
    "Chat with your team",
  ])("takes %j as a request for a person", (text) => expect(asksForPerson(text)).toBe(true));

  it.each(["20 people work here", "about 12k sq ft", "twice a week", "our office manager decides", "ASAP"])(
    "does not take %j for one",
    (text) => expect(asksForPerson(text)).toBe(false),
  );
});

describe("asksAboutBot and asksForPerson", () => {
  it.each(["am I talking to a real person or a bot?", "are you a bot?", "is this AI?", "are you human?", "r u a real person?", "is this an actual human?"])(
    "takes %j as a question about the bot, not a request",
    (text) => {
      expect(asksAboutBot(text)).toBe(true);
      expect(asksForPerson(text)).toBe(false);
    },
  );
  it("still takes a wish for a real person as a request", () => {
    expect(asksForPerson("I want to talk to a real person, not a bot")).toBe(true);
  });
});

describe("personRequestNotice", () => {
  const profile: BusinessProfile = {
    businessName: "Sparkle",
    welcomeMessage: "Hi",
    serviceTypes: [],
    serviceAreas: [],
    description: null,
    hours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] },
    timeZone: "America/New_York",
    afterHoursMessage: "We'll get back to you first thing next business day.",
    marketPriceCents: 1000,
    phone: null,
    email: null,
  };
  const OPEN = new Date("2025-06-10T15:00:00Z"); // Tuesday 11:00 EDT
  const CLOSED = new Date("2025-06-10T23:30:00Z"); // Tuesday 19:30 EDT

  it("promises someone shortly only with a member online in office hours", () => {
    expect(personRequestNotice(profile, OPEN, true)).toBe("I've asked the Sparkle team to join this chat. Someone will be with you shortly.");
  });
  it("with nobody online in office hours, says the team replies today before closing", () => {
    const text = personRequestNotice(profile, OPEN, false);
    expect(text).toContain("they'll get back to you today before 6:00 PM (EDT)");
    expect(text).not.toMatch(/shortly/);
  });
  it.each([true, false])("after hours (member online: %s), says when the office opens and never 'shortly'", (online) => {
    const text = personRequestNotice(profile, CLOSED, online);
    expect(text).toContain("The office opens again tomorrow at 8:00 AM (EDT).");
    expect(text).not.toMatch(/shortly/);
  });
});
