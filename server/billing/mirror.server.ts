// The Billing tab's cards and invoices, served from our copy of what Stripe last said (decision 0038)
// so that opening the page waits for no Stripe call. The copy is refreshed by the `billing.refresh`
// job: when a verified webhook says the cards or invoices changed, when an operation finishes, and
// when the page is opened and the copy is older than MIRROR_MAX_AGE_MS (one job at a time).
import type { Db } from "../db/client.server.ts";
import type { JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import type { TxClient } from "../jobs/queue/sql-executors.server.ts";
import { BILLING_REFRESH_QUEUE } from "../jobs/queue/queues.ts";

export type CardView = { id: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean };

export type InvoiceView = {
  id: string;
  date: string;
  description: string;
  amountCents: number;
  currency: string;
  status: string;
  url: string | null;
};

/** A page opened on a copy older than this asks for a refresh. */
export const MIRROR_MAX_AGE_MS = 10 * 60_000;
/** A refresh asked for this recently is still on its way: no second one. */
export const MIRROR_REQUEST_GAP_MS = 60_000;

export type BillingRefreshJob = { businessId: string };

export type MirrorView = {
  cards: CardView[];
  invoices: InvoiceView[];
  refreshedAt: Date | null;
  /** The last refresh failed (after its retries) and none succeeded since. */
  failed: boolean;
};

export function refreshJob(businessId: string, key: string): JobRequest<BillingRefreshJob> {
  return { name: BILLING_REFRESH_QUEUE, data: { businessId }, key: `billing.refresh:${businessId}:${key}` };
}

export async function readMirror(db: Db, businessId: string): Promise<MirrorView> {
  const row = await db.billingMirror.findUnique({ where: { businessId } });
  if (!row) return { cards: [], invoices: [], refreshedAt: null, failed: false };
  return {
    cards: row.cards as CardView[],
    invoices: row.invoices as InvoiceView[],
    refreshedAt: row.refreshedAt,
    failed: row.failedAt !== null && (row.refreshedAt === null || row.failedAt > row.refreshedAt),
  };
}

/**
 * Asks for a refresh when the copy is missing or older than MIRROR_MAX_AGE_MS and no refresh was asked
 * for in the last MIRROR_REQUEST_GAP_MS: the claim and its job are written in one transaction, so
 * pages opened together enqueue one job. True when one was enqueued (the page then waits for its push).
 */
export async function requestMirrorRefresh(db: Db, jobs: JobQueue, businessId: string, now = new Date()): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.billingMirror.upsert({ where: { businessId }, create: { businessId }, update: {} });
    const claimed = await tx.billingMirror.updateMany({
      where: {
        businessId,
        AND: [
          { OR: [{ refreshedAt: null }, { refreshedAt: { lt: new Date(now.getTime() - MIRROR_MAX_AGE_MS) } }] },
          { OR: [{ requestedAt: null }, { requestedAt: { lt: new Date(now.getTime() - MIRROR_REQUEST_GAP_MS) } }] },
        ],
      },
      data: { requestedAt: now },
    });
    if (claimed.count === 0) return false;
    await jobs.enqueue(tx as unknown as TxClient, [refreshJob(businessId, `page:${now.getTime()}`)]);
    return true;
  });
}

/** A refresh is on its way (asked for, not landed, not failed since). */
export function refreshPending(row: { requestedAt: Date | null; refreshedAt: Date | null; failedAt: Date | null } | null, now = new Date()): boolean {
  if (!row?.requestedAt || row.requestedAt.getTime() < now.getTime() - MIRROR_REQUEST_GAP_MS) return false;
  const settled = Math.max(row.refreshedAt?.getTime() ?? 0, row.failedAt?.getTime() ?? 0);
  return settled < row.requestedAt.getTime();
}
