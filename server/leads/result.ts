// The outcome of a lead action: a value, or a domain failure with its reason. The domain says what went
// wrong (invalid input, not in this business, changed meanwhile); the route layer picks the HTTP status
// (failureStatus in server/forms/action-result.ts).
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";

export type LeadFailure = DomainFailure;
export type LeadResult<T> = { ok: true; value: T } | LeadFailure;

export const LEAD_NOT_FOUND = "Lead not found";

export const fail = refuse;
export function notFound(error = LEAD_NOT_FOUND): LeadFailure {
  return fail("not_found", error);
}

/** What a lead change by a member (or an API key's creator) takes: lead-status, lead-notes (commands). */
export type LeadChangeArgs = {
  businessId: string;
  leadId: string;
  /** Who changed it; null when that user has gone (an API key whose creator left). */
  actorUserId: string | null;
  input: unknown;
};
