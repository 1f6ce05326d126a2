import { describe, expect, it } from "vitest";
import { parseForm } from "./form-errors.ts";
import { emailSettingsSchema, notificationPreferencesSchema } from "./preferences.ts";
import { businessProfileSchema } from "./profile.ts";

describe("business profile schema", () => {
  it("normalises: trimmed text, empty optional fields as null, lower-case e-mail, split service areas", () => {
    const parsed = parseForm(businessProfileSchema, {
      name: "  Acme  ",
      businessType: "Janitorial Service",
      email: " Office@Acme.Example ",
      phone: "",
      serviceAreas: " Springfield ,, Chatham ",
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        name: "Acme",
        businessType: "Janitorial Service",
        email: "office@acme.example",
        phone: null,
        street: null,
        city: null,
        state: null,
        zip: null,
        serviceAreas: ["Springfield", "Chatham"],
        description: null,
        bookingUrl: null,
      },
    });
  });
  it("takes a booking link only as an https address", () => {
    const base = { name: "Acme", businessType: "Janitorial Service" };
    expect(parseForm(businessProfileSchema, { ...base, bookingUrl: " https://cal.example/acme " })).toMatchObject({ ok: true, value: { bookingUrl: "https://cal.example/acme" } });
    for (const bad of ["http://cal.example/acme", "javascript:alert(1)", "cal.example", "https://localhost"]) {
      expect(parseForm(businessProfileSchema, { ...base, bookingUrl: bad })).toMatchObject({
        ok: false,
        errors: { bookingUrl: "Enter your booking page's https:// address, e.g. https://calendly.com/your-business." },
      });
    }
  });
  it("names each invalid field once", () => {
    const parsed = parseForm(businessProfileSchema, { name: "", businessType: "Other", email: "x@", phone: "12", zip: "!!" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      name: "Business name is required.",
      businessType: "Choose a business type.",
      email: "Invalid email address",
      phone: "Enter a phone number with at least 7 digits, e.g. (555) 123-4567.",
      zip: "Enter a valid ZIP code, e.g. 62701.",
    });
  });
});

describe("preferences schemas", () => {
  it("reads checkboxes as present = on", () => {
    expect(parseForm(notificationPreferencesSchema, { notifyDailySummary: "on" })).toEqual({
      ok: true,
      value: { notifyHighPriorityEmail: false, notifyDailySummary: true, notifyReminderEmail: false },
    });
  });
  it("refuses a sender name that could break the From header, and a bad reply-to", () => {
    const parsed = parseForm(emailSettingsSchema, { emailSenderName: "Acme <sales@x>", emailReplyTo: "nope" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors)).toEqual(["emailSenderName", "emailReplyTo"]);
    expect(parseForm(emailSettingsSchema, { emailSenderName: " ", emailReplyTo: "" })).toEqual({
      ok: true,
      value: { emailSenderName: null, emailReplyTo: null },
    });
  });
});
