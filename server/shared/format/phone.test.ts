import { describe, expect, it } from "vitest";
import { formatPhone, normalizePhone } from "./phone.ts";

describe("phone numbers", () => {
  it.each([
    ["(555) 234-5678", "+15552345678"],
    ["555.234.5678", "+15552345678"],
    ["5552345678", "+15552345678"],
    ["1 555 234 5678", "+15552345678"],
    ["+1 (555) 234-5678", "+15552345678"],
    ["+44 20 7946 0958", "+442079460958"],
    ["0044 20 7946 0958", "+442079460958"],
    ["234-5678", "2345678"],
    ["(555) 123-4567", "+15551234567"],
    ["555-234-5678 ext. 12", "+15552345678"],
  ])("stores %s as %s", (raw, stored) => {
    expect(normalizePhone(raw)).toBe(stored);
  });

  it("refuses what is not a phone number", () => {
    for (const raw of ["", "call me", "123", "12345678901234567", "555-CLEAN"]) expect(normalizePhone(raw)).toBeNull();
  });

  it("shows North American numbers nationally, others as stored", () => {
    expect(formatPhone("+15552345678")).toBe("(555) 234-5678");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(formatPhone("2345678")).toBe("2345678");
    expect(formatPhone(null)).toBeNull();
  });
});
