import { describe, expect, it } from "vitest";
import { localDayAndHour, previousDay } from "./local-day.ts";

describe("local day in a time zone", () => {
  it("gives the business's date and hour, not UTC's", () => {
    const instant = new Date("2026-03-10T03:30:00Z");
    expect(localDayAndHour(instant, "UTC")).toEqual({ day: "2026-03-10", hour: 3 });
    expect(localDayAndHour(instant, "America/New_York")).toEqual({ day: "2026-03-09", hour: 23 });
    expect(localDayAndHour(instant, "Australia/Sydney")).toEqual({ day: "2026-03-10", hour: 14 });
  });
  it("steps back across month and year ends", () => {
    expect(previousDay("2026-03-01")).toBe("2026-02-28");
    expect(previousDay("2026-01-01")).toBe("2025-12-31");
  });
});
