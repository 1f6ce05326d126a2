// The SMS monthly allowance enforced (decision 0033): an SMS step claims its place in the business's
// calendar month before Twilio is called. Claims are counted and taken in one transaction under an
// advisory lock of the business, so parallel steps are counted one after the other and the month never
// goes over. A step retried after a Twilio error keeps its claim; a step that failed for good gives
// it back (a failed step is not counted).
import { billingOff } from "../shared/billing/billing-mode.ts";
import type { Db } from "../db/client.server.ts";
import { smsAllowance, smsMonth } from "../shared/automations/sms-allowance.ts";

export type SmsUsage = { used: number; allowance: number; trial?: boolean };

const businessPlanSelect = { subscriptionStatus: true, trialEnd: true, isDemo: true, plan: true, timeZone: true } as const;

async function countClaims(db: Pick<Db, "automationRun" | "smsMessage">, businessId: string, month: { start: Date; end: Date }) {
  const [steps, messages] = await Promise.all([
    db.automationRun.count({
      where: { businessId, actionType: "sms", smsClaimedAt: { gte: month.start, lt: month.end }, status: { not: "failed" } },
    }),
    // Two-way SMS (decision 0068): every SMS in and out of the business's number counts too.
    db.smsMessage.count({ where: { businessId, countedAt: { gte: month.start, lt: month.end } } }),
  ]);
  return steps + messages;
}

/** This month's SMS and the allowance, for the Automation page. */
export async function smsUsage(db: Db, businessId: string, now = new Date()): Promise<SmsUsage> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: businessPlanSelect });
  if (!business) return { used: 0, allowance: 0 };
  const trial = !business.isDemo && !billingOff() && business.subscriptionStatus === "trial";
  return { used: await countClaims(db, businessId, smsMonth(business.timeZone, now)), allowance: smsAllowance(business, now), ...(trial ? { trial } : {}) };
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
type Claim = { ok: true } | { ok: false; allowance: number };

/**
 * Takes one place in the business's month, under its advisory lock: `claimed` says whether this SMS
 * holds one already (a retry), `take` marks it.
 */
function claimPlace(db: Db, businessId: string, now: Date, claimed: (tx: Tx) => Promise<boolean>, take: (tx: Tx) => Promise<unknown>): Promise<Claim> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sms-allowance:${businessId}`}))`;
    if (await claimed(tx)) return { ok: true as const };
    const business = await tx.business.findUnique({ where: { id: businessId }, select: businessPlanSelect });
    const allowance = business ? smsAllowance(business, now) : 0;
    const used = await countClaims(tx, businessId, smsMonth(business?.timeZone, now));
    if (used >= allowance) return { ok: false as const, allowance };
    await take(tx);
    return { ok: true as const };
  });
}

/** Takes the run's place in this month's allowance (once: a retry finds its claim). */
export function claimSms(db: Db, args: { businessId: string; runId: string; now: Date }): Promise<Claim> {
  const where = { id: args.runId, businessId: args.businessId };
  return claimPlace(
    db,
    args.businessId,
    args.now,
    async (tx) => Boolean((await tx.automationRun.findFirst({ where, select: { smsClaimedAt: true } }))?.smsClaimedAt),
    (tx) => tx.automationRun.update({ where: { id: args.runId }, data: { smsClaimedAt: args.now } }),
  );
}

/** An outgoing SMS (server/sms/outbound.server.ts) takes its place in this month's allowance, once. */
export function claimSmsSlot(db: Db, args: { businessId: string; smsId: string; now: Date }): Promise<Claim> {
  const where = { id: args.smsId, businessId: args.businessId };
  return claimPlace(
    db,
    args.businessId,
    args.now,
    async (tx) => Boolean((await tx.smsMessage.findFirst({ where, select: { countedAt: true } }))?.countedAt),
    (tx) => tx.smsMessage.update({ where: { id: args.smsId }, data: { countedAt: args.now } }),
  );
}
