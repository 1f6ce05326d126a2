// The outcome of a lead action: a value, or an HTTP-ish failure the route turns into a response
// (400 invalid input, 404 not in this business, 409 changed meanwhile).
export type LeadFailure = { ok: false; status: 400 | 404 | 409 | 502; error: string };
export type LeadResult<T> = { ok: true; value: T } | LeadFailure;

export const LEAD_NOT_FOUND = "Lead not found";

export function fail(status: LeadFailure["status"], error: string): LeadFailure {
  return { ok: false, status, error };
}
export function notFound(error = LEAD_NOT_FOUND): LeadFailure {
  return fail(404, error);
}
