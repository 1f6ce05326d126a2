// The chatbot's Installation tab: the websites allowed to show it, the snippet (copy it, or e-mail the
// instructions to the web person) and whether it has loaded on the owner's website yet. Every fact
// shown comes from the server; the verification ticks live (the "onboarding:updated" event).
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useResetOnSuccess } from "~/lib/forms";
import { allowedOriginsFormSchema } from "#shared/chatbots/settings.ts";
import { INSTRUCTIONS_NOTE_MAX, installInstructionsSchema } from "#shared/onboarding/install-instructions.ts";
import { FormError, FormNotice } from "~/components/auth/AuthCard";
import { useSectionForm } from "~/components/settings/ui";
import type { action } from "~/routes/app.chatbot";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { CopySnippet } from "./CopySnippet";
import { cardClass, inputClass, labelClass } from "./ui";
import { Button } from "~/components/ui/Button";
import { SaveButton } from "~/components/forms";

export type InstallationView = {
  allowedOrigins: string[];
  snippetShared: boolean;
  installedAt: string | null;
  installedOrigin: string | null;
  isActive: boolean;
};

export function InstallationPanel({
  view,
  snippet,
  canEdit,
  formatDate,
}: {
  view: InstallationView;
  snippet: string;
  canEdit: boolean;
  formatDate: (iso: string) => string;
}) {
  const revalidator = useRevalidator();
  useWorkspaceEvents({ "onboarding:updated": () => revalidator.revalidate() });
  return (
    <div className="space-y-6">
      <OriginsCard origins={view.allowedOrigins} canEdit={canEdit} />
      <SnippetCard snippet={snippet} canEdit={canEdit} shared={view.snippetShared} />
      <section id="verify" aria-labelledby="verify-heading" className={cardClass}>
        <h2 id="verify-heading" className="text-lg font-semibold text-slate-900">
          3. Verify the installation
        </h2>
        <div role="status" aria-live="polite" className="mt-2 text-sm">
          {view.installedAt ? (
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-green-800" data-testid="installation-verified">
              Installation verified: your chatbot loaded on {view.installedOrigin ?? "your website"} on {formatDate(view.installedAt)}.
            </p>
          ) : (
            <p className="text-slate-700" data-testid="installation-waiting">
              Waiting for your website. Once the snippet is on your site, open one of its pages: this ticks itself the first
              time your chatbot loads there{view.isActive ? "" : " (activate the chatbot first: an inactive chatbot does not load)"}.
            </p>
          )}
        </div>
      </section>
    </div>
  );
}

function OriginsCard({ origins, canEdit }: { origins: string[]; canEdit: boolean }) {
  const fetcher = useFetcher<typeof action>({ key: "chatbot-origins" });
  const { result, errors, formProps } = useSectionForm({ id: "chatbot-origins", schema: allowedOriginsFormSchema, fetcher, intents: ["origins"] });
  const error = errors?.allowedOrigins;
  const busy = fetcher.state !== "idle";
  return (
    <section id="allowed-origins" aria-labelledby="origins-heading" className={cardClass}>
      <h2 id="origins-heading" className="text-lg font-semibold text-slate-900">
        1. Your website's address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The websites allowed to show your chatbot, one per line (scheme and host, e.g. https://www.example.com).
      </p>
      {origins.length === 0 ? (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="origins-warning">
          Warning: no allowed origins are set, so any website can embed your chatbot with your site key. Add your website's address
          below to restrict it.
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">Allowed on: {origins.join(", ")}</p>
      )}
      {canEdit ? (
        <fetcher.Form method="post" className="mt-3 space-y-3" {...formProps}>
          <input type="hidden" name="intent" value="origins" />
          <div>
            <label htmlFor="allowed-origins-input" className={labelClass}>
              Allowed origins
            </label>
            <textarea
              id="allowed-origins-input"
              name="allowedOrigins"
              rows={3}
              defaultValue={origins.join("\n")}
              placeholder="https://www.example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "allowed-origins-error" : undefined}
              className={inputClass}
            />
            {error ? (
              <p id="allowed-origins-error" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <div role="status" aria-live="polite">
            {result?.ok ? <FormNotice message={result.message} /> : null}
          </div>
          <SaveButton busy={busy} label="Save allowed origins" />
        </fetcher.Form>
      ) : null}
    </section>
  );
}

function SnippetCard({ snippet, canEdit, shared }: { snippet: string; canEdit: boolean; shared: boolean }) {
  const copied = useFetcher<typeof action>({ key: "snippet-copied" });
  const mail = useFetcher<typeof action>({ key: "install-instructions" });
  const [emailOpen, setEmailOpen] = useState(false);
  const {
    result: mailResult,
    errors: mailErrors,
    formError: mailError,
    formProps: mailFormProps,
  } = useSectionForm({ id: "install-instructions", schema: installInstructionsSchema, fetcher: mail, intents: ["email-instructions"], summary: (errors) => Object.values(errors)[0] ?? "" });
  const sending = mail.state !== "idle";
  // Sent: the form clears (the address and note went out). A refusal keeps what was typed.
  const formRef = useResetOnSuccess(mailResult);
  function recordCopy() {
    if (canEdit && !shared && copied.state === "idle") copied.submit({ intent: "snippet-copied" }, { method: "post" });
  }
  return (
    <section id="snippet" aria-labelledby="snippet-heading" className={cardClass}>
      <h2 id="snippet-heading" className="text-lg font-semibold text-slate-900">
        2. Install the snippet
      </h2>
      <p className="mt-1 text-sm text-slate-600">Paste this snippet just before the closing &lt;/body&gt; tag of every page of your website.</p>
      <div className="mt-3">
        <CopySnippet snippet={snippet} confirmation="Code copied to clipboard!" onCopied={recordCopy} />
      </div>
      {canEdit ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          {!emailOpen ? (
            <Button type="button" variant="secondary" onClick={() => setEmailOpen(true)}>
              Email instructions to your web person
            </Button>
          ) : (
            <mail.Form method="post" ref={formRef} className="space-y-3" {...mailFormProps}>
              <input type="hidden" name="intent" value="email-instructions" />
              <h3 className="text-sm font-semibold text-slate-900">Email the instructions to your web person</h3>
              <FormError id="instructions-error" message={mailError} />
              <div role="status" aria-live="polite">
                {mailResult?.ok ? <FormNotice message={mailResult.message} /> : null}
              </div>
              <div>
                <label htmlFor="instructions-to" className={labelClass}>
                  Their email address
                </label>
                <input
                  id="instructions-to"
                  name="to"
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                  aria-invalid={mailErrors?.to ? true : undefined}
                  aria-describedby={mailErrors?.to ? "instructions-error" : undefined}
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor="instructions-note" className={labelClass}>
                  A note for them (optional)
                </label>
                <textarea
                  id="instructions-note"
                  name="note"
                  rows={2}
                  maxLength={INSTRUCTIONS_NOTE_MAX}
                  aria-invalid={mailErrors?.note ? true : undefined}
                  aria-describedby={mailErrors?.note ? "instructions-error" : undefined}
                  className={inputClass}
                />
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" loading={sending}>
                  {sending ? "Sending..." : "Send instructions"}
                </Button>
                <Button type="button" variant="secondary" onClick={() => setEmailOpen(false)}>
                  Close
                </Button>
              </div>
            </mail.Form>
          )}
        </div>
      ) : null}
    </section>
  );
}
