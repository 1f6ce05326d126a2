// The one result shape of every form action and JSON form endpoint (decision 0032), and the bridge to
// Conform: a route answers ActionResult; the browser hands it to Conform's useForm as `lastResult`
// through toSubmission(). Pure: no server imports, safe in the browser.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/** One message per field (the first one Zod reports), keyed by the form field's name. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type ActionSuccess<T = undefined> = { ok: true; data?: T; message?: string };
export type ActionFailure<K extends string = string> = { ok: false; error: string; fieldErrors?: FieldErrors<K> };
/** Success with optional data and message, or a form-level error with optional per-field errors. */
export type ActionResult<T = undefined, K extends string = string> = ActionSuccess<T> | ActionFailure<K>;

export function success<T = undefined>(data?: T, message?: string): ActionSuccess<T> {
  const result: ActionSuccess<T> = { ok: true };
  if (data !== undefined) result.data = data;
  if (message !== undefined) result.message = message;
  return result;
}

export function failure<K extends string = string>(error: string, fieldErrors?: FieldErrors<K>): ActionFailure<K> {
  return fieldErrors && Object.keys(fieldErrors).length > 0 ? { ok: false, error, fieldErrors } : { ok: false, error };
}

/** Zod issues → the first message per top-level field ("form" for issues on the whole object). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A domain value parsed from input, or the failure to show (the form-level error picked by `summary`). */
export type Parsed<T, K extends string = string> = { ok: true; value: T } | ActionFailure<K>;

/**
 * Validates `input` with `schema`. On failure the form-level error is `summary(fieldErrors)` when
 * given, else the first field's message.
 */
export function parseWith<S extends z.ZodType, K extends string = string>(
  schema: S,
  input: unknown,
  summary?: (errors: FieldErrors<K>) => string,
): Parsed<z.output<S>, K> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors = fieldErrorsOf(parsed.error) as FieldErrors<K>;
  const first = Object.values(fieldErrors)[0] as string | undefined;
  return { ok: false, error: summary ? summary(fieldErrors) : (first ?? "Invalid input"), fieldErrors };
}

/** The form-level message when any field is missing, else the first field's message. */
export function requiredFirst(required: string) {
  return (errors: FieldErrors): string => {
    const messages = Object.values(errors) as string[];
    return messages.includes(required) ? required : (messages[0] ?? required);
  };
}

/**
 * An ActionResult as Conform's SubmissionResult, for useForm's `lastResult`: field errors under their
 * names, the form-level error under "" (Conform's form key). The typed values are kept (no initialValue
 * is sent back), so nothing the user typed is lost.
 */
export function toSubmission(result: ActionResult<unknown> | undefined | null): SubmissionResult<string[]> | undefined {
  if (!result) return undefined;
  if (result.ok) return { status: "success" };
  const error: Record<string, string[]> = { "": [result.error] };
  for (const [name, message] of Object.entries(result.fieldErrors ?? {})) if (message) error[name] = [message];
  return { status: "error", error };
}

/** Conform's error record (name → messages, "" for the form) → one message per field. */
function firstMessages(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (name && messages?.[0]) errors[name] = messages[0];
  return errors;
}

/**
 * Form data parsed with the shared schema the way Conform parses it in the browser (empty fields
 * become undefined), for the server side of a form.
 */
export function parseFormData<S extends z.ZodType, K extends string = string>(
  form: FormData | URLSearchParams,
  schema: S,
  summary?: (errors: FieldErrors<K>) => string,
): Parsed<z.output<S>, K> {
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<S> };
  const fieldErrors = firstMessages(submission.error) as FieldErrors<K>;
  const formError = submission.error?.[""]?.[0];
  const first = Object.values(fieldErrors)[0] as string | undefined;
  return failure(formError ?? (summary ? summary(fieldErrors) : (first ?? "Invalid input")), fieldErrors);
}

/**
 * Conform's onValidate for a form: the shared schema, with the form-level summary (under "") the
 * spec asks for beside the per-field messages (a schema's own form-level issue wins).
 */
export function validateWith<S extends z.ZodType>(schema: S, summary?: (errors: FieldErrors) => string) {
  return ({ formData }: { formData: FormData }): Submission<z.input<S>, string[], z.output<S>> => {
    const submission = parseWithZod(formData, { schema }) as Submission<z.input<S>, string[], z.output<S>>;
    if (submission.status === "error" && submission.error) {
      const errors = firstMessages(submission.error);
      const first = Object.values(errors)[0];
      const message = summary ? summary(errors) : first;
      if (message && !submission.error[""]) submission.error[""] = [message];
    }
    return submission;
  };
}

const actionResultSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown().optional(), message: z.string().optional() }),
  z.object({ ok: z.literal(false), error: z.string(), fieldErrors: z.record(z.string(), z.string()).optional() }),
]);

/**
 * A response body read as an ActionResult, checked rather than cast: anything else (an HTML error
 * page, a 5xx) becomes `failure(fallback)`.
 */
export async function readActionResult(response: Response, fallback: string): Promise<ActionResult<unknown>> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = actionResultSchema.safeParse(body);
  if (!parsed.success || response.status >= 500) return failure(fallback);
  return parsed.data as ActionResult<unknown>;
}

/** Why a domain operation refused: the domain's word, not an HTTP status. */
export type FailureReason = "invalid" | "not_found" | "conflict" | "upstream" | "forbidden" | "too_large";

/** A domain function's refusal: its reason and the message to show. */
export type DomainFailure = { ok: false; reason: FailureReason; error: string };

export function refuse(reason: FailureReason, error: string): DomainFailure {
  return { ok: false, reason, error };
}

/** The HTTP status a route answers for a domain failure. */
export function failureStatus(reason: FailureReason): 400 | 403 | 404 | 409 | 413 | 502 {
  switch (reason) {
    case "forbidden":
      return 403;
    case "too_large":
      return 413;
    case "invalid":
      return 400;
    case "not_found":
      return 404;
    case "conflict":
      return 409;
    case "upstream":
      return 502;
  }
}
