-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "stripeStateAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "processedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadUsage" (
    "businessId" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LeadUsage_pkey" PRIMARY KEY ("businessId","periodStart")
);

-- CreateTable
CREATE TABLE "OverageReport" (
    "leadId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "stripeCustomerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reportedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "OverageReport_pkey" PRIMARY KEY ("leadId")
);

-- CreateIndex
CREATE INDEX "OverageReport_reportedAt_createdAt_idx" ON "OverageReport"("reportedAt", "createdAt");

-- CreateIndex
CREATE INDEX "OverageReport_businessId_idx" ON "OverageReport"("businessId");

-- AddForeignKey
ALTER TABLE "LeadUsage" ADD CONSTRAINT "LeadUsage_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OverageReport" ADD CONSTRAINT "OverageReport_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

