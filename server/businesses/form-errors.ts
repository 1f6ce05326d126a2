// Zod issues → one message per form field (the first one, server/forms/action-result.ts), for the
// settings forms. Pure.
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "../forms/action-result.ts";

export type { FieldErrors };

/** The settings forms' parse: the value, or one message per field (kept as `errors` for its callers). */
export type FormParse<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

export function parseForm<S extends z.ZodType>(schema: S, input: unknown): FormParse<z.output<S>, string> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
}

/** FormData → a plain record of its string fields (files and repeated fields are not settings fields). */
export function formFields(form: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") out[name] = value;
  }
  return out;
}
