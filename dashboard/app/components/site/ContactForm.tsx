// The contact form (spec §4, §5, §8): idle → 'Sending...' → success for 3 seconds, then the fields clear
// and the form returns; 'There was an error submitting your message. Please try again.' on failure.
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { CONTACT_REQUIRED, CONTACT_SENT, CONTACT_SUCCESS_MS, contactSchema, type ContactField } from "#shared/public-site/contact.ts";
import { requiredFirst } from "#shared/forms/action-result.ts";
import type { clientAction } from "~/routes/_site.contact";
import { useFetcherForm, withoutKey } from "~/lib/forms";
import { Button } from "~/components/ui/Button";
import { inputClass, labelClass } from "~/components/forms";
import { FormAlert } from "./ui";

/** The page route whose clientAction hands the form to POST /api/contact. */
const CONTACT_ACTION = "/contact";

const FIELDS: { name: Exclude<ContactField, "message">; label: string; type: "text" | "email" | "tel"; required: boolean; autoComplete: string }[] = [
  { name: "name", label: "Name", type: "text", required: true, autoComplete: "name" },
  { name: "email", label: "Email", type: "email", required: true, autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", required: false, autoComplete: "tel" },
  { name: "company", label: "Company", type: "text", required: true, autoComplete: "organization" },
];

export function ContactForm() {
  const id = useId();
  const fetcher = useFetcher<typeof clientAction>({ key: "contact-form" });
  // Success shows for 3 seconds, then the fields clear and the form returns.
  const { form, fields, sending, sent, formError } = useFetcherForm({
    id: `${id}-contact`,
    fetcher,
    schema: contactSchema,
    summary: requiredFirst(CONTACT_REQUIRED),
    successMs: CONTACT_SUCCESS_MS,
  });

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900">
        Send us a message
      </h2>
      {sent ? (
        <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
          <p className="font-semibold">Message sent!</p>
          <p className="mt-1">{CONTACT_SENT}</p>
        </div>
      ) : null}
      <fetcher.Form
        method="post"
        action={CONTACT_ACTION}
        {...getFormProps(form)}
        aria-labelledby={`${id}-heading`}
        hidden={sent}
        className="mt-6 space-y-5"
      >
        <p className="text-sm text-slate-600">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <div key={field.name}>
              <label htmlFor={fields[field.name].id} className={labelClass}>
                {field.label}
                {field.required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-slate-600"> (optional)</span>}
              </label>
              <input
                {...withoutKey(getInputProps(fields[field.name], { type: field.type }))}
                key={fields[field.name].key}
                autoComplete={field.autoComplete}
                required={field.required}
                className={inputClass}
              />
              {fields[field.name].errors ? (
                <p id={fields[field.name].errorId} className="mt-1 text-sm text-red-700">
                  {fields[field.name].errors![0]}
                </p>
              ) : null}
            </div>
          ))}
        </div>
        <div>
          <label htmlFor={fields.message.id} className={labelClass}>
            Message<span aria-hidden="true"> *</span>
          </label>
          <textarea {...withoutKey(getTextareaProps(fields.message))} key={fields.message.key} rows={5} required className={inputClass} />
          {fields.message.errors ? (
            <p id={fields.message.errorId} className="mt-1 text-sm text-red-700">
              {fields.message.errors[0]}
            </p>
          ) : null}
        </div>
        <FormAlert id={form.errorId} message={formError} />
        <Button type="submit" loading={sending} size="lg" className="w-full sm:w-auto">
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
