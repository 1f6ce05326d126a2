// The browser half of the JSON form endpoints (/api/contact, /api/careers): a page's clientAction hands
// the submitted form to the endpoint and answers its ActionResult, checked (never cast), so the form
// can use useFetcher<typeof clientAction> and Conform's lastResult. A failed request or an answer that
// is not an ActionResult becomes `failure(fallback)`, the spec's "try again" message.
import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ZodObject, ZodType, input, output } from "zod";
import { failure, readActionResult, toSubmission, validateWith, type ActionResult, type FieldErrors } from "#shared/forms/action-result.ts";

export async function forwardForm(request: Request, endpoint: string, fallback: string): Promise<ActionResult<unknown>> {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded", Accept: "application/json" },
      body: await request.arrayBuffer(),
      credentials: "same-origin",
    });
    return await readActionResult(response, fallback);
  } catch {
    return failure(fallback);
  }
}

/** Conform's field props without `key` (React warns when a spread object carries one; pass it apart). */
export function withoutKey<P extends { key?: unknown }>(props: P): Omit<P, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/**
 * A fetcher's state for Conform: `sending` while the request and the reload after it run, the settled
 * ActionResult, and the same result as Conform's `lastResult` (memoised: a new object on every render
 * would make Conform report it again and again).
 */
export function useFetcherResult<R extends ActionResult<unknown>>(fetcher: { state: string; data?: R | undefined }) {
  const sending = fetcher.state !== "idle";
  const result = sending ? undefined : fetcher.data;
  const lastResult = useMemo(() => toSubmission(result), [result]);
  return { sending, result, lastResult };
}

/**
 * Conform for a form whose shared schema carries one form-level message (the auth forms' spec rules):
 * validated in the browser on submit, then `result` (the action's ActionResult) is shown.
 */
export function useSchemaForm<S extends ZodType>(id: string, schema: S, result: ActionResult<unknown> | undefined) {
  const lastResult = useMemo(() => toSubmission(result), [result]);
  const [form, fields] = useForm({ id, lastResult, onValidate: validateWith(schema), shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
  return { form, fields, formProps: getFormProps(form), formError: form.errors?.[0] ?? null, errorId: form.errorId };
}

/**
 * A public form on a fetcher (contact, careers): Conform with the shared schema and the spec's summary
 * message, `sending` while the request runs, and after a success `sent` for `successMs`, then the form
 * clears (`afterSuccess` runs too, e.g. to close a modal). `clear` empties it at once.
 */
export function useFetcherForm<S extends ZodObject>(options: {
  id: string;
  fetcher: { state: string; data?: ActionResult<unknown> | undefined };
  schema: S;
  summary: (errors: FieldErrors) => string;
  successMs: number;
  afterSuccess?: () => void;
}) {
  const { sending, result, lastResult } = useFetcherResult(options.fetcher);
  const [form, fields] = useForm<input<S>, output<S>>({
    id: options.id,
    lastResult,
    onValidate: validateWith(options.schema, options.summary),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const [sent, setSent] = useState<object | null>(null);
  useEffect(() => {
    if (result?.ok) setSent(result);
  }, [result]);
  function clear() {
    form.reset();
    setSent(null);
  }
  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => {
      clear();
      options.afterSuccess?.();
    }, options.successMs);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent]);
  return { form, fields, sending, sent: sent !== null, clear, formError: sent ? undefined : form.errors?.[0] };
}

/** The ref of a form that empties itself once its action succeeded; a refusal keeps what was typed. */
export function useResetOnSuccess(result: { ok: boolean } | null | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return formRef;
}
