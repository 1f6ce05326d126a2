// An expired trial without a subscription keeps capturing leads but hides their details until the
// owner subscribes (decision 0010). Nothing is deleted: the loaders pass their rows through here.
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import type { SubscriptionState } from "../shared/billing/subscription.ts";

export const HIDDEN_LEAD_NAME = "Subscribe to see this lead";

type ContactFields = { name: string | null; email: string | null; phone: string | null; company: string | null };

/** The lead with its contact details removed. */
export function hideLeadDetails<T extends ContactFields>(lead: T): T & { detailsHidden: true } {
  return { ...lead, name: HIDDEN_LEAD_NAME, email: null, phone: null, company: null, detailsHidden: true };
}

/** A list page's items with details hidden when the business has no subscription. */
export function leadsVisibleTo<P extends { items: ContactFields[] }>(business: SubscriptionState, page: P, now = new Date()): P {
  if (!leadDetailsHidden(business, now)) return page;
  return { ...page, items: page.items.map((item) => hideLeadDetails(item)) };
}
