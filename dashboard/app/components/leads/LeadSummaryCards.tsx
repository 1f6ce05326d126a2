// The lead page's contact details and its score breakdown.
import { telHref } from "#shared/leads/lead-actions.ts";
import { formatPhone } from "#shared/format/phone.ts";
import { SOURCE_LABELS } from "#shared/leads/lead-filters.ts";
import { FREQUENCY_OPTIONS, TIMELINE_OPTIONS } from "#shared/leads/lead-input.ts";
import { lostReasonText } from "./CloseDetailsFields";
import { ScoreBadge } from "./LeadBadges";
import { linkClass } from "./classes";
import { formatCents, formatDateTime } from "./format";
import { Card, Row } from "./LeadDetailParts";
import type { LeadDetailData } from "./LeadDetailParts";
import { TableHead } from "~/components/ui/TableHead";

export function ContactCard({ detail }: { detail: LeadDetailData }) {
  const { lead } = detail;
  const tel = telHref(lead.phone);
  return (
    <Card id="contact" title="Contact details">
      <dl className="divide-y divide-slate-100">
        <Row label="Name">{lead.name ?? "Not given"}</Row>
        <Row label="Email">
          {lead.email ? <a className={linkClass} href={`mailto:${lead.email}`}>{lead.email}</a> : "Not given"}
          {detail.unsubscribedAt ? (
            <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300">Unsubscribed</span>
          ) : null}
        </Row>
        <Row label="Phone">{lead.phone ? tel ? <a className={linkClass} href={tel}>{formatPhone(lead.phone)}</a> : formatPhone(lead.phone) : "Not given"}</Row>
        <Row label="Company">{lead.company ?? "Not given"}</Row>
        <Row label="Service">{lead.serviceType ?? "Not given"}</Row>
        <Row label="Source">{SOURCE_LABELS[lead.source]}</Row>
        <Row label="Created">{formatDateTime(lead.createdAt, detail.timeZone)}</Row>
        {lead.valueCents !== null ? <Row label="Deal value">{formatCents(lead.valueCents)}</Row> : null}
        {lead.status === "won" && lead.wonAgainst ? <Row label="Won against">{lead.wonAgainst}</Row> : null}
        {lead.status === "lost" ? <Row label="Lost reason">{lostReasonText(lead.lostReason, lead.lostTo) ?? "Not given"}</Row> : null}
      </dl>
    </Card>
  );
}

/** The answers to the owner's own chatbot questions (decision 0062), each under its question as it was asked. */
export function CustomAnswersCard({ detail }: { detail: LeadDetailData }) {
  const answers = detail.lead.customAnswers;
  if (answers.length === 0) return null;
  return (
    <Card id="custom-answers" title="Your questions">
      <dl className="divide-y divide-slate-100">
        {answers.map((a) => (
          <Row key={a.id} label={a.question}>
            <span className="whitespace-pre-wrap break-words">{a.answer}</span>
          </Row>
        ))}
      </dl>
    </Card>
  );
}

const frequencyLabel = (value: string | null) => FREQUENCY_OPTIONS.find(([v]) => v === value)?.[1] ?? null;

const timelineLabel = (value: string | null) => TIMELINE_OPTIONS.find(([v]) => v === value)?.[1] ?? null;

export function ScoreCard({ detail }: { detail: LeadDetailData }) {
  const { lead, breakdown } = detail;
  const rows: { factor: string; answer: string; part: (typeof breakdown)["size"] }[] = [
    { factor: "Building size", answer: lead.buildingSizeSqFt !== null ? `${lead.buildingSizeSqFt.toLocaleString("en-US")} sq ft` : "Not answered", part: breakdown.size },
    { factor: "Cleaning frequency", answer: frequencyLabel(lead.frequency) ?? "Not answered", part: breakdown.frequency },
    {
      factor: "Budget",
      answer:
        lead.budgetMonthlyCents !== null
          ? `${formatCents(lead.budgetMonthlyCents)} a month${breakdown.expectedMonthlyCents !== null ? ` (market: ${formatCents(breakdown.expectedMonthlyCents)})` : ""}`
          : "Not answered",
      part: breakdown.budget,
    },
    {
      factor: "Timeline",
      answer: timelineLabel(lead.timeline) ?? (lead.timeline ? lead.timeline : "Not answered"),
      part: breakdown.timeline,
    },
  ];
  return (
    <Card id="score" title="Qualification and score" aside={<ScoreBadge score={lead.score} />}>
      <div className="overflow-x-auto">
        <table className="stack-table min-w-full text-sm">
          <TableHead className="text-slate-700" columns={["Factor", "Answer", "Points", "Weight", "Adds"]} />
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.factor}>
                <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">{row.factor}</th>
                <td data-label="Answer" className="py-2 pr-4 text-slate-800">{row.answer}</td>
                <td data-label="Points" className="py-2 pr-4 tabular-nums text-slate-900">{row.part.points}/10</td>
                <td data-label="Weight" className="py-2 pr-4 tabular-nums text-slate-800">{row.part.weightPercent}%</td>
                <td data-label="Adds" className="py-2 tabular-nums text-slate-900">{(row.part.contributionHundredths / 100).toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Score {lead.score.toFixed(1)} out of 10 (30% size, 25% frequency, 25% budget, 20% timeline). A factor that was not
        answered counts as 4 points.
      </p>
    </Card>
  );
}
