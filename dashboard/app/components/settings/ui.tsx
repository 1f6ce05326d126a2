// Shared pieces of the settings sections: the card, status messages, field errors and the hook that
// runs a form's Zod schema in the browser before submitting (the server runs the same schema again).
import { useActionData, type useFetcher } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { parseForm, type FieldErrors } from "../../../../server/businesses/form-errors.ts";
import { cardClass } from "~/components/chatbot/ui";

export { cardClass, focusRing, inputClass, labelClass, selectClass } from "~/components/chatbot/ui";

/** What every settings action answers. */
export type SettingsActionResult = {
  intent: string;
  ok: boolean;
  message: string;
  errors?: FieldErrors;
};

export function SectionCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Success (role=status) or failure (role=alert) of the last submission. */
export function ResultMessage({ result }: { result: { ok: boolean; message: string } | null | undefined }) {
  if (!result?.message) return null;
  return result.ok ? (
    <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      {result.message}
    </p>
  ) : (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {result.message}
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** Props wiring an input to its error (aria-invalid, aria-describedby). */
export function fieldProps(prefix: string, name: string, errors: FieldErrors | undefined) {
  const id = `${prefix}-${name}`;
  const errorId = `${id}-error`;
  const error = errors?.[name];
  return {
    id,
    errorId,
    error,
    input: { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined },
  };
}

/**
 * Validates the form with its schema on submit: invalid forms are not sent and show the field errors
 * at once (focus moves to the first invalid field). Server errors replace them after a round trip.
 */
export function useSchemaValidation(schema: z.ZodType, fields: readonly string[]) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const input: Record<string, string> = {};
    for (const name of fields) {
      const value = form.get(name);
      if (typeof value === "string") input[name] = value;
    }
    const parsed = parseForm(schema, input);
    if (parsed.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(parsed.errors);
    const first = Object.keys(parsed.errors)[0];
    if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus?.();
  }
  return { clientErrors, setClientErrors, onSubmit };
}

/**
 * The last result of a section's form: its fetcher's answer, or (a plain form post without JavaScript)
 * the route's action data when it answered one of the section's intents.
 */
export function useSectionResult(
  fetcher: ReturnType<typeof useFetcher<SettingsActionResult>>,
  intents: readonly string[],
): SettingsActionResult | undefined {
  const actionData = useActionData<SettingsActionResult>();
  if (fetcher.state !== "idle") return undefined;
  if (fetcher.data) return fetcher.data;
  return actionData && intents.includes(actionData.intent) ? actionData : undefined;
}
