import { describe, expect, it } from "vitest";
import { defaultEmail, findPlaceholder } from "./lead-actions.ts";
import { validateEmail } from "./lead-input.ts";

const lead = {
  name: "Nora Fields",
  company: "Fields Medical Plaza",
  serviceType: "Medical Facility",
  buildingSizeSqFt: 12_000,
  frequency: "two_three_weekly",
  marketPriceCents: 1000,
};

describe("Send Quote's draft", () => {
  it("is filled from the lead's answers and the market price estimate, with no placeholder left", () => {
    const draft = defaultEmail("quote", lead, "BrightPath");
    // 12,000 sq ft × $10 per 1,000 per visit × 10.8 visits = $1,296 → $1,300 (rounded to $10).
    expect(draft.body).toContain("Service: Medical Facility");
    expect(draft.body).toContain("Building size: 12,000 sq ft");
    expect(draft.body).toContain("Frequency: cleaning 2–3 times a week");
    expect(draft.body).toContain("Price: $1,300 a month");
    expect(draft.body).toContain("Hi Nora,");
    expect(findPlaceholder(draft.body)).toBeNull();
    expect(validateEmail({ kind: "quote", ...draft }).ok).toBe(true);
  });

  it("uses the price the lead was scored with", () => {
    expect(defaultEmail("quote", { ...lead, marketPriceCents: 1250, frequency: "daily" }, "B").body).toContain("Price: $3,300 a month"); // 12 × 12.5 × 22 = 3,300
  });

  it("leaves what the lead did not say as a placeholder that cannot be sent", () => {
    const draft = defaultEmail("quote", { ...lead, buildingSizeSqFt: null, serviceType: null }, "BrightPath");
    expect(draft.body).toContain("Building size: [building size]");
    expect(draft.body).toContain("Price: [monthly price] a month");
    const refused = validateEmail({ kind: "quote", ...draft });
    expect(refused).toEqual({ ok: false, error: "Replace [service] in the message with your own words before sending" });
  });
});

describe("the e-mail's rules", () => {
  it("refuses the old placeholder body, an empty body and a placeholder subject", () => {
    expect(validateEmail({ kind: "quote", subject: "Quote", body: "Here:\n\n[Service, frequency and monthly price]\n" })).toMatchObject({ ok: false });
    expect(validateEmail({ kind: "quote", subject: "Quote", body: "   " })).toEqual({ ok: false, error: "Please write a message" });
    expect(validateEmail({ kind: "info", subject: "About [company]", body: "Hello" })).toEqual({
      ok: false,
      error: "Replace [company] in the subject with your own words before sending",
    });
    expect(validateEmail({ kind: "info", subject: "About us", body: "Hello" })).toEqual({ ok: true, value: { kind: "info", subject: "About us", body: "Hello" } });
  });
});

describe("Send Quote's draft with the visitor's own count and a title (issue 29)", () => {
  it("quotes what the visitor said: 3x a week is about 13 visits a month, not the 2–3 band's 11", () => {
    const body = defaultEmail("quote", { ...lead, visitsPerMonth: 12.99 }, "BrightPath").body;
    expect(body).toContain("Frequency: cleaning 3 times a week (about 13 visits a month)");
    expect(body).toContain("Price: $1,560 a month"); // 12 × $10 × 12.99 = $1,558.80 → $1,560
    expect(body).not.toContain("2–3 times");
  });

  it("greets by the first name, never by a title", () => {
    expect(defaultEmail("quote", { ...lead, name: "Dr. Priya Nair" }, "B").body).toContain("Hi Priya,");
    expect(defaultEmail("quote", { ...lead, name: "Dr. Patel" }, "B").body).toContain("Hi there,");
  });
});
