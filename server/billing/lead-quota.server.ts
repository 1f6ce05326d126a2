// Lead limits per billing period (spec §6, §9; decision 0010). The lead-capture code calls
// `countLeadAgainstPlan` right after storing a new lead, with the same database handle (inside its
// transaction when it has one). Leads over the limit are still captured: they are flagged overage
// and, on a paid subscription, queued for Stripe as metered usage (overage-reporter.server.ts).
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { asUtcDate, sqlUtc } from "../db/timestamps.ts";
import { leadLimit, type PlanState } from "../shared/billing/entitlements.ts";
import { usageWindow } from "./usage-window.ts";
import { insertJobsSql } from "../jobs/queue/job-sql.server.ts";
import { LEAD_QUOTA_QUEUE, OVERAGE_QUEUE } from "../jobs/queue/queues.ts";
import type { JobHandler } from "../jobs/queue/job-queue.server.ts";
import type { LeadSource } from "../shared/enums.ts";

type QuotaDb = Pick<Db, "business" | "leadUsage" | "$queryRaw">;

export type QuotaResult = { counted: boolean; isOverage: boolean; count: number; limit: number | null };

const quotaBusinessSelect = {
  isDemo: true,
  subscriptionStatus: true,
  plan: true,
  trialEnd: true,
  currentPeriodStart: true,
  stripeCustomerId: true,
  timeZone: true,
} as const;

/** The business fields the quota needs (read fresh: by this module, or by the caller's statement). */
export type QuotaBusiness = {
  isDemo: boolean;
  subscriptionStatus: string;
  plan: string | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  stripeCustomerId: string | null;
  /** The calendar-month window's zone (usage-window.ts). */
  timeZone: string;
};

/**
 * Which new leads count against the plan: the chatbot's, the REST API's and Cold Outreach conversions
 * (a Pro feature bringing leads in, like the chatbot; decision 0048). Leads the owner types in and
 * imports do not (charging the owner for their own data entry would be hostile; decision 0010).
 */
export function countsAgainstPlan(source: LeadSource): boolean {
  return source === "chatbot" || source === "api" || source === "outreach";
}

/**
 * Counts a newly stored lead (not test conversations, not leads typed in by hand) against the plan.
 * One statement: the lead's LeadUsageEntry is written, and only then the window's counter goes up by
 * one; when it passes the limit the lead is flagged overage and, on a paid subscription, queued for
 * Stripe, so the count and the flag never disagree. A lead counted already (the entry exists: a job run
 * twice) changes nothing: `counted` is then false. A lead that no longer exists is not counted.
 */
export async function countLeadAgainstPlan(
  db: QuotaDb,
  args: {
    businessId: string;
    leadId: string;
    isTest?: boolean;
    source?: LeadSource;
    now?: Date;
    /** The business as just read by the caller (saves a read); otherwise it is read here. */
    business?: QuotaBusiness;
  },
): Promise<QuotaResult> {
  if (args.isTest || (args.source && !countsAgainstPlan(args.source))) {
    return { counted: false, isOverage: false, count: 0, limit: null };
  }
  const now = args.now ?? new Date();
  const business =
    args.business ?? (await db.business.findUnique({ where: { id: args.businessId }, select: quotaBusinessSelect }));
  if (!business) return { counted: false, isOverage: false, count: 0, limit: null };
  const state: PlanState & QuotaBusiness = business;
  const window = usageWindow(state, now);
  const limit = leadLimit(state, now);
  // Only a paid subscription is charged; a free trial's extra leads are flagged, not billed.
  const charge = business.subscriptionStatus === "active" && business.stripeCustomerId !== null;
  // INSERT … ON CONFLICT DO UPDATE takes the row lock, so two leads of one window never share a count.
  // The entry's key is the lead: a second count of the same lead inserts nothing, so nothing follows
  // (a concurrent one waits for the first to commit, then finds its entry).
  const rows = await queryPrepared<{ count: number; flagged: boolean }>(db, Prisma.sql`
    -- The lead by its primary key alone (as decision 0093 found for the alert): with its business beside
    -- the id, the planner took the (businessId, status, score) index and read every lead of the business,
    -- 2-3 ms a lead at a few thousand leads, growing with them.
    WITH lead AS MATERIALIZED (SELECT "id", "businessId" FROM "Lead" WHERE "id" = ${args.leadId}),
    entry AS (
      INSERT INTO "LeadUsageEntry" ("leadId", "businessId", "countedAt")
      SELECT l."id", l."businessId", ${sqlUtc(now)} FROM lead l WHERE l."businessId" = ${args.businessId}
      ON CONFLICT ("leadId") DO NOTHING
      RETURNING "leadId"
    ), usage AS (
      INSERT INTO "LeadUsage" ("businessId", "periodStart", "count")
      SELECT ${args.businessId}, ${sqlUtc(window.start)}, 1 FROM entry
      ON CONFLICT ("businessId", "periodStart") DO UPDATE SET "count" = "LeadUsage"."count" + 1
      RETURNING "count"
    ), flagged AS (
      -- By the primary key alone too: a usage row exists only when the lead is the business's (entry).
      UPDATE "Lead" SET "isOverage" = true, "updatedAt" = ${sqlUtc(now)}
       WHERE "id" = ${args.leadId}
         AND ${limit}::int IS NOT NULL AND (SELECT "count" FROM usage) > ${limit}::int
      RETURNING "id"
    ), report AS (
      INSERT INTO "OverageReport" ("leadId", "businessId", "stripeCustomerId", "createdAt")
      SELECT flagged."id", ${args.businessId}, ${business.stripeCustomerId ?? ""}, ${sqlUtc(now)} FROM flagged WHERE ${charge}
      ON CONFLICT ("leadId") DO NOTHING
      RETURNING "leadId"
    ), report_job AS (
      ${insertJobsSql(OVERAGE_QUEUE, Prisma.sql`report`, Prisma.sql`jsonb_build_object('leadId', report."leadId")`, Prisma.sql`'overage:' || report."leadId"`)}
    )
    SELECT usage."count", EXISTS (SELECT 1 FROM flagged) AS "flagged" FROM usage`);
  const row = rows[0];
  if (!row) return { counted: false, isOverage: false, count: 0, limit };
  const count = Number(row.count);
  return { counted: true, isOverage: limit !== null && count > limit, count, limit };
}

/** The workspace's usage figure: leads counted in the current window against the limit. */
export async function leadUsage(db: Pick<Db, "business" | "leadUsage">, businessId: string, now = new Date()) {
  const business = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: quotaBusinessSelect });
  const window = usageWindow(business, now);
  const row = await db.leadUsage.findUnique({
    where: { businessId_periodStart: { businessId, periodStart: window.start } },
    select: { count: true },
  });
  return { count: row?.count ?? 0, limit: leadLimit(business, now), periodStart: window.start, periodEnd: window.end };
}

/**
 * The `lead.quota` job (decision 0103): a chatbot lead's capture writes it in the capture statement, and
 * this counts the lead against the plan off the chat's path. The LeadUsage row is one per business and
 * window, so the capturing turn held its lock through its commit and every capture of the business
 * waited for the one before. The plan and the window are the capture's (read by the capture statement).
 */
export type LeadQuotaJob = {
  businessId: string;
  leadId: string;
  /** The lead's capture (ISO, UTC): the billing window it counts in. */
  capturedAt: string;
  /** The business's plan as of the capture, read by the capture statement (dates as ISO text in UTC, or null). */
  business: Omit<QuotaBusiness, "trialEnd" | "currentPeriodStart"> & { trialEnd: string | null; currentPeriodStart: string | null };
};

export function leadQuotaJobHandler(deps: { db: Db }): JobHandler<LeadQuotaJob> {
  return {
    name: LEAD_QUOTA_QUEUE,
    run: async (job) => {
      await countLeadAgainstPlan(deps.db, {
        businessId: job.businessId,
        leadId: job.leadId,
        now: asUtcDate(job.capturedAt),
        business: {
          ...job.business,
          trialEnd: job.business.trialEnd === null ? null : asUtcDate(job.business.trialEnd),
          currentPeriodStart: job.business.currentPeriodStart === null ? null : asUtcDate(job.business.currentPeriodStart),
        },
      });
    },
  };
}
