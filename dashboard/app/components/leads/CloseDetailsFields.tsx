// The lead status form's details for closing a lead: Won asks the deal value (required) and the
// competitor it was won against (optional); Lost asks why (optional) and, for "went with a competitor",
// whom to. The server validates all of it (server/leads/lead-input.ts); these are the data of
// competitor analysis, kept on every plan.
import { useState } from "react";
import { COMPETITOR_NAME_MAX, LOST_REASON_LABELS, LOST_REASONS, type LostReason } from "#shared/leads/lost-reasons.ts";
import { smallInputClass } from "./classes";

export function lostReasonText(reason: string | null | undefined, competitor?: string | null): string | null {
  const label = reason ? (LOST_REASON_LABELS[reason as LostReason] ?? null) : null;
  if (!label) return null;
  return reason === "competitor" && competitor ? `${label}: ${competitor}` : label;
}

export function CloseDetailsFields({
  status,
  lead,
}: {
  status: string;
  lead: { status: string; lostReason: string | null; lostTo: string | null; wonAgainst: string | null };
}) {
  const [reason, setReason] = useState<string>(lead.status === "lost" ? (lead.lostReason ?? "") : "");
  if (status === "won") {
    return (
      <>
        <div>
          <label htmlFor="status-value" className="block text-sm font-medium text-slate-800">Deal value (USD, required for Won)</label>
          <input id="status-value" name="value" inputMode="decimal" placeholder="e.g. 4,200" aria-describedby="status-value-hint" className={smallInputClass} required />
          <p id="status-value-hint" className="mt-1 text-xs text-slate-600">Asked when the lead is won.</p>
        </div>
        <div>
          <label htmlFor="status-won-against" className="block text-sm font-medium text-slate-800">Competitor they also considered (optional)</label>
          <input
            id="status-won-against"
            name="competitor"
            maxLength={COMPETITOR_NAME_MAX}
            defaultValue={lead.status === "won" ? (lead.wonAgainst ?? "") : ""}
            className={smallInputClass}
          />
        </div>
      </>
    );
  }
  if (status === "lost") {
    return (
      <>
        <div>
          <label htmlFor="status-lost-reason" className="block text-sm font-medium text-slate-800">Lost reason (optional)</label>
          <select id="status-lost-reason" name="lostReason" value={reason} onChange={(e) => setReason(e.target.value)} className={smallInputClass}>
            <option value="">Not given</option>
            {LOST_REASONS.map((r) => (
              <option key={r} value={r}>{LOST_REASON_LABELS[r]}</option>
            ))}
          </select>
        </div>
        {reason === "competitor" ? (
          <div>
            <label htmlFor="status-lost-to" className="block text-sm font-medium text-slate-800">Competitor's name (optional)</label>
            <input
              id="status-lost-to"
              name="competitor"
              maxLength={COMPETITOR_NAME_MAX}
              defaultValue={lead.status === "lost" ? (lead.lostTo ?? "") : ""}
              placeholder="e.g. Brightway Cleaning"
              className={smallInputClass}
            />
          </div>
        ) : null}
      </>
    );
  }
  return null;
}
