import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { manualLeadSchema, noteSchema, parseDollarsToCents, reminderSchema, statusSchema, validateManualLead, validateReminder, validateStatus, validateVisit, visitSchema } from "./lead-input.ts";
import { parseFormData } from "../forms/action-result.ts";
import { actionsFor, telHref } from "./lead-actions.ts";
import { endOfZonedDay, startOfZonedDay, zonedTimeToUtc } from "../time/calendar.ts";

describe("lead form validation", () => {
  it("parses dollar amounts to cents", () => {
    expect(parseDollarsToCents("$4,200.50")).toBe(420050);
    expect(parseDollarsToCents("12")).toBe(1200);
    expect(parseDollarsToCents("1.5")).toBe(150);
    expect(parseDollarsToCents("-3")).toBeNull();
    expect(parseDollarsToCents("abc")).toBeNull();
  });

  it("asks for the deal value when a lead is won", () => {
    expect(validateStatus({ status: "won" })).toEqual({ ok: false, error: "Please enter the deal value to mark this lead as Won" });
    expect(validateStatus({ status: "won", value: "2,000" })).toEqual({ ok: true, value: { status: "won", valueCents: 200000, lostReason: null, competitor: null } });
    expect(validateStatus({ status: "lost", value: "2,000" })).toEqual({ ok: true, value: { status: "lost", valueCents: null, lostReason: null, competitor: null } });
    expect(validateStatus({ status: "closed" })).toEqual({ ok: false, error: "Please choose a status" });
  });

  it("takes a lost reason and, for a competitor, its name (trimmed, at most 80 characters)", () => {
    const lost = (input: Record<string, string>) => validateStatus({ status: "lost", ...input });
    expect(lost({ lostReason: "price" })).toEqual({ ok: true, value: { status: "lost", valueCents: null, lostReason: "price", competitor: null } });
    expect(lost({ lostReason: "competitor", competitor: "  Shine   Bright  Co " })).toEqual({
      ok: true,
      value: { status: "lost", valueCents: null, lostReason: "competitor", competitor: "Shine Bright Co" },
    });
    // A name alone means "went with a competitor"; a name with another reason is not kept.
    expect(lost({ competitor: "Shine" })).toMatchObject({ ok: true, value: { lostReason: "competitor", competitor: "Shine" } });
    expect(lost({ lostReason: "timing", competitor: "Shine" })).toMatchObject({ ok: true, value: { lostReason: "timing", competitor: null } });
    expect(lost({ lostReason: "competitor", competitor: "   " })).toMatchObject({ ok: true, value: { lostReason: "competitor", competitor: null } });
    expect(lost({ lostReason: "cheaper" })).toEqual({ ok: false, error: "Please choose a reason from the list" });
    expect(lost({ lostReason: "competitor", competitor: "x".repeat(81) })).toEqual({ ok: false, error: "Competitor names are limited to 80 characters" });
    expect(lost({ lostReason: "competitor", competitor: ` ${"x".repeat(80)} ` })).toMatchObject({ ok: true, value: { competitor: "x".repeat(80) } });
    // Other statuses carry neither; Won may name the competitor it was won against.
    expect(validateStatus({ status: "contacted", lostReason: "price", competitor: "Shine" })).toMatchObject({ ok: true, value: { lostReason: null, competitor: null } });
    expect(validateStatus({ status: "won", value: "100", competitor: " Shine " })).toMatchObject({ ok: true, value: { valueCents: 10000, competitor: "Shine" } });
  });

  it("validates reminders with a default time", () => {
    expect(validateReminder({ dueDate: "2026-02-03", note: " Call " })).toEqual({ ok: true, value: { dueDate: "2026-02-03", dueTime: "09:00", note: "Call" } });
    expect(validateReminder({ dueDate: "2026-02-03", dueTime: "25:00", note: "x" })).toEqual({ ok: false, error: "Please enter the time as HH:MM" });
  });

  it("validates a manual lead", () => {
    const ok = validateManualLead({ name: "Ann", email: "ANN@X.EXAMPLE", buildingSize: "12,000", frequency: "weekly", budget: "$500", timeline: "" });
    expect(ok).toEqual({
      ok: true,
      value: {
        name: "Ann",
        email: "ann@x.example",
        phone: null,
        company: null,
        serviceType: null,
        buildingSizeSqFt: 12000,
        frequency: "weekly",
        budgetMonthlyCents: 50000,
        timeline: null,
        note: null,
      },
    });
    expect(validateManualLead({ name: "Ann" })).toEqual({ ok: false, error: "Please enter an email address or a phone number" });
    expect(validateManualLead({ name: "", phone: "1" })).toEqual({ ok: false, error: "Please enter the contact's name" });
  });
});

describe("lead actions", () => {
  it("picks the primary action by priority", () => {
    expect(actionsFor("high").primary).toBe("call");
    expect(actionsFor("medium").primary).toBe("quote");
    expect(actionsFor("low").primary).toBe("info");
  });
  it("makes tel: links", () => {
    expect(telHref("(555) 201-4410")).toBe("tel:5552014410");
    expect(telHref("+1 555 201 4410")).toBe("tel:+15552014410");
    expect(telHref("n/a")).toBeNull();
  });
});

describe("the manual lead form through Conform", () => {
  // Conform hands an empty or blank field to the schema as undefined; the messages and values must be
  // those of the plain strings the domain function and the REST API check.
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const blank = { name: "", email: "", phone: "", company: " ", serviceType: "", buildingSize: "", frequency: "", budget: "", timeline: "", note: "  " };
  it("gives the same values and first messages as the plain parse", () => {
    const cases = [
      { ...blank, name: " Ann ", email: "ANN@X.EXAMPLE", buildingSize: "12,000", frequency: "weekly", budget: "$500" },
      { ...blank, name: "  ", phone: "555 123 4567" },
      { ...blank, name: "Ann" },
      { ...blank, name: "Ann", phone: "call the desk" },
      { ...blank, name: "Ann", email: "x", timeline: "soon" },
    ];
    for (const fields of cases) {
      const plain = validateManualLead(fields);
      const conform = parseFormData(form(fields), manualLeadSchema);
      if (plain.ok) expect(conform).toEqual(plain);
      else expect(conform).toMatchObject({ ok: false, error: plain.error });
    }
    expect(parseFormData(form({ ...blank, name: "  ", phone: "555 123 4567" }), manualLeadSchema)).toEqual({
      ok: false,
      error: "Please enter the contact's name",
      fieldErrors: { name: "Please enter the contact's name" },
    });
  });
  it("checks the lead page's forms as the domain functions do", () => {
    const cases: [z.ZodType, Record<string, string>][] = [
      [statusSchema, { status: "won", value: "", competitor: "" }],
      [statusSchema, { status: "lost", lostReason: "competitor", competitor: "  " }],
      [noteSchema, { note: "  " }],
      [reminderSchema, { dueDate: "2030-01-01", dueTime: "", note: "Call" }],
      [reminderSchema, { dueDate: "", dueTime: "", note: "Call" }],
      [visitSchema, { visitDate: "2030-01-01", visitTime: "", note: "" }],
      [visitSchema, { visitDate: "2030-01-01", visitTime: "10:00", note: "" }],
    ];
    for (const [schema, fields] of cases) {
      const plain = schema.safeParse(fields);
      const conform = parseFormData(form(fields), schema);
      if (plain.success) expect(conform).toEqual({ ok: true, value: plain.data });
      else expect(conform).toMatchObject({ ok: false, error: plain.error.issues[0]?.message });
    }
  });
  it("keeps the optional visit note and the default reminder time for blank fields", () => {
    expect(validateVisit({ visitDate: "2026-02-03", visitTime: " 10:30 ", note: "  " })).toEqual({ ok: true, value: { visitDate: "2026-02-03", visitTime: "10:30", note: "" } });
    expect(validateReminder({ dueDate: "2026-02-03", dueTime: "  ", note: "Call" })).toEqual({ ok: true, value: { dueDate: "2026-02-03", dueTime: "09:00", note: "Call" } });
  });
});

describe("business time zone days", () => {
  it("converts local days and times to UTC across DST", () => {
    expect(startOfZonedDay("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(endOfZonedDay("2026-07-15", "America/New_York").toISOString()).toBe("2026-07-16T04:00:00.000Z");
    expect(zonedTimeToUtc("2026-03-08", "12:00", "America/New_York").toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(startOfZonedDay("2026-01-15", "UTC").toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });
});
