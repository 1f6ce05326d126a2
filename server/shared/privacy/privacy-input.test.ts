import { describe, expect, it } from "vitest";
import { parseFormData } from "../forms/action-result.ts";
import { deleteBusinessSchema, parsePersonQuery, personSearchSchema, PRIVACY_MESSAGES, retentionSchema } from "./privacy-input.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

describe("the Data & privacy forms", () => {
  it("reads a person as an e-mail (lower-cased) or a phone number (stored form), nothing else", () => {
    expect(parsePersonQuery("  Zelda.Q@Example.COM ")).toEqual({ kind: "email", email: "zelda.q@example.com" });
    expect(parsePersonQuery("(555) 765-4321")).toEqual({ kind: "phone", phone: "+15557654321" });
    expect(parsePersonQuery("+44 20 7946 0958")).toEqual({ kind: "phone", phone: "+442079460958" });
    expect(parsePersonQuery("zelda@")).toBeNull();
    expect(parsePersonQuery("call me")).toBeNull();
    expect(parsePersonQuery("12")).toBeNull();
  });

  it("answers the fields' messages", () => {
    expect(parseFormData(form({ person: "" }), personSearchSchema)).toMatchObject({ ok: false, fieldErrors: { person: PRIVACY_MESSAGES.personRequired } });
    expect(parseFormData(form({ person: "nobody" }), personSearchSchema)).toMatchObject({ ok: false, fieldErrors: { person: PRIVACY_MESSAGES.personInvalid } });
    expect(parseFormData(form({ months: "5" }), retentionSchema)).toMatchObject({ ok: false, fieldErrors: { months: PRIVACY_MESSAGES.retentionInvalid } });
    expect(parseFormData(form({ months: "12" }), retentionSchema)).toEqual({ ok: true, value: { months: "12" } });
    expect(parseFormData(form({ months: "" }), retentionSchema)).toMatchObject({ ok: true, value: {} });
    expect(parseFormData(form({ confirmName: " " }), deleteBusinessSchema)).toMatchObject({ ok: false, fieldErrors: { confirmName: PRIVACY_MESSAGES.confirmName } });
  });
});
