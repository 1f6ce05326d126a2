// The leads list's filters, sort and page, parsed from the URL (?priority=high&status=new&q=…).
// Pure (shared by the route and the domain query). Unknown or malformed values fall back to "any",
// so a hand-edited URL never breaks the page.
import { z } from "zod";

export const LEAD_STATUSES = ["new", "contacted", "qualified", "proposal", "won", "lost"] as const;
export const LEAD_PRIORITIES = ["high", "medium", "low"] as const;
export const LEAD_SOURCES = ["chatbot", "manual", "api", "import", "outreach", "sms", "phone"] as const;
export const LEAD_SORTS = ["newest", "oldest", "score_desc", "score_asc"] as const;

export type LeadStatusValue = (typeof LEAD_STATUSES)[number];
export type LeadPriorityValue = (typeof LEAD_PRIORITIES)[number];
export type LeadSourceValue = (typeof LEAD_SOURCES)[number];
export type LeadSort = (typeof LEAD_SORTS)[number];

export const STATUS_LABELS: Record<LeadStatusValue, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  proposal: "Proposal",
  won: "Won",
  lost: "Lost",
};
export const PRIORITY_LABELS: Record<LeadPriorityValue, string> = { high: "High", medium: "Medium", low: "Low" };
export const SOURCE_LABELS: Record<LeadSourceValue, string> = {
  chatbot: "Chatbot",
  manual: "Added by hand",
  api: "API",
  import: "Import",
  outreach: "Cold Outreach",
  sms: "Text message",
  phone: "Missed call",
};
export const SORT_LABELS: Record<LeadSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  score_desc: "Highest score",
  score_asc: "Lowest score",
};

export const PAGE_SIZE = 25;
/** Pages beyond this are not offered (offset pagination stays cheap); narrow the filters instead. */
export const MAX_PAGE = 400;
export const SEARCH_MAX_LENGTH = 100;

const day = /^\d{4}-\d{2}-\d{2}$/;

function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}

export const leadListQuerySchema = z.object({
  priority: optionalEnum(LEAD_PRIORITIES),
  status: optionalEnum(LEAD_STATUSES),
  source: optionalEnum(LEAD_SOURCES),
  /** Created on or after this day (YYYY-MM-DD, the business's time zone). */
  from: z.string().regex(day).optional().catch(undefined),
  /** Created on or before this day (inclusive). */
  to: z.string().regex(day).optional().catch(undefined),
  q: z
    .string()
    .transform((value) => value.trim().slice(0, SEARCH_MAX_LENGTH))
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  sort: z.enum(LEAD_SORTS).catch("newest").default("newest"),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1),
});

export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export function parseLeadListQuery(params: URLSearchParams): LeadListQuery {
  const raw: Record<string, string> = {};
  for (const key of ["priority", "status", "source", "from", "to", "q", "sort", "page"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return leadListQuerySchema.parse(raw);
}

/** The URL search string for a query (defaults left out), e.g. for pagination links. */
export function leadListSearch(query: Partial<LeadListQuery>, changes: Partial<LeadListQuery> = {}): string {
  const merged = { ...query, ...changes };
  const params = new URLSearchParams();
  if (merged.q) params.set("q", merged.q);
  if (merged.priority) params.set("priority", merged.priority);
  if (merged.status) params.set("status", merged.status);
  if (merged.source) params.set("source", merged.source);
  if (merged.from) params.set("from", merged.from);
  if (merged.to) params.set("to", merged.to);
  if (merged.sort && merged.sort !== "newest") params.set("sort", merged.sort);
  if (merged.page && merged.page > 1) params.set("page", String(merged.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
