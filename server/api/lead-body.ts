// POST /api/v1/leads: the JSON body → the manual-lead form's fields (server/leads/lead-input.ts), so the
// API validates exactly like the "Add a lead" form, but answers every invalid field at once. Pure.
import { parseForm } from "../shared/businesses/form-errors.ts";
import { manualLeadSchema, type ManualLeadInput } from "../shared/leads/lead-input.ts";

/** API field → the manual-lead form's field. */
const FORM_FIELD: Record<string, string> = {
  name: "name",
  email: "email",
  phone: "phone",
  company: "company",
  serviceType: "serviceType",
  buildingSizeSqFt: "buildingSize",
  frequency: "frequency",
  monthlyBudget: "budget",
  timeline: "timeline",
  note: "note",
};
const API_FIELD: Record<string, string> = Object.fromEntries(Object.entries(FORM_FIELD).map(([api, form]) => [form, api]));

export const LEAD_BODY_FIELDS = Object.keys(FORM_FIELD);

export type LeadBodyCheck =
  | { ok: true; form: Record<string, string>; value: ManualLeadInput }
  | { ok: false; fields: Record<string, string> };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks a parsed JSON body. Text fields take strings; buildingSizeSqFt and monthlyBudget (dollars)
 * also take numbers; null or a missing field is "not given". Unknown fields are ignored.
 */
export function checkLeadBody(body: unknown): LeadBodyCheck {
  if (!isPlainObject(body)) return { ok: false, fields: { body: "The request body must be a JSON object" } };
  const form: Record<string, string> = {};
  const typeErrors: Record<string, string> = {};
  for (const [apiField, formField] of Object.entries(FORM_FIELD)) {
    const value = body[apiField];
    if (value === undefined || value === null) continue;
    const numeric = apiField === "buildingSizeSqFt" || apiField === "monthlyBudget";
    if (typeof value === "string") form[formField] = value;
    else if (numeric && typeof value === "number" && Number.isFinite(value)) form[formField] = String(value);
    else typeErrors[apiField] = numeric ? `${apiField} must be a number or a string` : `${apiField} must be a string`;
  }
  const parsed = parseForm(manualLeadSchema, form);
  const fields: Record<string, string> = {};
  if (!parsed.ok) {
    for (const [formField, message] of Object.entries(parsed.errors)) {
      // The "email or phone" rule belongs to no single field: it is reported on email.
      const apiField = API_FIELD[formField] ?? "email";
      if (message && !fields[apiField]) fields[apiField] = message;
    }
  }
  Object.assign(fields, typeErrors);
  if (Object.keys(fields).length > 0 || !parsed.ok) return { ok: false, fields };
  return { ok: true, form, value: parsed.value };
}
