// Reports overage leads to Stripe as billing meter events, as jobs (DESIGN §10): the lead-quota
// statement writes the OverageReport row and its `stripe.overage` job together, and the job sends one
// meter event whose identifier is the lead id, so Stripe counts it once however often the job runs
// (a retry, a crash, two instances). The row records the outcome (reportedAt, attempts, lastError).
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import type { JobHandler } from "../jobs/queue/job-queue.server.ts";
import { OVERAGE_QUEUE } from "../jobs/queue/queues.ts";

export type OverageJob = { leadId: string };

export async function reportOverage(deps: { db: Db; env: Env; stripe: Stripe | null; logger: Logger }, leadId: string): Promise<void> {
  const report = await deps.db.overageReport.findUnique({ where: { leadId } });
  if (!report || report.reportedAt) return;
  if (!deps.stripe) {
    // Billing was configured when the lead was counted (the business was paying) but is not now.
    await deps.db.overageReport.update({ where: { leadId }, data: { lastError: "Stripe is not configured" } });
    return;
  }
  try {
    await deps.stripe.billing.meterEvents.create({
      event_name: deps.env.STRIPE_OVERAGE_METER_EVENT,
      identifier: `lead_${leadId}`,
      timestamp: Math.floor(report.createdAt.getTime() / 1000),
      payload: { stripe_customer_id: report.stripeCustomerId, value: "1" },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.overageReport.update({ where: { leadId }, data: { attempts: { increment: 1 }, lastError: message.slice(0, 500) } });
    throw error; // retried by the job layer with backoff
  }
  await deps.db.overageReport.update({ where: { leadId }, data: { reportedAt: new Date(), attempts: { increment: 1 }, lastError: null } });
}

export function overageJobHandler(deps: { db: Db; env: Env; stripe: Stripe | null; logger: Logger }): JobHandler<OverageJob> {
  return { name: OVERAGE_QUEUE, run: (data) => reportOverage(deps, data.leadId) };
}
