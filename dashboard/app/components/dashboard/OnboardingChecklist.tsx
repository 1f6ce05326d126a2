// The dashboard's first-run checklist (issue 14): six steps from stored facts, each linking to where it
// is done. Ticks live when the widget first loads on the owner's site, a test conversation is opened or
// the first lead arrives (the dashboard revalidates on those events). Dismissible; Settings shows it again.
import { Link, useFetcher } from "@remix-run/react";
import { useId } from "react";
import type { Onboarding } from "#server/onboarding/checklist.ts";
import { openTestWindow } from "~/components/chatbot/test-window";
import { Icon } from "~/components/ui/Icon";
import { ProgressBar } from "~/components/ui/ProgressBar";
import { Check } from "lucide-react";
import { focusRing } from "~/components/forms";



export function OnboardingChecklist({ onboarding }: { onboarding: Onboarding }) {
  const headingId = useId();
  const dismiss = useFetcher<{ ok: boolean; message?: string }>({ key: "onboarding-dismiss" });
  const failed = dismiss.state === "idle" && dismiss.data && !dismiss.data.ok ? dismiss.data.message : null;
  const total = onboarding.steps.length;
  const next = onboarding.steps.find((step) => !step.done);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="onboarding">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Get your chatbot live
          </h2>
          <p className="mt-0.5 text-sm text-slate-600" data-testid="onboarding-progress">
            {onboarding.doneCount} of {total} steps done
          </p>
        </div>
        <dismiss.Form method="post">
          <input type="hidden" name="intent" value="dismiss-onboarding" />
          <button
            type="submit"
            disabled={dismiss.state !== "idle"}
            className={`cursor-pointer rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60 ${focusRing}`}
          >
            {dismiss.state !== "idle" ? "Hiding..." : "Hide checklist"}
          </button>
        </dismiss.Form>
      </div>
      {failed ? (
        <p role="alert" className="mx-5 mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failed}
        </p>
      ) : null}
      <ProgressBar className="mx-5 mt-4" label="Setup progress" value={onboarding.doneCount} max={total} />
      <ol className="divide-y divide-slate-100 px-5 py-2">
        {onboarding.steps.map((step, index) => (
          <li key={step.key} data-step={step.key} data-done={step.done ? "true" : "false"} className="flex items-start gap-3 py-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                step.done ? "bg-emerald-600 text-white" : step === next ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"
              }`}
            >
              {step.done ? (
                <Icon icon={Check} strokeWidth={3} className="h-4 w-4" />
              ) : (
                index + 1
              )}
            </span>
            {/* On a phone the action stacks under the text (a side column squeezed each step to 110 px). */}
            <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5 sm:flex-row sm:gap-3">
            <div className="min-w-0 flex-1">
              <p className={`font-medium ${step.done ? "text-slate-700" : "text-slate-900"}`}>
                <span className="sr-only">{step.done ? "Done: " : "To do: "}</span>
                {step.title}
              </p>
              <p className="mt-0.5 text-sm break-words text-slate-600">{step.description}</p>
            </div>
            {step.done ? null : step.external ? (
              <a
                href={step.href}
                target="_blank"
                rel="noopener"
                onClick={openTestWindow}
                className={`shrink-0 rounded-md text-sm font-semibold text-brand-700 underline hover:text-brand-900 ${focusRing}`}
              >
                {step.action}
                <span className="sr-only"> (opens a new window)</span>
              </a>
            ) : (
              <Link to={step.href} className={`shrink-0 rounded-md text-sm font-semibold text-brand-700 underline hover:text-brand-900 ${focusRing}`}>
                {step.action}
              </Link>
            )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
