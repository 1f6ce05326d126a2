import { describe, expect, it } from "vitest";
import { choiceFromReply, fitSegments, keywordOf, normalizePhone, parseQuietHours, quietHoursEnd, segmentCount, withNumberedChoices } from "./sms-text.ts";

describe("SMS rules", () => {
  it("normalizes phone numbers to E.164", () => {
    expect(normalizePhone("(555) 123-4567")).toBe("+15551234567");
    expect(normalizePhone("1 555 123 4567")).toBe("+15551234567");
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("12345")).toBeNull();
    expect(normalizePhone("5551234")).toBeNull();
    expect(normalizePhone("")).toBeNull();
  });

  it("recognizes the carrier keywords as whole messages only", () => {
    for (const word of ["STOP", "stopall", " Unsubscribe ", "cancel", "END", "quit."]) expect(keywordOf(word)?.kind).toBe("stop");
    expect(keywordOf("start")?.kind).toBe("start");
    expect(keywordOf("Help")?.kind).toBe("help");
    expect(keywordOf("please stop calling")).toBeNull();
    expect(keywordOf("weekly")).toBeNull();
  });

  it("holds SMS in quiet hours 21:00–08:00 of the business's zone", () => {
    const zone = "America/New_York";
    // 22:30 in New York (EST, UTC-5) → 08:00 the next morning.
    expect(quietHoursEnd(new Date("2026-11-27T03:30:00Z"), zone)?.toISOString()).toBe("2026-11-27T13:00:00.000Z");
    // 06:00 → 08:00 the same morning.
    expect(quietHoursEnd(new Date("2026-11-27T11:00:00Z"), zone)?.toISOString()).toBe("2026-11-27T13:00:00.000Z");
    // 14:00: not quiet.
    expect(quietHoursEnd(new Date("2026-11-27T19:00:00Z"), zone)).toBeNull();
    expect(quietHoursEnd(new Date("2026-11-27T03:30:00Z"), zone, parseQuietHours("off"))).toBeNull();
    // A daytime window (12:00–13:00): 12:30 local waits until 13:00.
    expect(quietHoursEnd(new Date("2026-11-27T17:30:00Z"), zone, parseQuietHours("12:00-13:00"))?.toISOString()).toBe("2026-11-27T18:00:00.000Z");
  });

  it("counts segments and cuts bodies to three", () => {
    expect(segmentCount("a".repeat(160))).toBe(1);
    expect(segmentCount("a".repeat(161))).toBe(2);
    expect(segmentCount("é".repeat(160))).toBe(1);
    expect(segmentCount("✓".repeat(71))).toBe(2);
    const long = "word ".repeat(200);
    const cut = fitSegments(long, 3);
    expect(segmentCount(cut)).toBeLessThanOrEqual(3);
    expect(cut.endsWith("...")).toBe(true);
    expect(fitSegments("short")).toBe("short");
  });

  it("turns quick replies into numbered choices and back", () => {
    const choices = ["Daily", "2-3 times a week", "Weekly"];
    expect(withNumberedChoices("How often?", choices)).toContain("2) 2-3 times a week");
    // GSM-7 keeps 153 characters a segment: the en dash of "20,000–50,000" becomes a hyphen.
    expect(withNumberedChoices("How large?", ["20,000–50,000 sq ft"])).toContain("1) 20,000-50,000 sq ft");
    expect(segmentCount(withNumberedChoices("Roughly how large is the space to be cleaned?", ["Under 5,000 sq ft", "5,000–19,999 sq ft", "20,000–50,000 sq ft", "Over 50,000 sq ft", "Skip"]))).toBe(2);
    expect(choiceFromReply("2", choices)).toBe("2-3 times a week");
    expect(choiceFromReply(" 3) ", choices)).toBe("Weekly");
    expect(choiceFromReply("7", choices)).toBe("7");
    expect(choiceFromReply("2", undefined)).toBe("2");
    expect(choiceFromReply("twice a week", choices)).toBe("twice a week");
  });
});
