// Shared pieces of the lead page's cards: the card frame, a label/value row and one form intent's feedback.
import { useActionData, type useLoaderData, useNavigation } from "@remix-run/react";
import { type ReactNode } from "react";
import { z } from "zod";
import { useSchemaForm, useResetOnSuccess } from "~/lib/forms";
import { cardClass, cardTitleClass } from "./classes";
import type { action, Intent, loader } from "~/routes/app.leads_.$leadId";

/** The lead page's loader data, as the browser receives it. */
export type LeadDetailData = ReturnType<typeof useLoaderData<typeof loader>>;

const unchecked = z.unknown();

/**
 * Feedback and reset for one intent's form. With the intent's schema the form is checked in the browser
 * (Conform) before it is sent: spread `formProps` on it; `error` is then the browser's or the server's.
 */
export function useIntentResult(intent: Intent, schema?: z.ZodType) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = actionData?.intent === intent ? actionData : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const conform = useSchemaForm(`lead-${intent}`, schema ?? unchecked, mine);
  const formRef = useResetOnSuccess(mine);
  return {
    formRef,
    busy,
    formProps: conform.formProps,
    error: schema ? conform.formError : mine && !mine.ok ? mine.error : null,
    notice: mine?.ok ? (mine.message ?? null) : null,
  };
}

export function Card({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    // scroll-mt: a card reached by a link (#status) is not hidden under the sticky top bars.
    <section id={id} aria-labelledby={`${id}-title`} className={`${cardClass} scroll-mt-36`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className={cardTitleClass}>
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="col-span-2 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
