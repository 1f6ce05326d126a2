// The business every case talks to unless it says otherwise.
import type { BusinessProfile } from "../../server/conversation/engine.ts";

export const PROFILE: BusinessProfile = {
  businessName: "Harborline Cleaning",
  welcomeMessage: "Hi! Welcome to Harborline Cleaning. I can get you a quote in about a minute. What type of cleaning are you looking for?",
  serviceTypes: ["Regular Commercial Cleaning", "Post-construction", "Industrial", "Medical Facility", "Educational Facility", "Move-in/Move-out"],
  serviceAreas: ["Boston", "Cambridge", "Chatham", "Quincy", "Newton"],
  description:
    "Harborline Cleaning is a family-run commercial cleaning company. We are fully insured and bonded. We bring all our own supplies and equipment. We clean evenings and weekends on request.",
  hours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] },
  timeZone: "America/New_York",
  afterHoursMessage: "Our office is closed right now, but we'll get back to you first thing next business day.",
  marketPriceCents: 1000,
  phone: "617-555-0100",
  email: "hello@harborline.test",
};

/** Clocks the cases run at: the instant, its time zone, and what it is there. */
export const CLOCKS = {
  /** Friday 27 November 2026, 10:00 in New York: open. */
  fridayNov: { now: "2026-11-27T15:00:00Z", timeZone: "America/New_York" },
  /** Tuesday 10 March 2026, 10:00 EDT: open. */
  tuesdayMar: { now: "2026-03-10T14:00:00Z", timeZone: "America/New_York" },
  /** Monday 15 June 2026, 22:30 EDT (already Tuesday in UTC): closed. */
  mondayJunLate: { now: "2026-06-16T02:30:00Z", timeZone: "America/New_York" },
  /** Saturday 19 December 2026, 09:00 in Los Angeles: closed for the weekend. */
  saturdayDecLA: { now: "2026-12-19T17:00:00Z", timeZone: "America/Los_Angeles" },
  /** Wednesday 6 January 2027, 10:30 in Sydney (still Tuesday in UTC): open. */
  wednesdayJanSydney: { now: "2027-01-05T23:30:00Z", timeZone: "Australia/Sydney" },
  /** Wednesday 2 September 2026, 10:00 in London: open. */
  wednesdaySepLondon: { now: "2026-09-02T09:00:00Z", timeZone: "Europe/London" },
} as const;
export type ClockName = keyof typeof CLOCKS;
