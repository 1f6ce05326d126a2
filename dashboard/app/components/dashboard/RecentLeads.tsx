import { Link } from "@remix-run/react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { LeadSummary } from "#server/realtime/protocol.ts";
import type { RecentLeads as RecentLeadsData } from "#server/dashboard/dashboard.server.ts";
import { relativeTime } from "#shared/dashboard/periods.ts";
import { formatPhone } from "#shared/format/phone.ts";
import { focusRing } from "~/components/forms";

/** Lead list filter (spec §4): all, high (High priority), follow-up (open Medium-priority leads, server/leads/follow-up.ts). */
const TABS = [
  { key: "all", label: "All", empty: "No leads yet. Leads your chatbot captures appear here." },
  { key: "high", label: "High Priority", empty: "No high-priority leads yet." },
  { key: "followUp", label: "Needs Follow-up", empty: "No leads need follow-up right now." },
] as const;

type TabKey = (typeof TABS)[number]["key"];

const PRIORITY_STYLE: Record<LeadSummary["priority"], string> = {
  high: "bg-red-50 text-red-800 ring-red-200",
  medium: "bg-amber-50 text-amber-900 ring-amber-200",
  low: "bg-slate-100 text-slate-700 ring-slate-200",
};

function statusLabel(status: LeadSummary["status"]): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function RecentLeads({ leads, now }: { leads: RecentLeadsData; now: string }) {
  const [tab, setTab] = useState<TabKey>("all");
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.key === tab);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % TABS.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = TABS.length - 1;
    else return;
    event.preventDefault();
    setTab(TABS[next]!.key);
    tabRefs.current[next]?.focus();
  }

  const active = TABS.find((t) => t.key === tab)!;
  const rows = leads[tab];

  return (
    <section aria-labelledby={`${baseId}-heading`} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900">
          Recent Leads
        </h2>
        <div role="tablist" aria-label="Filter leads" onKeyDown={onKeyDown} className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {TABS.map((t, i) => (
            <button
              key={t.key}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              id={`${baseId}-tab-${t.key}`}
              type="button"
              role="tab"
              aria-selected={tab === t.key}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === t.key ? 0 : -1}
              onClick={() => setTab(t.key)}
              className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium ${focusRing} ${
                tab === t.key ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900"
              }`}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} tabIndex={0} className="focus:outline-none">
        {rows.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-slate-600">{active.empty}</p>
        ) : (
          <ul aria-label={`${active.label} leads` /* plural-ok: a tab label */} className="divide-y divide-slate-100">
            {rows.map((lead) => (
              <li key={lead.id} data-lead-id={lead.id} className="flex items-center gap-4 px-5 py-4">
                <div className="flex h-11 w-11 shrink-0 flex-col items-center justify-center rounded-full bg-brand-50 text-brand-800">
                  <span className="text-sm leading-none font-bold">{lead.score.toFixed(1)}</span>
                  <span className="sr-only"> out of 10</span>
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-slate-900">{lead.name ?? lead.email ?? formatPhone(lead.phone) ?? "Unnamed visitor"}</p>
                  <p className="truncate text-sm text-slate-600">
                    {[lead.company, lead.email ?? formatPhone(lead.phone)].filter(Boolean).join(" · ") || "No contact details yet"}
                  </p>
                </div>
                <div className="hidden shrink-0 text-right sm:block">
                  <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ${PRIORITY_STYLE[lead.priority]}`}>
                    {lead.priority} priority
                  </span>
                  <p className="mt-1 text-xs text-slate-600">
                    {statusLabel(lead.status)} · <time dateTime={lead.createdAt}>{relativeTime(lead.createdAt, now)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-slate-200 px-5 py-3 text-right">
          <Link
            to="/app/leads"
            className={`rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 ${focusRing}`}
          >
            View all leads
          </Link>
        </div>
      </div>
    </section>
  );
}
