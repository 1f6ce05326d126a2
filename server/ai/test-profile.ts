// The business the AI path's unit tests answer for (test support, imported by tests only): Sparkle, open
// weekdays 08:00–18:00 UTC, no description, areas or contact details. Each test names what it changes.
import type { BusinessProfile } from "../conversation/engine.ts";

export function testProfile(changes: Partial<BusinessProfile> = {}): BusinessProfile {
  return {
    businessName: "Sparkle",
    welcomeMessage: "Hi!",
    serviceTypes: ["Regular Commercial Cleaning"],
    serviceAreas: [],
    description: null,
    hours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] },
    timeZone: "UTC",
    afterHoursMessage: "Closed.",
    marketPriceCents: 1000,
    phone: null,
    email: null,
    ...changes,
  };
}
