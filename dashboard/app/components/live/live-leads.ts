// Pure rules for the live leads pages (no React): how a pushed lead changes what a leads list shows.
import type { LeadSummary } from "#server/realtime/protocol.ts";

type Row = Pick<LeadSummary, "id" | "name" | "email" | "phone" | "company" | "score" | "priority" | "status" | "isTest">;

/**
 * A visible row with the pushed lead's fields laid over it; rows of other leads are returned as they are.
 * A row whose contact details the server hid (an expired trial, server/billing) keeps them hidden.
 */
export function patchRows<T extends Row & { detailsHidden?: boolean }>(rows: T[], patches: ReadonlyMap<string, LeadSummary>): T[] {
  if (patches.size === 0) return rows;
  return rows.map((row) => {
    const lead = patches.get(row.id);
    if (!lead) return row;
    const contact = row.detailsHidden ? {} : { name: lead.name, email: lead.email, phone: lead.phone, company: lead.company };
    return {
      ...row,
      ...contact,
      score: lead.score,
      priority: lead.priority,
      status: lead.status,
      isTest: lead.isTest,
    };
  });
}

export type ListReaction = "reload" | "patch" | "count-new" | "ignore";

/**
 * What a leads list does with a pushed lead. The first page reloads (a debounced revalidation: same
 * filters, scroll and typed search kept), so new and changed leads take their place at once. A later
 * page stays put under the reader's eyes: rows it shows are patched in place, and new leads are only
 * counted for a "new leads" notice that links back to the first page.
 */
export function listReaction(input: { page: number; event: "created" | "updated"; visible: boolean }): ListReaction {
  if (input.page <= 1) return "reload";
  if (input.visible) return "patch";
  return input.event === "created" ? "count-new" : "ignore";
}
