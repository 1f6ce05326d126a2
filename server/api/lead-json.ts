// Leads as the REST API shows them (docs/api.md). Pure. Contact details are hidden exactly as in the
// workspace when the business has no subscription (server/billing/lead-visibility.ts).
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import { hideLeadDetails } from "../billing/lead-visibility.ts";
import type { SubscriptionState } from "../shared/billing/subscription.ts";
import { leadListSelect } from "../leads/lead-summary.ts";
import type { LeadRowFields } from "../shared/leads/lead-row.ts";
import { customAnswersOf, type CustomAnswer } from "../shared/conversation/questions.ts";

export type ApiLeadRow = LeadRowFields<Date> & { source: string; incomplete: boolean };

export type ApiLeadDetailRow = ApiLeadRow & {
  serviceType: string | null;
  buildingSizeSqFt: number | null;
  frequency: string | null;
  budgetMonthlyCents: number | null;
  timeline: string | null;
  valueCents: number | null;
  conversationId: string | null;
  closedAt: Date | null;
  updatedAt: Date;
  /** JSON column: the answers to the owner's custom questions (decision 0062). */
  customAnswers: unknown;
};

export const apiLeadSelect = leadListSelect;

export const apiLeadDetailSelect = {
  ...apiLeadSelect,
  serviceType: true,
  buildingSizeSqFt: true,
  frequency: true,
  budgetMonthlyCents: true,
  timeline: true,
  valueCents: true,
  conversationId: true,
  closedAt: true,
  updatedAt: true,
  customAnswers: true,
} as const;

export type ApiLead = Omit<ApiLeadRow, "createdAt"> & { createdAt: string; detailsHidden: boolean };
export type ApiLeadDetail = ApiLead &
  Omit<ApiLeadDetailRow, keyof ApiLeadRow | "closedAt" | "updatedAt" | "customAnswers"> & { closedAt: string | null; updatedAt: string; customAnswers: CustomAnswer[] };

function contact<T extends { name: string | null; email: string | null; phone: string | null; company: string | null }>(
  row: T,
  hidden: boolean,
): T & { detailsHidden: boolean } {
  return hidden ? hideLeadDetails(row) : { ...row, detailsHidden: false };
}

export function toApiLead(row: ApiLeadRow, business: SubscriptionState, now = new Date()): ApiLead {
  const base = contact(row, leadDetailsHidden(business, now));
  return {
    id: base.id,
    name: base.name,
    email: base.email,
    phone: base.phone,
    company: base.company,
    score: base.score,
    priority: base.priority,
    status: base.status,
    source: base.source,
    incomplete: base.incomplete,
    isTest: base.isTest,
    createdAt: row.createdAt.toISOString(),
    detailsHidden: base.detailsHidden,
  };
}

export function toApiLeadDetail(row: ApiLeadDetailRow, business: SubscriptionState, now = new Date()): ApiLeadDetail {
  return {
    ...toApiLead(row, business, now),
    serviceType: row.serviceType,
    buildingSizeSqFt: row.buildingSizeSqFt,
    frequency: row.frequency,
    budgetMonthlyCents: row.budgetMonthlyCents,
    timeline: row.timeline,
    valueCents: row.valueCents,
    conversationId: row.conversationId,
    closedAt: row.closedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    // Free text the visitor typed: hidden with the contact details (decision 0010).
    customAnswers: leadDetailsHidden(business, now) ? [] : customAnswersOf(row.customAnswers),
  };
}
