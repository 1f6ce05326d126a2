// The lead page's e-mail card: the Send Quote / Send Info editors and the e-mails sent.
import { Link, useSearchParams } from "@remix-run/react";
import { useCallback, useState } from "react";
import { ACTION_LABELS } from "#shared/leads/lead-actions.ts";
import { type EmailKind } from "#shared/leads/lead-input.ts";
import { FormNotice } from "~/components/auth/AuthCard";
import { EmailComposer } from "./EmailComposer";
import { buttonClasses } from "~/components/ui/Button";
import { Card } from "./LeadDetailParts";
import { formatDateTime } from "./format";
import type { LeadDetailData } from "./LeadDetailParts";

export function EmailCard({ detail }: { detail: LeadDetailData }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("compose");
  const kind: EmailKind | null = requested === "quote" || requested === "info" ? requested : null;
  const [notice, setNotice] = useState<string | null>(null);
  const close = useCallback(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete("compose");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);
  const sent = useCallback(
    (message: string) => {
      setNotice(message);
      close();
    },
    [close],
  );
  if (!detail.lead.email) {
    return (
      <Card id="send-email" title="Send an email">
        <p className="text-sm text-slate-700">This lead has no email address.</p>
      </Card>
    );
  }
  return (
    <Card id="send-email" title="Send an email">
      <div role="status" aria-live="polite">
        {notice ? <FormNotice message={notice} /> : null}
      </div>
      {detail.unsubscribedAt ? (
        <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This lead unsubscribed from your emails on {formatDateTime(detail.unsubscribedAt, detail.timeZone)}. Emails to {detail.lead.email} are not sent.
        </p>
      ) : null}
      <p className="text-sm text-slate-700">Write to {detail.lead.email}: the editor starts from the lead&apos;s answers and your market price.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="?compose=quote" preventScrollReset className={buttonClasses({ variant: "secondary" })} onClick={() => setNotice(null)}>
          {ACTION_LABELS.quote}
        </Link>
        <Link to="?compose=info" preventScrollReset className={buttonClasses({ variant: "secondary" })} onClick={() => setNotice(null)}>
          {ACTION_LABELS.info}
        </Link>
      </div>
      {kind ? (
        <EmailComposer
          key={kind}
          leadId={detail.lead.id}
          kind={kind}
          to={detail.lead.email}
          template={detail.drafts[kind]}
          onClose={close}
          onSent={sent}
        />
      ) : null}
    </Card>
  );
}
