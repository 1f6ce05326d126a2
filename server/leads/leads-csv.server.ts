// Leads → Export CSV: the leads the list shows (its filters, newest first, at most 10,000), with their
// qualification answers and one column per custom question the owner's chatbot asked (decision 0062:
// the question as worded when the visitor answered it). Cells a spreadsheet would run as a formula
// are neutralised as in the analytics export.
import { stringify } from "csv-stringify/sync";
import type { Db } from "../db/client.server.ts";
import { neutralizeCell } from "../analytics/analytics-csv.ts";
import { customAnswersOf } from "../shared/conversation/questions.ts";
import { FREQUENCY_OPTIONS, TIMELINE_OPTIONS } from "../shared/leads/lead-input.ts";
import { formatWholeDollars } from "../shared/format/intl.ts";
import { leadListWhere } from "./list-leads.server.ts";
import type { LeadListQuery } from "../shared/leads/lead-filters.ts";

export const LEADS_EXPORT_LIMIT = 10_000;

export function leadsFileName(localDate: string): string {
  return `leads-${localDate}.csv`;
}

type ExportRow = {
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  serviceType: string | null;
  buildingSizeSqFt: number | null;
  frequency: string | null;
  budgetMonthlyCents: number | null;
  timeline: string | null;
  score: number;
  priority: string;
  status: string;
  source: string;
  createdAt: Date;
  customAnswers: unknown;
};

const label = (options: readonly (readonly [string, string])[], value: string | null) => (value ? (options.find(([v]) => v === value)?.[1] ?? value) : "");

/** The CSV text of these leads (pure): fixed columns, then one per custom question, in first-seen order. */
export function leadsCsv(rows: ExportRow[]): string {
  const questions: string[] = [];
  const answers = rows.map((row) => {
    const byQuestion = new Map<string, string>();
    for (const a of customAnswersOf(row.customAnswers)) {
      if (!questions.includes(a.question)) questions.push(a.question);
      byQuestion.set(a.question, a.answer);
    }
    return byQuestion;
  });
  const header = ["Name", "Email", "Phone", "Company", "Service", "Building size (sq ft)", "Frequency", "Monthly budget", "Timeline", "Score", "Priority", "Status", "Source", "Created (UTC)", ...questions];
  const body = rows.map((row, i) => [
    row.name ?? "",
    row.email ?? "",
    row.phone ?? "",
    row.company ?? "",
    row.serviceType ?? "",
    row.buildingSizeSqFt === null ? "" : String(row.buildingSizeSqFt),
    label(FREQUENCY_OPTIONS, row.frequency),
    row.budgetMonthlyCents === null ? "" : formatWholeDollars(row.budgetMonthlyCents),
    label(TIMELINE_OPTIONS, row.timeline),
    row.score.toFixed(1),
    row.priority,
    row.status,
    row.source,
    row.createdAt.toISOString(),
    ...questions.map((q) => answers[i]?.get(q) ?? ""),
  ]);
  return stringify([header, ...body].map((cells) => cells.map(neutralizeCell)));
}

/** The business's leads matching the list's query, as CSV (scoped by businessId; test leads left out). */
export async function exportLeads(db: Db, businessId: string, query: LeadListQuery, timeZone: string): Promise<string> {
  const rows = await db.lead.findMany({
    where: { AND: [leadListWhere(businessId, query, timeZone), { isTest: false }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LEADS_EXPORT_LIMIT,
    select: {
      name: true,
      email: true,
      phone: true,
      company: true,
      serviceType: true,
      buildingSizeSqFt: true,
      frequency: true,
      budgetMonthlyCents: true,
      timeline: true,
      score: true,
      priority: true,
      status: true,
      source: true,
      createdAt: true,
      customAnswers: true,
    },
  });
  return leadsCsv(rows);
}
