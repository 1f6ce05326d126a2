// Shared pieces of the settings sections: the card, status messages, field errors and the Conform form
// of a section (its Zod schema runs in the browser before submitting; the server runs it again with
// parseFormData). Every settings action answers `{ intent } & ActionResult` (decision 0032).
import { useForm } from "@conform-to/react";
import { useActionData, type useFetcher } from "@remix-run/react";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { toSubmission, validateWith, type ActionResult, type FieldErrors } from "#shared/forms/action-result.ts";
import { cardClass } from "~/components/chatbot/ui";
import { CopySnippet } from "~/components/chatbot/CopySnippet";
import { Button } from "~/components/ui/Button";

export { ErrorList, fieldProps, focusRing, inputClass, labelClass, selectClass } from "~/components/forms";
export { cardClass } from "~/components/chatbot/ui";

/** What every settings action answers: the one action result, tagged with the form's intent. */
export type SettingsActionResult<T = undefined> = { intent: string } & ActionResult<T>;

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
export function ResultMessage({ result }: { result: ActionResult<unknown> | null | undefined }) {
  if (!result) return null;
  if (result.ok) {
    return result.message ? (
      <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
        {result.message}
      </p>
    ) : null;
  }
  return result.error ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {result.error}
    </p>
  ) : null;
}

/** A row's one-button action (revoke, remove): asks first, then posts its hidden fields by the fetcher. */
export function ConfirmButtonForm(props: {
  Form: ReturnType<typeof useFetcher>["Form"];
  action?: string;
  question: string;
  fields: Record<string, string>;
  busy: boolean;
  /** Show the busy state as a spinner (else the button is only disabled). */
  spinner?: boolean;
  children: ReactNode;
}) {
  const { Form } = props;
  return (
    <Form
      method="post"
      action={props.action}
      onSubmit={(event) => {
        if (!window.confirm(props.question)) event.preventDefault();
      }}
    >
      {Object.entries(props.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" loading={props.spinner ? props.busy : undefined} disabled={props.spinner ? undefined : props.busy} variant="danger" size="sm">
        {props.children}
      </Button>
    </Form>
  );
}

/**
 * A section's form on Conform: the shared schema validates on submit (an invalid form is not sent, its
 * field errors show at once and focus moves to the first invalid field); the server's answer comes back
 * as Conform's lastResult. `errors` are the browser's while its last check failed, else the server's.
 */
export function useSectionForm<R extends SettingsActionResult<unknown>>(options: {
  id: string;
  schema: z.ZodType;
  fetcher: ReturnType<typeof useFetcher<R>>;
  intents: readonly string[];
  /** The last result without a plain form post's action data (a fetcher posting to another route). */
  fetcherOnly?: boolean;
  /** A form-level message the browser shows when its check fails (default: none, the fields say it). */
  summary?: (errors: FieldErrors) => string;
}) {
  const sectionResult = useSectionResult(options.fetcher, options.intents);
  const result = options.fetcherOnly ? (options.fetcher.state === "idle" ? options.fetcher.data : undefined) : sectionResult;
  const lastResult = useMemo(() => toSubmission(result), [result]);
  // No form-level summary in the browser unless asked for: the fields say what is wrong.
  const [form] = useForm({ id: options.id, lastResult, onValidate: validateWith(options.schema, options.summary ?? (() => "")), shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
  const [clientFailed, setClientFailed] = useState(false);
  const clientErrors: FieldErrors = {};
  for (const [name, messages] of Object.entries(form.allErrors)) if (name && messages[0]) clientErrors[name] = messages[0];
  const errors = clientFailed ? clientErrors : result && !result.ok ? result.fieldErrors : undefined;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    setClientFailed(event.defaultPrevented);
  }
  return {
    result,
    errors,
    /** The browser's summary while its last check failed, else the server's refusal. */
    formError: clientFailed ? form.errors?.[0] : result && !result.ok ? result.error : undefined,
    clientFailed,
    formProps: { id: form.id, noValidate: true, onSubmit },
    /** After the native form reset: forget the browser's errors. */
    clearClientErrors: () => setClientFailed(false),
  };
}

/**
 * The last result of a section's form: its fetcher's answer, or (a plain form post without JavaScript)
 * the route's action data when it answered one of the section's intents.
 */
export function useSectionResult<R extends SettingsActionResult<unknown>>(
  fetcher: ReturnType<typeof useFetcher<R>>,
  intents: readonly string[],
): R | undefined {
  const actionData = useActionData<R>();
  if (fetcher.state !== "idle") return undefined;
  if (fetcher.data) return fetcher.data;
  return actionData && intents.includes(actionData.intent) ? actionData : undefined;
}

/** A secret (an API key, a webhook signing secret) shown once with a copy button, until Done. */
export function OneTimeSecret({ testId, text, secret, copyLabel, onDone }: { testId: string; text: ReactNode; secret: string; copyLabel: string; onDone: () => void }) {
  return (
    <div className="mb-5 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid={testId}>
      <p className="text-sm font-semibold text-amber-900">{text}</p>
      <CopySnippet snippet={secret} confirmation="Copied!" buttonLabel={copyLabel} />
      <Button type="button" variant="secondary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/** The answer to a plain form post (no JavaScript) shown above its section: the result, a new secret once. */
export function PlainPostResult({ result, secret, copyLabel }: { result: ActionResult<unknown> | undefined; secret: string | undefined; copyLabel: string }) {
  if (!result) return null;
  return (
    <div className="space-y-3">
      <ResultMessage result={result} />
      {secret ? <CopySnippet snippet={secret} confirmation="Copied!" buttonLabel={copyLabel} /> : null}
    </div>
  );
}
