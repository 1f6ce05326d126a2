// Reports overage leads to Stripe as billing meter events (an outbox: OverageReport rows are retried
// until Stripe accepts them). Each lead is one event whose identifier is the lead id, so Stripe
// counts it once even if two instances or a retry send it again.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../mail/mailer.server.ts";

const MAX_ATTEMPTS = 10;

export type OverageReporter = {
  /** Sends every pending report now; resolves with how many Stripe accepted. */
  flush(): Promise<number>;
  close(): void;
};

export async function reportPendingOverage(deps: { db: Db; env: Env; stripe: Stripe; logger: Logger }, batch = 100): Promise<number> {
  const pending = await deps.db.overageReport.findMany({
    where: { reportedAt: null, attempts: { lt: MAX_ATTEMPTS } },
    orderBy: { createdAt: "asc" },
    take: batch,
  });
  let reported = 0;
  for (const report of pending) {
    try {
      await deps.stripe.billing.meterEvents.create({
        event_name: deps.env.STRIPE_OVERAGE_METER_EVENT,
        identifier: `lead_${report.leadId}`,
        timestamp: Math.floor(report.createdAt.getTime() / 1000),
        payload: { stripe_customer_id: report.stripeCustomerId, value: "1" },
      });
      await deps.db.overageReport.update({ where: { leadId: report.leadId }, data: { reportedAt: new Date(), attempts: { increment: 1 }, lastError: null } });
      reported += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.db.overageReport.update({ where: { leadId: report.leadId }, data: { attempts: { increment: 1 }, lastError: message.slice(0, 500) } });
      deps.logger.warn(`[billing] overage report for lead ${report.leadId} failed: ${message}`);
    }
  }
  return reported;
}

/** A reporter that flushes every `intervalMs` (one flush at a time); a no-op without Stripe. */
export function createOverageReporter(deps: { db: Db; env: Env; stripe: Stripe | null; logger: Logger }, intervalMs = 30_000): OverageReporter {
  const stripe = deps.stripe;
  if (!stripe) return { flush: async () => 0, close: () => {} };
  let running: Promise<number> | null = null;
  const flush = () => {
    running ??= reportPendingOverage({ ...deps, stripe }).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    flush().catch((error: unknown) => deps.logger.warn(`[billing] overage flush failed: ${String(error)}`));
  }, intervalMs);
  timer.unref();
  return { flush, close: () => clearInterval(timer) };
}
