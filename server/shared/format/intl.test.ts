import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatCompactDollars, formatCount, formatUsd, formatWholeDollars, isValidTimeZone, numberFormat } from "./intl.ts";

describe("cached Intl formatters", () => {
  it("formats like a new formatter and hands back the same one for the same locale and options", () => {
    const options: Intl.DateTimeFormatOptions = { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" };
    const at = new Date("2026-03-08T07:30:00Z"); // the morning clocks go forward in New York
    expect(dateTimeFormat("en-US", options).format(at)).toBe(new Intl.DateTimeFormat("en-US", options).format(at));
    expect(dateTimeFormat("en-US", { ...options })).toBe(dateTimeFormat("en-US", options));
    expect(dateTimeFormat("en-US", { ...options, timeZone: "Europe/Paris" })).not.toBe(dateTimeFormat("en-US", options));
    expect(dateTimeFormat("en-CA", options)).not.toBe(dateTimeFormat("en-US", options));
    const usd = { style: "currency", currency: "USD" } as const;
    expect(numberFormat("en-US", usd).format(1234.5)).toBe("$1,234.50");
    expect(numberFormat("en-US", { ...usd })).toBe(numberFormat("en-US", usd));
  });

  it("throws for an unknown time zone, every time, and tells valid zones from invalid ones", () => {
    expect(() => dateTimeFormat("en-US", { timeZone: "Mars/Olympus_Mons" })).toThrow(RangeError);
    expect(() => dateTimeFormat("en-US", { timeZone: "Mars/Olympus_Mons" })).toThrow(RangeError);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("America/Chicago")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
  });

  it("formats money and counts one way", () => {
    expect(formatCount(12_500)).toBe("12,500");
    expect(formatWholeDollars(130_049)).toBe("$1,300");
    expect(formatWholeDollars(130_050)).toBe("$1,301");
    expect(formatUsd(4_900)).toBe("$49");
    expect(formatUsd(4_950)).toBe("$49.50");
    expect(formatUsd(1_234_500)).toBe("$12,345");
    expect(formatCompactDollars(99_949)).toBe("$999");
    expect(formatCompactDollars(1_240_000)).toBe("$12.4K");
    expect(formatCompactDollars(300_000_000)).toBe("$3M");
  });
});
