// The SMS monthly allowance enforced (decision 0033): an SMS step claims its place in the business's
// calendar month before Twilio is called. Claims are counted and taken in one transaction under an
// advisory lock of the business, so parallel steps are counted one after the other and the month never
// goes over. A step retried after a Twilio error keeps its claim; a step that failed for good gives
// it back (a failed step is not counted).
import type { Db } from "../db/client.server.ts";
import { smsAllowance, smsMonth } from "../shared/automations/sms-allowance.ts";

export type SmsUsage = { used: number; allowance: number; trial?: boolean };

const businessPlanSelect = { subscriptionStatus: true, trialEnd: true, isDemo: true, plan: true, timeZone: true } as const;

function countClaims(db: Pick<Db, "automationRun">, businessId: string, month: { start: Date; end: Date }) {
  return db.automationRun.count({
    where: { businessId, actionType: "sms", smsClaimedAt: { gte: month.start, lt: month.end }, status: { not: "failed" } },
  });
}

/** This month's SMS and the allowance, for the Automation page. */
export async function smsUsage(db: Db, businessId: string, now = new Date()): Promise<SmsUsage> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: businessPlanSelect });
  if (!business) return { used: 0, allowance: 0 };
  const trial = !business.isDemo && business.subscriptionStatus === "trial";
  return { used: await countClaims(db, businessId, smsMonth(business.timeZone, now)), allowance: smsAllowance(business, now), ...(trial ? { trial } : {}) };
}

/** Takes the run's place in this month's allowance (once: a retry finds its claim). */
export async function claimSms(db: Db, args: { businessId: string; runId: string; now: Date }): Promise<{ ok: true } | { ok: false; allowance: number }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sms-allowance:${args.businessId}`}))`;
    const run = await tx.automationRun.findFirst({ where: { id: args.runId, businessId: args.businessId }, select: { smsClaimedAt: true } });
    if (run?.smsClaimedAt) return { ok: true as const };
    const business = await tx.business.findUnique({ where: { id: args.businessId }, select: businessPlanSelect });
    const allowance = business ? smsAllowance(business, args.now) : 0;
    const used = await countClaims(tx, args.businessId, smsMonth(business?.timeZone, args.now));
    if (used >= allowance) return { ok: false as const, allowance };
    await tx.automationRun.update({ where: { id: args.runId }, data: { smsClaimedAt: args.now } });
    return { ok: true as const };
  });
}
