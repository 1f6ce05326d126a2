// Filters of the conversations list (/app/conversations): lead with/without, test/real, date range.
// Pure: the route parses the query string with this schema, the query function trusts its output.
import { z } from "zod";

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Use a real calendar date.");

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const conversationFiltersSchema = z
  .object({
    lead: z.preprocess(emptyToUndefined, z.enum(["all", "with", "without"]).default("all")),
    kind: z.preprocess(emptyToUndefined, z.enum(["all", "real", "test"]).default("all")),
    from: z.preprocess(emptyToUndefined, isoDate.optional()),
    to: z.preprocess(emptyToUndefined, isoDate.optional()),
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The start date must be on or before the end date.", path: ["to"] });

export type ConversationFilters = z.output<typeof conversationFiltersSchema>;

export const DEFAULT_FILTERS: ConversationFilters = { lead: "all", kind: "all", page: 1 };

export function parseConversationFilters(params: URLSearchParams):
  | { ok: true; filters: ConversationFilters }
  | { ok: false; error: string; filters: ConversationFilters } {
  const parsed = conversationFiltersSchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, filters: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid filter.", filters: DEFAULT_FILTERS };
}
