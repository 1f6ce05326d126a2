import { describe, expect, it } from "vitest";
import { checkLeadBody } from "./lead-body.ts";

describe("checkLeadBody", () => {
  it("maps the API's fields onto the manual-lead form and validates them the same way", () => {
    const checked = checkLeadBody({
      name: " Nora Fields ",
      email: "Nora@Example.com",
      buildingSizeSqFt: 12000,
      monthlyBudget: "$2,500",
      frequency: "weekly",
      timeline: "within_30_days",
      unknown: "ignored",
    });
    expect(checked).toEqual({
      ok: true,
      form: { name: " Nora Fields ", email: "Nora@Example.com", buildingSize: "12000", budget: "$2,500", frequency: "weekly", timeline: "within_30_days" },
      value: expect.objectContaining({
        name: "Nora Fields",
        email: "nora@example.com",
        buildingSizeSqFt: 12000,
        budgetMonthlyCents: 250_000,
        frequency: "weekly",
        timeline: "within_30_days",
        phone: null,
      }),
    });
  });

  it("treats null as not given", () => {
    expect(checkLeadBody({ name: "Ann", phone: "555-0100", email: null, company: null }).ok).toBe(true);
  });

  it("reports every invalid field under the API's names", () => {
    const checked = checkLeadBody({ email: "nope", buildingSizeSqFt: 1.5, monthlyBudget: -3, frequency: "hourly", note: 42, phone: ["x"] });
    expect(checked).toEqual({
      ok: false,
      fields: {
        name: "Please enter the contact's name",
        email: "Invalid email address",
        buildingSizeSqFt: "Building size must be a whole number of square feet",
        monthlyBudget: "Monthly budget must be an amount in dollars",
        frequency: "Please choose a cleaning frequency",
        note: "note must be a string",
        phone: "phone must be a string",
      },
    });
  });

  it("puts the email-or-phone rule on email, and refuses bodies that are not objects", () => {
    expect(checkLeadBody({ name: "Ann" })).toEqual({ ok: false, fields: { email: "Please enter an email address or a phone number" } });
    expect(checkLeadBody([])).toEqual({ ok: false, fields: { body: "The request body must be a JSON object" } });
    expect(checkLeadBody("name")).toMatchObject({ ok: false });
  });

  it("refuses non-finite numbers", () => {
    expect(checkLeadBody({ name: "Ann", phone: "(555) 234-5678", buildingSizeSqFt: Number.NaN })).toEqual({
      ok: false,
      fields: { buildingSizeSqFt: "buildingSizeSqFt must be a number or a string" },
    });
  });
});
