import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loginSchema } from "../auth/validation.ts";
import { failure, failureStatus, parseFormData, requiredFirst, success, toSubmission, validateWith } from "./action-result.ts";

const REQUIRED = "Please fill in all required fields";
const schema = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED),
  email: z.string({ error: REQUIRED }).pipe(z.email("Please enter a valid email address.")),
});
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

describe("the one action result shape", () => {
  it("parses form data with the shared schema: empty fields are missing, the summary names them", () => {
    expect(parseFormData(form({ name: "Dana", email: "dana@example.com" }), schema)).toEqual({ ok: true, value: { name: "Dana", email: "dana@example.com" } });
    expect(parseFormData(form({ name: "", email: "nope" }), schema, requiredFirst(REQUIRED))).toEqual({
      ok: false,
      error: REQUIRED,
      fieldErrors: { name: REQUIRED, email: "Please enter a valid email address." },
    });
    expect(parseFormData(form({ name: "Dana", email: "nope" }), schema, requiredFirst(REQUIRED))).toMatchObject({ error: "Please enter a valid email address." });
  });

  it("keeps a rule schema's one form-level message and its order of checks", () => {
    expect(parseFormData(form({ email: "", password: "x" }), loginSchema)).toEqual({ ok: false, error: "Please fill in all fields" });
    expect(parseFormData(form({ email: "a@b", password: "x" }), loginSchema)).toEqual({ ok: false, error: "Invalid email address" });
  });

  it("gives Conform its SubmissionResult without sending values back (nothing typed is lost)", () => {
    expect(toSubmission(success())).toEqual({ status: "success" });
    expect(toSubmission(failure("Try again", { email: "Bad" }))).toEqual({ status: "error", error: { "": ["Try again"], email: ["Bad"] } });
    expect(toSubmission(undefined)).toBeUndefined();
    expect(success({ id: 1 }, "Saved")).toEqual({ ok: true, data: { id: 1 }, message: "Saved" });
    expect(failure("Nope", {})).toEqual({ ok: false, error: "Nope" });
  });

  it("validates in the browser with the form-level summary under Conform's form key", () => {
    const submission = validateWith(schema, requiredFirst(REQUIRED))({ formData: form({ name: "", email: "x@example.com" }) });
    expect(submission).toMatchObject({ status: "error", error: { "": [REQUIRED], name: [REQUIRED] } });
  });

  it("maps domain reasons to HTTP statuses in the route layer", () => {
    expect([failureStatus("invalid"), failureStatus("not_found"), failureStatus("conflict"), failureStatus("upstream")]).toEqual([400, 404, 409, 502]);
  });
});
