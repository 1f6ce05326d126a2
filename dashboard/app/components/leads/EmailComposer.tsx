// Send Quote / Send Info: an editor pre-filled from the lead's answers and the market price estimate
// (server/leads/lead-actions.ts defaultEmail). The owner's subject and body are what is sent; a bracketed
// placeholder left in is refused here and by the server. The draft is kept in sessionStorage per lead
// and kind, so a failed send, a closed dialog or a reload loses nothing typed; it is cleared once sent.
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { findPlaceholder } from "#shared/leads/lead-actions.ts";
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, type EmailKind } from "#shared/leads/lead-input.ts";
import { FormError } from "~/components/auth/AuthCard";
import { Dialog } from "~/components/ui/Dialog";
import { smallInputClass } from "./classes";
import { Button } from "~/components/ui/Button";
import { Field, TextField } from "~/components/forms";
import type { LeadActionData } from "~/routes/app.leads_.$leadId";

type Draft = { subject: string; body: string };

const draftKey = (leadId: string, kind: EmailKind) => `leadbroom:lead-email:${leadId}:${kind}`;

function readDraft(leadId: string, kind: EmailKind): Draft | null {
  try {
    const raw = sessionStorage.getItem(draftKey(leadId, kind));
    const value = raw ? (JSON.parse(raw) as Partial<Draft>) : null;
    return value && typeof value.subject === "string" && typeof value.body === "string" ? { subject: value.subject, body: value.body } : null;
  } catch {
    return null;
  }
}

function writeDraft(leadId: string, kind: EmailKind, draft: Draft | null) {
  try {
    if (draft) sessionStorage.setItem(draftKey(leadId, kind), JSON.stringify(draft));
    else sessionStorage.removeItem(draftKey(leadId, kind));
  } catch {
    // Storage unavailable (private mode): the dialog still keeps the text while it is open.
  }
}

export function EmailComposer({
  leadId,
  kind,
  to,
  template,
  onClose,
  onSent,
}: {
  leadId: string;
  kind: EmailKind;
  to: string;
  template: Draft;
  onClose: () => void;
  onSent: (notice: string) => void;
}) {
  // Its own fetcher per opening: a result from an earlier opening never closes this one.
  const fetcher = useFetcher<LeadActionData>();
  const [draft, setDraft] = useState<Draft>(template);
  const [checkError, setCheckError] = useState<string | null>(null);
  const subjectId = useId();
  const bodyId = useId();
  const label = kind === "quote" ? "Send Quote" : "Send Info";

  // The saved draft (after hydration: sessionStorage is the browser's).
  useEffect(() => {
    const saved = readDraft(leadId, kind);
    if (saved) setDraft(saved);
  }, [leadId, kind]);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const sending = fetcher.state !== "idle";
  useEffect(() => {
    if (result?.intent !== "email" || !result.ok || !result.message) return;
    writeDraft(leadId, kind, null);
    onSent(result.message);
  }, [result, leadId, kind, onSent]);

  function update(next: Draft) {
    setDraft(next);
    setCheckError(null);
    writeDraft(leadId, kind, next);
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const placeholder = findPlaceholder(draft.subject) ?? findPlaceholder(draft.body);
    if (!draft.subject.trim()) return setCheckError("Please enter a subject");
    if (!draft.body.trim()) return setCheckError("Please write a message");
    if (placeholder) return setCheckError(`Replace ${placeholder} with your own words before sending`);
    fetcher.submit({ intent: "email", kind, subject: draft.subject, body: draft.body }, { method: "post" });
  }

  const error = checkError ?? (result?.intent === "email" && !result.ok ? result.error : null);
  return (
    <Dialog title={label} onClose={onClose} initialFocus="title">
      { (
        <form method="post" onSubmit={submit} className="mt-4 space-y-3" noValidate data-testid="email-composer">
          <input type="hidden" name="intent" value="email" />
          <input type="hidden" name="kind" value={kind} />
          <p className="text-sm break-all text-slate-700">To: {to}</p>
          <FormError message={error} />
          <TextField
            field={{ id: subjectId, name: "subject" }}
            label="Subject"
            value={draft.subject}
            onChange={(e) => update({ ...draft, subject: e.target.value })}
            maxLength={EMAIL_SUBJECT_MAX}
            inputClassName={smallInputClass}
          />
          <Field field={{ id: bodyId, name: "body" }} label="Message">
            <textarea
              id={bodyId}
              name="body"
              rows={12}
              value={draft.body}
              onChange={(e) => update({ ...draft, body: e.target.value })}
              maxLength={EMAIL_BODY_MAX}
              className={`${smallInputClass} max-h-[50vh]`}
            />
            <p className="mt-1 text-xs text-slate-600">Check the price and details: what you write here is what the lead receives. Text in [brackets] must be replaced.</p>
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={sending}>
              {sending ? "Sending..." : label}
            </Button>
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
