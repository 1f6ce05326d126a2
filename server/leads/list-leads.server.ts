// The workspace leads list: filters, search, sort and offset pagination, always scoped by the
// business. Built for 100,000 leads a business (DESIGN §9): every filter/sort pair has an index
// starting with businessId (prisma/schema.prisma), and the total is counted only up to COUNT_CAP.
import type { Db } from "../db/client.server.ts";
import type { Prisma } from "../db/generated/client.ts";
import { MAX_PAGE, PAGE_SIZE, type LeadListQuery } from "../shared/leads/lead-filters.ts";
import { endOfZonedDay, startOfZonedDay } from "../shared/time/calendar.ts";
import type { LeadSource } from "../shared/enums.ts";
import type { LeadRowFields } from "../shared/leads/lead-row.ts";
import { leadListSelect } from "./lead-summary.ts";

/**
 * Totals above this read "1,000+": counting every match of a broad filter costs a scan of all of
 * them (measured by tests/bench/leads-page.ts: ~12 ms per 10,000 rows on PGlite).
 */
export const COUNT_CAP = 1_000;

export type LeadListItem = LeadRowFields<string> & { source: LeadSource; incomplete: boolean; overdueReminders: number };

export type LeadListPage = {
  items: LeadListItem[];
  total: number | null;
  /**
   * True when there are more than COUNT_CAP matches (total is then COUNT_CAP). A search is not
   * counted (a substring match cannot use an index; counting would scan every lead a second time):
   * its total is null.
   */
  totalCapped: boolean;
  hasNext: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
};

export function leadListWhere(businessId: string, query: LeadListQuery, timeZone: string): Prisma.LeadWhereInput {
  const where: Prisma.LeadWhereInput = { businessId };
  if (query.priority) where.priority = query.priority;
  if (query.status) where.status = query.status;
  if (query.source) where.source = query.source;
  if (query.from || query.to) {
    where.createdAt = {
      ...(query.from ? { gte: startOfZonedDay(query.from, timeZone) } : {}),
      ...(query.to ? { lt: endOfZonedDay(query.to, timeZone) } : {}),
    };
  }
  if (query.q) {
    where.OR = [
      { name: { contains: query.q, mode: "insensitive" } },
      { email: { contains: query.q, mode: "insensitive" } },
      { company: { contains: query.q, mode: "insensitive" } },
    ];
  }
  return where;
}

export function leadListOrder(sort: LeadListQuery["sort"]): Prisma.LeadOrderByWithRelationInput[] {
  switch (sort) {
    case "oldest":
      return [{ createdAt: "asc" }, { id: "asc" }];
    case "score_desc":
      return [{ score: "desc" }, { createdAt: "desc" }, { id: "desc" }];
    case "score_asc":
      return [{ score: "asc" }, { createdAt: "asc" }, { id: "asc" }];
    case "newest":
    default:
      return [{ createdAt: "desc" }, { id: "desc" }];
  }
}

export async function getBusinessTimeZone(db: Db, businessId: string): Promise<string> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: { timeZone: true } });
  return business?.timeZone ?? "UTC";
}

export async function listLeads(
  db: Db,
  businessId: string,
  query: LeadListQuery,
  options: { timeZone: string; now?: Date },
): Promise<LeadListPage> {
  const now = options.now ?? new Date();
  const where = leadListWhere(businessId, query, options.timeZone);
  const skip = (query.page - 1) * PAGE_SIZE;
  // One row more than a page tells whether there is a next page without counting.
  const fetched = await db.lead.findMany({
    where,
    orderBy: leadListOrder(query.sort),
    skip,
    take: PAGE_SIZE + 1,
    select: leadListSelect,
  });
  const hasNext = fetched.length > PAGE_SIZE && query.page < MAX_PAGE;
  const rows = fetched.slice(0, PAGE_SIZE);
  // The count and the page's overdue reminders do not depend on each other: asked together.
  const [counted, overdue] = await Promise.all([
    !hasNext && (rows.length > 0 || query.page === 1)
      ? skip + rows.length
      : query.q
        ? null
        : // Counted newest first, whatever the list's sort: every filter has an index of (businessId,
          // filter, createdAt), which the planner then walks for the first COUNT_CAP + 1 matches.
          // Unordered, it chose a sequential scan for selective filters (source=manual, a date range):
          // 13–15 ms instead of 4–5 ms at 100,000 leads (decision 0008).
          db.lead.count({ where, orderBy: { createdAt: "desc" }, take: COUNT_CAP + 1 }),
    rows.length
      ? db.reminder.groupBy({
          by: ["leadId"],
          where: { businessId, leadId: { in: rows.map((r) => r.id) }, completedAt: null, dueAt: { lt: now } },
          _count: { _all: true },
        })
      : [],
  ]);
  const overdueByLead = new Map(overdue.map((o) => [o.leadId, o._count._all]));
  const totalCapped = counted !== null && counted > COUNT_CAP;
  const total = counted === null ? null : Math.min(counted, COUNT_CAP);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), overdueReminders: overdueByLead.get(r.id) ?? 0 })),
    total,
    totalCapped,
    hasNext,
    page: query.page,
    pageCount: total === null ? query.page + (hasNext ? 1 : 0) : Math.max(1, Math.ceil(total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
  };
}
