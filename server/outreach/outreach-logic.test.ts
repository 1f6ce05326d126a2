import { describe, expect, it } from "vitest";
import { campaignSchema, fillPlaceholders, unknownPlaceholders } from "./outreach-options.ts";
import { matchesFilter, parseProspectFilter, splitList } from "./prospect-filter.ts";
import { allocateDays, firstSendDay, sendInstant } from "./send-days.ts";
import { composeStep } from "./campaigns.server.ts";
import { dayNumberOfIsoDate } from "../shared/time/calendar.ts";

describe("Find Prospects filter", () => {
  const p = (title: string, location: string, industry: string) => ({ title, location, industry });
  it("splits comma-separated lists, trimmed and without repeats", () => {
    expect(splitList(" Facility Manager, ,office manager,Office Manager ")).toEqual(["Facility Manager", "office manager"]);
    expect(parseProspectFilter(new URLSearchParams("titles=CFO&locations=&industries=Health, Edu"))).toEqual({ titles: ["CFO"], locations: [], industries: ["Health", "Edu"] });
  });
  it("matches any value within a field and every field given, case-insensitively", () => {
    const filter = { titles: ["facility", "office manager"], locations: ["austin"], industries: [] };
    expect(matchesFilter(p("Senior Facility Director", "Austin, TX", "Healthcare"), filter)).toBe(true);
    expect(matchesFilter(p("Office Manager", "AUSTIN", ""), filter)).toBe(true);
    expect(matchesFilter(p("Office Manager", "Dallas", "Healthcare"), filter)).toBe(false);
    expect(matchesFilter(p("CFO", "Austin", "Healthcare"), filter)).toBe(false);
    expect(matchesFilter(p("", "", ""), { titles: [], locations: [], industries: [] })).toBe(true);
  });
});

describe("placeholders", () => {
  const values = { firstName: "Pat", company: "Acme", location: "Austin", industry: "" };
  it("fills the four placeholders; an empty field reads as a neutral phrase", () => {
    expect(fillPlaceholders("Hi {firstName} at {company} in {location} ({industry})", values)).toBe("Hi Pat at Acme in Austin (your industry)");
    expect(fillPlaceholders("Hi {firstName}", { ...values, firstName: " " })).toBe("Hi there");
    expect(fillPlaceholders("Cleaning for {company}", { ...values, company: "Acme\r\nBcc: x@evil.test" })).toBe("Cleaning for Acme Bcc: x@evil.test");
  });
  it("names unknown placeholders, and the campaign form refuses them", () => {
    expect(unknownPlaceholders("Hi {firstName} {lastName} {city}")).toEqual(["lastName", "city"]);
    const result = campaignSchema.safeParse({
      linkedinMessage: "Hi {lastName}",
      emailSubject: "s",
      emailBody: "b",
      dailyConnections: "20",
      followUpDays: "7",
      dailyEmails: "50",
      sendTime: "10:00",
      prospectIds: ["a"],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Unknown placeholder {lastName} in the LinkedIn message: use {firstName}, {company}, {location} or {industry}");
  });
  it("refuses options outside spec §9", () => {
    const base = { linkedinMessage: "a", emailSubject: "s", emailBody: "b", dailyConnections: "20", followUpDays: "7", dailyEmails: "50", sendTime: "10:00", prospectIds: ["a"] };
    expect(campaignSchema.safeParse(base).success).toBe(true);
    expect(campaignSchema.safeParse({ ...base, dailyEmails: "500" }).error?.issues[0]?.message).toBe("Please choose the daily emails: 25, 50, 100");
    expect(campaignSchema.safeParse({ ...base, sendTime: "03:00" }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...base, followUpDays: "1" }).success).toBe(false);
  });
  it("follow-ups reuse the e-mail with Re: and a short note", () => {
    const campaign = { emailSubject: "Cleaning for {company}", emailBody: "Hi {firstName}" };
    expect(composeStep(campaign, values, 0)).toEqual({ subject: "Cleaning for Acme", body: "Hi Pat" });
    expect(composeStep(campaign, values, 1).subject).toBe("Re: Cleaning for Acme");
    expect(composeStep(campaign, values, 2).body).toMatch(/^One last note from me.*\n\nHi Pat$/s);
  });
});

describe("daily-cap scheduling", () => {
  it("fills each day up to the cap, counting what other campaigns already planned", () => {
    const used = new Map([[100, 20]]);
    const days = allocateDays({ fromDay: 100, count: 40, cap: 25, used });
    expect(days.filter((d) => d === 100)).toHaveLength(5);
    expect(days.filter((d) => d === 101)).toHaveLength(25);
    expect(days.filter((d) => d === 102)).toHaveLength(10);
    expect(used.get(102)).toBe(10);
    // A second campaign with a lower cap finds days 100–101 full.
    expect(allocateDays({ fromDay: 100, count: 2, cap: 25, used })).toEqual([102, 102]);
  });

  it("starts today before the send time and tomorrow after it, in the business's time zone", () => {
    const at = new Date("2026-03-10T14:30:00Z"); // 10:30 in New York (EDT), 23:30 in Tokyo, 14:30 in London
    const ny = dayNumberOfIsoDate("2026-03-10");
    expect(firstSendDay(at, "America/New_York", "10:00")).toBe(ny + 1);
    expect(firstSendDay(at, "America/New_York", "14:00")).toBe(ny);
    expect(firstSendDay(at, "Asia/Tokyo", "09:00")).toBe(ny + 1);
    expect(firstSendDay(at, "Europe/London", "14:00")).toBe(ny + 1);
    expect(firstSendDay(new Date("2026-03-10T13:30:00Z"), "Europe/London", "14:00")).toBe(ny);
  });

  it("sends at the local send time, across a daylight-saving change", () => {
    const before = dayNumberOfIsoDate("2026-03-07");
    expect(sendInstant(before, "10:00", "America/New_York").toISOString()).toBe("2026-03-07T15:00:00.000Z"); // EST
    expect(sendInstant(before + 2, "10:00", "America/New_York").toISOString()).toBe("2026-03-09T14:00:00.000Z"); // EDT
    expect(sendInstant(before, "14:00", "Asia/Kolkata").toISOString()).toBe("2026-03-07T08:30:00.000Z");
  });
});
