// The careers apply modal (spec §2.12, §4, §5): all fields required, résumé PDF/DOC/DOCX up to 5 MB;
// after a successful submission a confirmation shows for 3 seconds, then the modal closes and clears.
// It stays mounted (the form keeps its state while sending) and opens the shared Dialog for a position.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import {
  CAREERS_CONFIRMATION_MS,
  CAREERS_SENT,
  JOB_POSITIONS,
  RESUME_ACCEPT,
  applicationFormSchema,
  applicationSummary,
  type JobPosition,
} from "#shared/public-site/careers.ts";
import type { clientAction } from "~/routes/_site.careers";
import { useFetcherForm, withoutKey } from "~/lib/forms";
import { focusRing, FormAlert } from "./ui";
import { Button } from "~/components/ui/Button";
import { ErrorList, inputClass, labelClass } from "~/components/forms";
import { Dialog } from "~/components/ui/Dialog";
import { Icon } from "~/components/ui/Icon";
import { X } from "lucide-react";

/** The page route whose clientAction hands the application (multipart, with the résumé) to POST /api/careers. */
const CAREERS_ACTION = "/careers";

export function ApplyModal({ position, onClose }: { position: JobPosition | null; onClose: () => void }) {
  const id = useId();
  const fetcher = useFetcher<typeof clientAction>({ key: "careers-apply" });
  // The confirmation shows for 3 seconds, then the modal closes and clears.
  const { form, fields, sending, sent, clear, formError } = useFetcherForm({
    id: `${id}-apply`,
    fetcher,
    schema: applicationFormSchema,
    summary: applicationSummary,
    successMs: CAREERS_CONFIRMATION_MS,
    afterSuccess: onClose,
  });

  function clearAndClose() {
    clear();
    onClose();
  }

  return (
    <Dialog
      open={position !== null}
      title={`Apply for ${position?.title ?? "a position"}`}
      onClose={clearAndClose}
      dismissible={!sending}
      size="lg"
      titleClassName="text-2xl font-bold text-slate-900"
      panelClassName="p-6 sm:p-8"
      titleAction={
        <button
          type="button"
          onClick={clearAndClose}
          className={`inline-flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 ${focusRing}`}
          aria-label="Close"
        >
          <Icon icon={X} strokeWidth={2} />
        </button>
      }
    >
      {sent ? (
        <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
          <p className="font-semibold">Application submitted!</p>
          <p className="mt-1">{CAREERS_SENT}</p>
        </div>
      ) : null}
      <fetcher.Form method="post" action={CAREERS_ACTION} encType="multipart/form-data" {...getFormProps(form)} hidden={sent} className="mt-6 space-y-5">
        <p className="text-sm text-slate-600">All fields are required.</p>
        <div>
          <label htmlFor={fields.position.id} className={labelClass}>
            Position
          </label>
          <select {...withoutKey(getSelectProps(fields.position))} key={position?.id ?? "none"} defaultValue={position?.id ?? ""} required className={inputClass}>
            {JOB_POSITIONS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
          <ErrorList id={fields.position.errorId} errors={fields.position.errors} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.name.id} className={labelClass}>
              Full name
            </label>
            <input {...withoutKey(getInputProps(fields.name, { type: "text" }))} key={fields.name.key} autoComplete="name" required className={inputClass} />
            <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <div>
            <label htmlFor={fields.email.id} className={labelClass}>
              Email
            </label>
            <input {...withoutKey(getInputProps(fields.email, { type: "email" }))} key={fields.email.key} autoComplete="email" required className={inputClass} />
            <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
          </div>
        </div>
        <div>
          <label htmlFor={fields.resume.id} className={labelClass}>
            Resume (PDF, DOC or DOCX, up to 5 MB)
          </label>
          <input
            {...withoutKey(getInputProps(fields.resume, { type: "file" }))}
            key={fields.resume.key}
            accept={RESUME_ACCEPT}
            required
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          <ErrorList id={fields.resume.errorId} errors={fields.resume.errors} />
        </div>
        <div>
          <label htmlFor={fields.coverLetter.id} className={labelClass}>
            Cover letter
          </label>
          <textarea {...withoutKey(getTextareaProps(fields.coverLetter))} key={fields.coverLetter.key} rows={5} required className={inputClass} />
          <ErrorList id={fields.coverLetter.errorId} errors={fields.coverLetter.errors} />
        </div>
        <FormAlert id={form.errorId} message={formError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" onClick={clearAndClose} variant="secondary" size="lg">
            Cancel
          </Button>
          <Button type="submit" loading={sending} size="lg">
            {sending ? "Submitting..." : "Submit Application"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
