// The careers apply modal (spec §2.12, §4, §5): all fields required, résumé PDF/DOC/DOCX up to 5 MB;
// after a successful submission a confirmation shows for 3 seconds, then the modal closes and clears.
// It stays mounted (the form keeps its state while sending) and opens the shared Dialog for a position.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Dialog } from "~/components/ui/Dialog";
import {
  CAREERS_CONFIRMATION_MS,
  CAREERS_FAILED,
  CAREERS_REQUIRED,
  CAREERS_SENT,
  JOB_POSITIONS,
  RESUME_ACCEPT,
  checkResumeMeta,
  parseApplication,
  type ApplicationField,
  type ApplicationResult,
  type JobPosition,
} from "../../../../server/public-site/careers.ts";
import { focusRing } from "./ui";
import { Button } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { X } from "lucide-react";

type Status = { state: "idle" } | { state: "sending" } | { state: "sent" } | { state: "error"; message: string };

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";
const labelClass = "block text-sm font-medium text-slate-800";

export function ApplyModal({ position, onClose }: { position: JobPosition | null; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ApplicationField, string>>>({});

  function clearAndClose() {
    formRef.current?.reset();
    setFieldErrors({});
    setStatus({ state: "idle" });
    onClose();
  }

  useEffect(() => {
    if (status.state !== "sent") return;
    const timer = window.setTimeout(clearAndClose, CAREERS_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.state]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => (typeof form.get(key) === "string" ? (form.get(key) as string) : undefined);
    const parsed = parseApplication({ position: text("position"), name: text("name"), email: text("email"), coverLetter: text("coverLetter") });
    const file = form.get("resume");
    const resumeError = checkResumeMeta(file instanceof File ? file : null);
    if (!parsed.ok || resumeError) {
      const errors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...(resumeError ? { resume: resumeError } : {}) };
      const messages = Object.values(errors);
      setFieldErrors(errors);
      setStatus({ state: "error", message: messages.includes(CAREERS_REQUIRED) ? CAREERS_REQUIRED : messages[0]! });
      return;
    }
    setFieldErrors({});
    setStatus({ state: "sending" });
    try {
      const response = await fetch("/api/careers", { method: "POST", body: form });
      const result = (await response.json().catch(() => null)) as ApplicationResult | null;
      if (response.ok && result?.ok) {
        setStatus({ state: "sent" });
        return;
      }
      const failure = result && !result.ok ? result : null;
      setFieldErrors(failure?.fieldErrors ?? {});
      setStatus({ state: "error", message: failure && response.status < 500 ? failure.error : CAREERS_FAILED });
    } catch {
      setStatus({ state: "error", message: CAREERS_FAILED });
    }
  }

  const field = (name: ApplicationField) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": fieldErrors[name] ? true : undefined,
    "aria-describedby": fieldErrors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: ApplicationField) =>
    fieldErrors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <Dialog
      open={position !== null}
      title={`Apply for ${position?.title ?? "a position"}`}
      onClose={clearAndClose}
      dismissible={status.state !== "sending"}
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
      {status.state === "sent" ? (
        <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
          <p className="font-semibold">Application submitted!</p>
          <p className="mt-1">{CAREERS_SENT}</p>
        </div>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} hidden={status.state === "sent"} className="mt-6 space-y-5">
        <p className="text-sm text-slate-600">All fields are required.</p>
        <div>
          <label htmlFor={`${id}-position`} className={labelClass}>
            Position
          </label>
          <select {...field("position")} key={position?.id ?? "none"} defaultValue={position?.id ?? ""} required className={inputClass}>
            {JOB_POSITIONS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
          {error("position")}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>
              Full name
            </label>
            <input {...field("name")} type="text" autoComplete="name" required className={inputClass} />
            {error("name")}
          </div>
          <div>
            <label htmlFor={`${id}-email`} className={labelClass}>
              Email
            </label>
            <input {...field("email")} type="email" autoComplete="email" required className={inputClass} />
            {error("email")}
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-resume`} className={labelClass}>
            Resume (PDF, DOC or DOCX, up to 5 MB)
          </label>
          <input
            {...field("resume")}
            type="file"
            accept={RESUME_ACCEPT}
            required
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          {error("resume")}
        </div>
        <div>
          <label htmlFor={`${id}-coverLetter`} className={labelClass}>
            Cover letter
          </label>
          <textarea {...field("coverLetter")} rows={5} required className={inputClass} />
          {error("coverLetter")}
        </div>
        {status.state === "error" ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {status.message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" onClick={clearAndClose} variant="secondary" size="lg">
            Cancel
          </Button>
          <Button type="submit" loading={status.state === "sending"} size="lg">
            {status.state === "sending" ? "Submitting..." : "Submit Application"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
