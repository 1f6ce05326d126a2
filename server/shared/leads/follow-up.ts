// "Needs Follow-up" (spec §4, §9: the follow-up filter shows medium leads): an open lead of Medium
// priority. A lead that is Won or Lost is closed and needs no follow-up. Pure: the dashboard's query
// and the browser's live merge (dashboard/app/components/live/use-live-dashboard.ts) share it.
import type { LeadPriority, LeadStatus } from "../enums.ts";

export const CLOSED_STATUSES = ["won", "lost"] as const satisfies readonly LeadStatus[];
export const FOLLOW_UP_PRIORITY = "medium" satisfies LeadPriority;

export function isOpenLead(lead: { status: LeadStatus }): boolean {
  return !(CLOSED_STATUSES as readonly string[]).includes(lead.status);
}

export function needsFollowUp(lead: { status: LeadStatus; priority: LeadPriority }): boolean {
  return lead.priority === FOLLOW_UP_PRIORITY && isOpenLead(lead);
}
