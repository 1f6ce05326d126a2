// The lead page's activity history and the chat transcript.
import { Link } from "@remix-run/react";
import { STATUS_LABELS } from "#shared/leads/lead-filters.ts";
import { lostReasonText } from "./CloseDetailsFields";
import { linkClass } from "./classes";
import { formatCents, formatDateTime } from "./format";
import { Card } from "./LeadDetailParts";
import type { LeadDetailData } from "./LeadDetailParts";

function describeEvent(event: LeadDetailData["events"][number], timeZone: string): string {
  const d = event.data;
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  const status = (v: unknown) => STATUS_LABELS[v as keyof typeof STATUS_LABELS] ?? s(v);
  switch (event.type) {
    case "created":
      return d.source === "manual" ? "Lead added by hand" : "Lead captured by the chatbot";
    case "status_changed":
      return `Status changed from ${status(d.from)} to ${status(d.to)}${typeof d.valueCents === "number" ? ` (deal value ${formatCents(d.valueCents)}${d.wonAgainst ? `, won against ${s(d.wonAgainst)}` : ""})` : ""}${
        lostReasonText(s(d.lostReason), s(d.lostTo)) ? ` (reason: ${lostReasonText(s(d.lostReason), s(d.lostTo))})` : ""
      }`;
    case "note":
      return `Note: ${s(d.text)}`;
    case "reminder_created":
      return `Reminder set for ${d.dueAt ? formatDateTime(s(d.dueAt), timeZone) : "later"}: ${s(d.note)}`;
    case "reminder_snoozed":
      return `Reminder snoozed until ${d.to ? formatDateTime(s(d.to), timeZone) : "later"}: ${s(d.note)}`;
    case "reminder_completed":
      return `Reminder completed: ${s(d.note)}`;
    case "visit_scheduled":
      return `Visit scheduled for ${d.dueAt ? formatDateTime(s(d.dueAt), timeZone) : "later"}`;
    case "email_sent":
      return `${d.kind === "quote" ? "Quote" : "Information"} emailed to ${s(d.to)}: “${s(d.subject)}”`;
    case "answers_corrected": {
      // "Visitor corrected: Building size about 600 sq ft → about 6,000 sq ft (score 6.5 → 7.1, Medium → High)".
      const changes = Array.isArray(d.changes) ? (d.changes as { field?: unknown; from?: unknown; to?: unknown }[]) : [];
      const list = changes.map((c) => `${s(c.field)} ${s(c.from)} → ${s(c.to) || "removed"}`).join("; ");
      const score = d.score as { from?: unknown; to?: unknown } | undefined;
      const priority = d.priority as { from?: unknown; to?: unknown } | undefined;
      const scored =
        score && typeof score.from === "number" && typeof score.to === "number" && score.from !== score.to
          ? ` (score ${score.from.toFixed(1)} → ${score.to.toFixed(1)}${priority && priority.from !== priority.to ? `, ${s(priority.from)} → ${s(priority.to)} priority` : ""})`
          : "";
      return `Visitor corrected in the chat: ${list}${scored}`;
    }
    case "unsubscribed":
      return `Unsubscribed ${s(d.email)} from your emails${d.source === "one-click" ? " (from their mail app)" : ""}`;
    default:
      return event.type.replace(/_/g, " ");
  }
}

export function HistoryCard({ detail }: { detail: LeadDetailData }) {
  return (
    <Card id="history" title="History">
      {detail.events.length === 0 ? <p className="text-sm text-slate-700">No history yet.</p> : null}
      <ol className="space-y-3 border-l border-slate-200 pl-4">
        {detail.events.map((event) => (
          <li key={event.id} className="text-sm">
            <p className="whitespace-pre-line text-slate-900">{describeEvent(event, detail.timeZone)}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(event.createdAt, detail.timeZone)}
              {event.actorName ? ` · ${event.actorName}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

const ROLE_LABELS = { visitor: "Visitor", bot: "Chatbot", agent: "Team", system: "System" } as const;

export function TranscriptCard({ detail }: { detail: LeadDetailData }) {
  if (!detail.lead.conversationId) {
    return (
      <Card id="transcript" title="Conversation">
        <p className="text-sm text-slate-700">This lead did not come from a chatbot conversation.</p>
      </Card>
    );
  }
  return (
    <Card id="transcript" title="Conversation">
      {detail.messages.length === 0 ? <p className="text-sm text-slate-700">No messages.</p> : null}
      <ol className="space-y-2">
        {detail.messages.map((m) => (
          <li key={m.id} className={`max-w-[85%] rounded-xl px-3 py-2 text-sm ${m.role === "visitor" ? "ml-auto bg-brand-50 text-slate-900" : "bg-slate-100 text-slate-900"}`}>
            <p className="text-xs font-semibold text-slate-700">
              {ROLE_LABELS[m.role]} · {formatDateTime(m.createdAt, detail.timeZone)}
            </p>
            <p className="whitespace-pre-line">{m.text}</p>
            {m.quickReplies.length ? (
              <p className="mt-1 text-xs text-slate-700">Quick replies: {m.quickReplies.join(" · ")}</p>
            ) : null}
          </li>
        ))}
      </ol>
      {detail.transcriptTruncated ? (
        <p className="mt-3 text-sm text-slate-700">
          Only the first {detail.messages.length.toLocaleString("en-US")} messages are shown.
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        <Link to={`/app/conversations/${detail.lead.conversationId}`} className={linkClass}>
          Replay this conversation
        </Link>
      </p>
    </Card>
  );
}
