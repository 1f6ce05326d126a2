import type { LeadSummary } from "../realtime/protocol.ts";
import type { LeadRowFields } from "../shared/leads/lead-row.ts";

export type LeadRow = LeadRowFields<Date> & { conversationId: string | null };

/** The columns every view of a lead row reads. */
const leadRowColumns = {
  id: true,
  name: true,
  email: true,
  phone: true,
  company: true,
  score: true,
  priority: true,
  status: true,
  isTest: true,
  createdAt: true,
} as const;

export const leadSummarySelect = { ...leadRowColumns, conversationId: true } as const;

/** A lead's columns as a list shows it: the Leads page and the REST API's list. */
export const leadListSelect = { ...leadRowColumns, source: true, incomplete: true } as const;

export function toLeadSummary(lead: LeadRow): LeadSummary {
  return { ...lead, createdAt: lead.createdAt.toISOString() };
}
