-- Stripe calls in job handlers (issue 15, decision 0038): the billing operations an owner waits for,
-- performed by the `billing.operation` job written in the same transaction, and the mirror of the
-- business's cards and invoices that the Billing tab reads.
-- CreateEnum
CREATE TYPE "BillingOperationStatus" AS ENUM ('pending', 'succeeded', 'failed', 'requires_action');

-- CreateTable
CREATE TABLE "BillingOperation" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "status" "BillingOperationStatus" NOT NULL DEFAULT 'pending',
    "result" JSONB,
    "error" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "checkpoint" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "BillingOperation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillingMirror" (
    "businessId" TEXT NOT NULL,
    "cards" JSONB NOT NULL DEFAULT '[]',
    "invoices" JSONB NOT NULL DEFAULT '[]',
    "refreshedAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),

    CONSTRAINT "BillingMirror_pkey" PRIMARY KEY ("businessId")
);

-- CreateIndex
CREATE INDEX "BillingOperation_businessId_createdAt_idx" ON "BillingOperation"("businessId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BillingOperation_businessId_idempotencyKey_key" ON "BillingOperation"("businessId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "BillingOperation" ADD CONSTRAINT "BillingOperation_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingMirror" ADD CONSTRAINT "BillingMirror_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
