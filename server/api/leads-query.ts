// GET /api/v1/leads query parameters: page, limit (≤ 100), priority, status. Pure. Unlike the
// workspace's URL (which falls back to "any"), the API answers a bad parameter with 400.
import { z } from "zod";
import { LEAD_PRIORITIES, LEAD_STATUSES } from "../shared/leads/lead-filters.ts";
import { parseForm } from "../shared/businesses/form-errors.ts";

export const API_DEFAULT_LIMIT = 25;
export const API_MAX_LIMIT = 100;
/** Offset pagination stays cheap: deeper pages are refused; narrow the filters instead. */
export const API_MAX_PAGE = 10_000;

export const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? String(fallback) : v.trim()))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `${name} must be a whole number from ${min} to ${max.toLocaleString("en-US")}`)
    .transform(Number);

export const optionalChoice = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim().toLowerCase()))
    .pipe(z.enum(values, { error: `${name} must be one of ${values.join(", ")}` }).optional());

const apiLeadQuerySchema = z.object({
  page: wholeNumber("page", 1, API_MAX_PAGE, 1),
  limit: wholeNumber("limit", 1, API_MAX_LIMIT, API_DEFAULT_LIMIT),
  priority: optionalChoice("priority", LEAD_PRIORITIES),
  status: optionalChoice("status", LEAD_STATUSES),
});

export type ApiLeadQuery = z.output<typeof apiLeadQuerySchema>;

export function parseApiLeadQuery(params: URLSearchParams): { ok: true; value: ApiLeadQuery } | { ok: false; fields: Record<string, string> } {
  const input: Record<string, string> = {};
  for (const name of ["page", "limit", "priority", "status"]) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  const parsed = parseForm(apiLeadQuerySchema, input);
  if (parsed.ok) return { ok: true, value: parsed.value };
  return { ok: false, fields: Object.fromEntries(Object.entries(parsed.errors).filter((e): e is [string, string] => typeof e[1] === "string")) };
}
