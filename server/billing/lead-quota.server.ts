// Lead limits per billing period (spec §6, §9; decision 0010). The lead-capture code calls
// `countLeadAgainstPlan` right after storing a new lead, with the same database handle (inside its
// transaction when it has one). Leads over the limit are still captured: they are flagged overage
// and, on a paid subscription, queued for Stripe as metered usage (overage-reporter.server.ts).
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { leadLimit } from "./entitlements.ts";
import { usageWindow } from "./usage-window.ts";

type QuotaDb = Pick<Db, "business" | "lead" | "leadUsage" | "overageReport">;

export type QuotaResult = { counted: boolean; isOverage: boolean; count: number; limit: number | null };

const quotaBusinessSelect = {
  isDemo: true,
  subscriptionStatus: true,
  plan: true,
  trialEnd: true,
  currentPeriodStart: true,
  stripeCustomerId: true,
} as const;

async function incrementUsage(db: QuotaDb, businessId: string, periodStart: Date): Promise<number> {
  const upsert = () =>
    db.leadUsage.upsert({
      where: { businessId_periodStart: { businessId, periodStart } },
      create: { businessId, periodStart, count: 1 },
      update: { count: { increment: 1 } },
      select: { count: true },
    });
  try {
    return (await upsert()).count;
  } catch (error) {
    // Two first leads of a window racing to create its row: the loser increments.
    if (isUniqueViolation(error)) return (await upsert()).count;
    throw error;
  }
}

/** Counts a newly stored lead (not test conversations, not leads typed in by hand) against the plan. */
export async function countLeadAgainstPlan(
  db: QuotaDb,
  args: { businessId: string; leadId: string; isTest?: boolean; source?: "chatbot" | "manual" | "api" | "import"; now?: Date },
): Promise<QuotaResult> {
  if (args.isTest || (args.source && args.source !== "chatbot" && args.source !== "api")) {
    return { counted: false, isOverage: false, count: 0, limit: null };
  }
  const now = args.now ?? new Date();
  const business = await db.business.findUnique({ where: { id: args.businessId }, select: quotaBusinessSelect });
  if (!business) return { counted: false, isOverage: false, count: 0, limit: null };
  const window = usageWindow(business, now);
  const count = await incrementUsage(db, args.businessId, window.start);
  const limit = leadLimit(business, now);
  const isOverage = limit !== null && count > limit;
  if (isOverage) {
    await db.lead.update({ where: { id: args.leadId, businessId: args.businessId }, data: { isOverage: true } });
    // Only a paid subscription is charged; a free trial's extra leads are flagged, not billed.
    if (business.subscriptionStatus === "active" && business.stripeCustomerId) {
      await db.overageReport.create({
        data: { leadId: args.leadId, businessId: args.businessId, stripeCustomerId: business.stripeCustomerId, createdAt: now },
      });
    }
  }
  return { counted: true, isOverage, count, limit };
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
