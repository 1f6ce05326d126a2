// Billing operations (decision 0038): what an owner asks of Stripe — subscribe or change plan, add a
// card, open the customer portal, check the subscription after Stripe.js confirmed a payment — is
// validated here, in the request, and written as a `BillingOperation` row together with its
// `billing.operation` job in one transaction (the outbox of DESIGN §10). The request answers with the
// operation's id at once; the job's handler (jobs/billing-jobs.server.ts) makes the Stripe calls and
// stores the result, and the page waits for it (socket push, or polling GET /api/billing-operations/:id).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { BILLING_OPERATION_QUEUE } from "../jobs/queue/queues.ts";
import { BILLING_ERRORS } from "../shared/billing/billing-display.ts";
import { parseBillingPeriod, parsePlanName, type BillingPeriod, type PlanName } from "../shared/billing/plans.ts";
import { priceIdFor } from "./prices.server.ts";
import { isSubscribed } from "../shared/billing/subscription.ts";

/** What Subscribe asks for (the job in jobs/stripe-subscription.server.ts carries it out). */
export type SubscribeInput = { plan: PlanName; period: BillingPeriod; paymentMethodId: string };

export const paymentMethodIdSchema = z.string().trim().regex(/^pm_[A-Za-z0-9_]{1,200}$/, "Invalid payment method");

export const subscribeSchema = z.object({
  plan: z.unknown().transform((v, ctx) => parsePlanName(v) ?? (ctx.addIssue({ code: "custom", message: "Choose a plan" }), z.NEVER)),
  period: z.unknown().transform((v, ctx) => parseBillingPeriod(v ?? "monthly") ?? (ctx.addIssue({ code: "custom", message: "Choose monthly or annual billing" }), z.NEVER)),
  paymentMethodId: paymentMethodIdSchema,
});

export type OperationRequest =
  | { kind: "subscribe"; input: SubscribeInput }
  | { kind: "add_payment_method"; input: { paymentMethodId: string } }
  | { kind: "billing_portal"; input: Record<string, never> }
  | { kind: "check_subscription"; input: Record<string, never> };

export type OperationKind = OperationRequest["kind"];

export type BillingOperationJob = { operationId: string };

/** The text an operation of this kind fails with when Stripe refuses it for a reason that is not the card's. */
export const OPERATION_FALLBACK_ERRORS: Record<OperationKind, string> = {
  subscribe: BILLING_ERRORS.paymentFallback,
  add_payment_method: BILLING_ERRORS.addPaymentMethodFailed,
  billing_portal: BILLING_ERRORS.portal,
  check_subscription: BILLING_ERRORS.loadSubscription,
};

type Invalid = { ok: false; status: number; error: string };

/** Validates the browser's request of `kind` (the business comes from the session, never from the body). */
export function parseOperation(env: Env, kind: OperationKind, body: Record<string, unknown>): { ok: true; request: OperationRequest } | Invalid {
  switch (kind) {
    case "subscribe": {
      const parsed = subscribeSchema.safeParse(body);
      if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid request" };
      const { plan, period } = parsed.data;
      if (!priceIdFor(env, plan, period)) return { ok: false, status: 503, error: `The ${plan} plan is not available for ${period} billing yet. Please contact us.` };
      return { ok: true, request: { kind, input: parsed.data } };
    }
    case "add_payment_method": {
      const parsed = paymentMethodIdSchema.safeParse(body.paymentMethodId);
      if (!parsed.success) return { ok: false, status: 400, error: BILLING_ERRORS.addPaymentMethodFailed };
      return { ok: true, request: { kind, input: { paymentMethodId: parsed.data } } };
    }
    case "billing_portal":
    case "check_subscription":
      return { ok: true, request: { kind, input: {} } };
  }
}

/** The browser's key of one submission (a retried request answers the same operation). */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9-]{8,100}$/);

/** A repeated identical request while the first is still running (a double click) gets the same operation. */
const REPEAT_WINDOW_MS = 2 * 60_000;

export async function startOperation(
  deps: { db: Db; jobs: JobQueue },
  businessId: string,
  request: OperationRequest,
  requestKey?: unknown,
): Promise<{ operationId: string }> {
  const key = requestKeySchema.safeParse(requestKey);
  const idempotencyKey = key.success ? `request:${key.data}` : `server:${randomUUID()}`;
  const inputJson = JSON.stringify(request.input);
  const write = () => deps.db.$transaction(async (tx) => {
    const same = await tx.billingOperation.findUnique({ where: { businessId_idempotencyKey: { businessId, idempotencyKey } }, select: { id: true } });
    if (same) return same.id;
    const running = await tx.billingOperation.findMany({
      where: { businessId, kind: request.kind, status: "pending", createdAt: { gt: new Date(Date.now() - REPEAT_WINDOW_MS) } },
      select: { id: true, input: true },
    });
    const repeat = running.find((op) => JSON.stringify(op.input) === inputJson);
    if (repeat) return repeat.id;
    const operation = await tx.billingOperation.create({
      data: { businessId, kind: request.kind, input: request.input, idempotencyKey },
      select: { id: true },
    });
    const job = { name: BILLING_OPERATION_QUEUE, data: { operationId: operation.id } satisfies BillingOperationJob, key: `billing.operation:${operation.id}` };
    await deps.jobs.enqueue(tx, [job]);
    return operation.id;
  });
  let operationId: string;
  try {
    operationId = await write();
  } catch (error) {
    // The same request arrived twice at once (PostgreSQL): the other one's operation is the answer.
    if (!isUniqueViolation(error)) throw error;
    const same = await deps.db.billingOperation.findUniqueOrThrow({ where: { businessId_idempotencyKey: { businessId, idempotencyKey } }, select: { id: true } });
    operationId = same.id;
  }
  // Committed: this process's workers look now instead of at their next poll.
  deps.jobs.wake(BILLING_OPERATION_QUEUE);
  return { operationId };
}

export type OperationAnswer = {
  success: boolean;
  operationId: string;
  kind: string;
  operationStatus: "pending" | "succeeded" | "failed" | "requires_action";
  error: string | null;
  [key: string]: unknown;
};

/** An operation as its page reads it; null unless it belongs to `businessId`. */
export async function operationAnswer(db: Db, businessId: string, operationId: string): Promise<OperationAnswer | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(operationId)) return null;
  const operation = await db.billingOperation.findFirst({
    where: { id: operationId, businessId },
    select: { id: true, kind: true, status: true, result: true, error: true },
  });
  if (!operation) return null;
  const result = operation.result && typeof operation.result === "object" && !Array.isArray(operation.result) ? operation.result : {};
  return {
    ...result,
    success: operation.status !== "failed",
    operationId: operation.id,
    kind: operation.kind,
    operationStatus: operation.status,
    error: operation.error,
  };
}

/** The subscription as stored (after a refresh): what the "check subscription status" step answers. */
export async function storedSubscription(db: Pick<Db, "business">, businessId: string) {
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { subscriptionStatus: true, plan: true, trialEnd: true, isDemo: true },
  });
  return { status: business.subscriptionStatus, plan: business.plan, subscribed: isSubscribed(business) };
}
