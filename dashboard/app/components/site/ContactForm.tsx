// The contact form (spec §4, §5, §8): idle → 'Sending...' → success for 3 seconds, then the fields clear
// and the form returns; 'There was an error submitting your message. Please try again.' on failure.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { CONTACT_FAILED, CONTACT_SENT, CONTACT_SUCCESS_MS, parseContact, type ContactField, type ContactResult } from "../../../../server/public-site/contact.ts";
import { Button } from "~/components/ui/Button";

type Status = { state: "idle" } | { state: "sending" } | { state: "sent" } | { state: "error"; message: string };

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";
const labelClass = "block text-sm font-medium text-slate-800";

const FIELDS: { name: ContactField; label: string; type: string; required: boolean; autoComplete: string }[] = [
  { name: "name", label: "Name", type: "text", required: true, autoComplete: "name" },
  { name: "email", label: "Email", type: "email", required: true, autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", required: false, autoComplete: "tel" },
  { name: "company", label: "Company", type: "text", required: true, autoComplete: "organization" },
];

export function ContactForm() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ContactField, string>>>({});

  // Success shows for 3 seconds, then the fields clear and the form returns.
  useEffect(() => {
    if (status.state !== "sent") return;
    const timer = window.setTimeout(() => {
      formRef.current?.reset();
      setStatus({ state: "idle" });
    }, CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [status.state]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = parseContact(Object.fromEntries(form));
    if (!parsed.ok) {
      setFieldErrors(parsed.fieldErrors ?? {});
      setStatus({ state: "error", message: parsed.error });
      return;
    }
    setFieldErrors({});
    setStatus({ state: "sending" });
    try {
      const response = await fetch("/api/contact", { method: "POST", body: new URLSearchParams(form as unknown as Record<string, string>) });
      const result = (await response.json().catch(() => null)) as ContactResult | null;
      if (response.ok && result?.ok) {
        setStatus({ state: "sent" });
        return;
      }
      const failure = result && !result.ok ? result : null;
      setFieldErrors(failure?.fieldErrors ?? {});
      setStatus({ state: "error", message: failure && response.status < 500 ? failure.error : CONTACT_FAILED });
    } catch {
      setStatus({ state: "error", message: CONTACT_FAILED });
    }
  }

  const sending = status.state === "sending";
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900">
        Send us a message
      </h2>
      {status.state === "sent" ? (
        <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
          <p className="font-semibold">Message sent!</p>
          <p className="mt-1">{CONTACT_SENT}</p>
        </div>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-heading`}
        hidden={status.state === "sent"}
        className="mt-6 space-y-5"
      >
        <p className="text-sm text-slate-600">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <div key={field.name}>
              <label htmlFor={`${id}-${field.name}`} className={labelClass}>
                {field.label}
                {field.required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-slate-600"> (optional)</span>}
              </label>
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.required}
                aria-invalid={fieldErrors[field.name] ? true : undefined}
                aria-describedby={fieldErrors[field.name] ? `${id}-${field.name}-error` : undefined}
                className={inputClass}
              />
              {fieldErrors[field.name] ? (
                <p id={`${id}-${field.name}-error`} className="mt-1 text-sm text-red-700">
                  {fieldErrors[field.name]}
                </p>
              ) : null}
            </div>
          ))}
        </div>
        <div>
          <label htmlFor={`${id}-message`} className={labelClass}>
            Message<span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={5}
            required
            aria-invalid={fieldErrors.message ? true : undefined}
            aria-describedby={fieldErrors.message ? `${id}-message-error` : undefined}
            className={inputClass}
          />
          {fieldErrors.message ? (
            <p id={`${id}-message-error`} className="mt-1 text-sm text-red-700">
              {fieldErrors.message}
            </p>
          ) : null}
        </div>
        {status.state === "error" ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {status.message}
          </p>
        ) : null}
        <Button type="submit" loading={sending} size="lg" className="w-full sm:w-auto">
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </form>
    </div>
  );
}
