// Zod issues → one message per field (the first one, server/forms/action-result.ts), for input that is
// not a form post (the REST API's bodies and queries). Forms use parseFormData. Pure.
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "../forms/action-result.ts";

export type { FieldErrors };

/** The parse: the value, or one message per field (kept as `errors` for its callers). */
export type FormParse<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

export function parseForm<S extends z.ZodType>(schema: S, input: unknown): FormParse<z.output<S>, string> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
}
