import { PRIORITY_LABELS, STATUS_LABELS, type LeadPriorityValue, type LeadStatusValue } from "#shared/leads/lead-filters.ts";

const PRIORITY_CLASSES: Record<LeadPriorityValue, string> = {
  high: "bg-red-50 text-red-800 ring-red-200",
  medium: "bg-amber-50 text-amber-900 ring-amber-200",
  low: "bg-slate-100 text-slate-800 ring-slate-200",
};

const STATUS_CLASSES: Record<LeadStatusValue, string> = {
  new: "bg-brand-50 text-brand-900 ring-brand-100",
  contacted: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  qualified: "bg-teal-50 text-teal-900 ring-teal-200",
  proposal: "bg-purple-50 text-purple-900 ring-purple-200",
  won: "bg-green-50 text-green-900 ring-green-200",
  lost: "bg-slate-100 text-slate-700 ring-slate-300",
};

// whitespace-nowrap: a pill or a score never wraps inside itself (issue 32: "Contact/ed" at 1366 px);
// data-nowrap marks them for the e2e check.
const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

export function PriorityBadge({ priority }: { priority: LeadPriorityValue }) {
  return <span data-nowrap="pill" className={`${badge} ${PRIORITY_CLASSES[priority]}`}>{PRIORITY_LABELS[priority]} priority</span>;
}

export function StatusBadge({ status }: { status: LeadStatusValue }) {
  return <span data-nowrap="pill" className={`${badge} ${STATUS_CLASSES[status]}`}>{STATUS_LABELS[status]}</span>;
}

export function ScoreBadge({ score }: { score: number }) {
  return (
    <span data-nowrap="score" className="font-semibold whitespace-nowrap tabular-nums text-slate-900">
      {score.toFixed(1)}
      <span className="font-normal text-slate-600">/10</span>
    </span>
  );
}

export function TestBadge() {
  return <span data-nowrap="pill" className={`${badge} bg-yellow-50 text-yellow-900 ring-yellow-200`}>Test</span>;
}
