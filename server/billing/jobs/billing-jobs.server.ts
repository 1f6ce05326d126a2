// The job handlers that talk to Stripe for the workspace (decision 0038): `billing.operation` performs
// an owner's billing operation (operations.server.ts) and `billing.refresh` copies the cards and
// invoices into the mirror (mirror.server.ts). With the overage meter events (overage-reporter), these
// are the only places that call Stripe's API; routes write operations and read the mirror.
//
// A job runs at least once. An operation already finished is not run again; while it is pending,
// every Stripe write carries a key derived from the operation, so a retry is answered from Stripe's
// idempotency cache. A declined card or a refused request fails the operation at once with a clear
// text; network errors and Stripe's 5xx are retried (2, 4, 8 s), and the last attempt fails it.
import type Stripe from "stripe";
import type { Prisma } from "../../db/generated/client.ts";
import type { AppServices } from "../../services.server.ts";
import type { JobHandler, JobInfo } from "../../jobs/queue/job-queue.server.ts";
import { BILLING_OPERATION_QUEUE, BILLING_REFRESH_QUEUE, queueSpec } from "../../jobs/queue/queues.ts";
import type { BillingUpdate } from "../../realtime/protocol.ts";
import { BILLING_ERRORS } from "../../shared/billing/billing-display.ts";
import { refreshJob, type BillingRefreshJob } from "../mirror.server.ts";
import { OPERATION_FALLBACK_ERRORS, storedSubscription, type BillingOperationJob, type OperationKind, type OperationRequest } from "../operations.server.ts";
import { billingConfigured, classifyStripeError } from "../stripe-client.server.ts";
import { addCard, createPortalSession, type StripeDeps } from "./stripe-customer.server.ts";
import { refreshMirror } from "./stripe-mirror.server.ts";
import { performSubscribe, refreshSubscription, type SubscribeCheckpoint } from "./stripe-subscription.server.ts";

/** Tells the business's open workspaces (socket.io) that an operation finished or the mirror changed. */
export type BillingPush = (businessId: string, update: BillingUpdate) => void;

type Finished = { status: "succeeded" | "requires_action" | "failed"; result: Prisma.InputJsonObject; error: string | null };

/** What the last attempt says when the failure was not Stripe refusing (network, Stripe down). */
const LAST_ATTEMPT_ERRORS: Record<OperationKind, string> = { ...OPERATION_FALLBACK_ERRORS, subscribe: BILLING_ERRORS.unexpected };

type StoredOperation = { id: string; businessId: string; checkpoint: Prisma.JsonValue } & OperationRequest;

async function perform(deps: StripeDeps, op: StoredOperation): Promise<Finished> {
  switch (op.kind) {
    case "subscribe": {
      const outcome = await performSubscribe(deps, {
        id: op.id,
        businessId: op.businessId,
        input: op.input,
        checkpoint: (op.checkpoint as SubscribeCheckpoint | null) ?? null,
        saveCheckpoint: async (checkpoint) => {
          await deps.db.billingOperation.update({ where: { id: op.id }, data: { checkpoint: checkpoint as unknown as Prisma.InputJsonObject } });
        },
      });
      if (outcome.state === "refused") return { status: "failed", result: {}, error: outcome.error };
      return { status: outcome.state === "requires_confirmation" ? "requires_action" : "succeeded", result: outcome, error: null };
    }
    case "add_payment_method":
      await addCard(deps, op.businessId, op.input.paymentMethodId, op.id);
      return { status: "succeeded", result: {}, error: null };
    case "billing_portal":
      return { status: "succeeded", result: { url: await createPortalSession(deps, op.businessId, op.id) }, error: null };
    case "check_subscription":
      await refreshSubscription(deps, op.businessId);
      return { status: "succeeded", result: await storedSubscription(deps.db, op.businessId), error: null };
  }
}

function isLastAttempt(queue: string, job: JobInfo): boolean {
  return job.attempt > queueSpec(queue).retryLimit;
}

export function billingJobHandlers(services: AppServices, push: BillingPush): { operations: JobHandler<BillingOperationJob>; refresh: JobHandler<BillingRefreshJob> } {
  const { db, env, logger } = services;
  const stripeDeps = (): StripeDeps | null => (billingConfigured(env, services.stripe) ? { db, env, stripe: services.stripe as Stripe } : null);

  async function finish(op: StoredOperation, finished: Finished): Promise<void> {
    const changed = await db.$transaction(async (tx) => {
      const { count } = await tx.billingOperation.updateMany({
        where: { id: op.id, status: "pending" },
        data: { status: finished.status, result: finished.result, error: finished.error, finishedAt: new Date() },
      });
      // The cards and invoices may have changed: the Billing tab's copy is refreshed after this.
      if (count === 1 && finished.status !== "failed" && op.kind !== "billing_portal") {
        await services.jobs.enqueue(tx, [refreshJob(op.businessId, `operation:${op.id}`)]);
      }
      return count === 1;
    });
    if (!changed) return;
    services.jobs.wake(BILLING_REFRESH_QUEUE);
    push(op.businessId, { operationId: op.id, operationStatus: finished.status });
  }

  const operations: JobHandler<BillingOperationJob> = {
    name: BILLING_OPERATION_QUEUE,
    async run({ operationId }, job) {
      const row = await db.billingOperation.findUnique({ where: { id: operationId } });
      if (!row || row.status !== "pending") return; // finished by an earlier run of this job
      await db.billingOperation.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
      const op = { id: row.id, businessId: row.businessId, checkpoint: row.checkpoint, kind: row.kind, input: row.input } as StoredOperation;
      const deps = stripeDeps();
      if (!deps) return finish(op, { status: "failed", result: {}, error: BILLING_ERRORS.notConfigured });
      let finished: Finished;
      try {
        finished = await perform(deps, op);
      } catch (error) {
        const failure = classifyStripeError(error, OPERATION_FALLBACK_ERRORS[op.kind]);
        const detail = error instanceof Error ? error.message : String(error);
        if (!failure.permanent && !isLastAttempt(BILLING_OPERATION_QUEUE, job)) throw error; // retried with backoff
        logger.warn(`[billing] ${op.kind} ${op.id} failed (attempt ${job.attempt}): ${detail}`);
        finished = { status: "failed", result: {}, error: failure.permanent ? failure.message : LAST_ATTEMPT_ERRORS[op.kind] };
      }
      await finish(op, finished);
    },
  };

  const refresh: JobHandler<BillingRefreshJob> = {
    name: BILLING_REFRESH_QUEUE,
    async run({ businessId }, job) {
      const deps = stripeDeps();
      if (!deps) return;
      try {
        if (await refreshMirror(db, deps.stripe, businessId)) push(businessId, { mirror: "refreshed" });
      } catch (error) {
        if (!classifyStripeError(error, "").permanent && !isLastAttempt(BILLING_REFRESH_QUEUE, job)) throw error;
        logger.warn(`[billing] refreshing the cards and invoices of ${businessId} failed: ${error instanceof Error ? error.message : String(error)}`);
        await db.billingMirror.upsert({ where: { businessId }, create: { businessId, failedAt: new Date() }, update: { failedAt: new Date() } });
        push(businessId, { mirror: "failed" });
      }
    },
  };

  return { operations, refresh };
}
