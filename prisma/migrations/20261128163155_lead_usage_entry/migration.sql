-- Issue 28 (decision 0103): a chatbot lead is counted against the plan by a job its capture writes, not by
-- the capturing turn (the LeadUsage row is one per business and window: every capture of a business waited
-- on its lock). A job may run twice; this row per counted lead makes the second run count nothing.
-- CreateTable
CREATE TABLE "LeadUsageEntry" (
    "leadId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "countedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeadUsageEntry_pkey" PRIMARY KEY ("leadId")
);

-- AddForeignKey
ALTER TABLE "LeadUsageEntry" ADD CONSTRAINT "LeadUsageEntry_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

