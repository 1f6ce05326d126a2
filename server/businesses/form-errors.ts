// Zod issues → one message per form field (the first one), for the settings forms. Pure.
import type { z } from "zod";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type FormParse<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

export function parseForm<S extends z.ZodType>(schema: S, input: unknown): FormParse<z.output<S>, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
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
