import { describe, expect, it } from "vitest";
import { CONTACT_REQUIRED, parseContact } from "./contact.ts";

describe("contact form schema", () => {
  const valid = { name: " Dana ", email: "dana@example.com", phone: "", company: "Cruz", message: "Hello" };

  it("accepts the required fields, trims them and drops an empty phone", () => {
    expect(parseContact(valid)).toEqual({ ok: true, value: { name: "Dana", email: "dana@example.com", phone: undefined, company: "Cruz", message: "Hello" } });
  });

  it("answers the spec's message when a required field is missing or blank", () => {
    for (const field of ["name", "email", "company", "message"]) {
      const result = parseContact({ ...valid, [field]: field === "name" ? undefined : "   " });
      expect(result).toMatchObject({ ok: false, error: CONTACT_REQUIRED, fieldErrors: { [field]: CONTACT_REQUIRED } });
    }
  });

  it("explains an invalid e-mail address", () => {
    expect(parseContact({ ...valid, email: "nope" })).toMatchObject({ ok: false, error: "Please enter a valid email address." });
  });
});
