import { describe, expect, it } from "vitest";
import { dayNumberOf, isoDateOf, localDateTime, startOfLocalDay } from "../shared/time/calendar.ts";

describe("startOfLocalDay", () => {
  it("finds local midnight in a zone west of UTC, in winter and summer", () => {
    expect(startOfLocalDay(dayNumberOf(2026, 1, 15), "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfLocalDay(dayNumberOf(2026, 7, 15), "America/New_York").toISOString()).toBe("2026-07-15T04:00:00.000Z");
  });

  it("handles zones east of UTC and UTC itself", () => {
    expect(startOfLocalDay(dayNumberOf(2026, 3, 1), "Australia/Sydney").toISOString()).toBe("2026-02-28T13:00:00.000Z");
    expect(startOfLocalDay(dayNumberOf(2026, 3, 1), "UTC").toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });

  it("round-trips with localDateTime on a DST change day", () => {
    const day = dayNumberOf(2026, 3, 8);
    const start = startOfLocalDay(day, "America/New_York");
    expect(localDateTime(start, "America/New_York")).toMatchObject({ dayNumber: day, minutes: 0 });
    expect(isoDateOf(day)).toBe("2026-03-08");
  });
});
