-- SMS monthly allowance per plan (issue 17, decision 0033): an SMS step claims its place in the
-- business's month before Twilio is called; the month's claims are counted under an advisory lock.
-- AlterTable
ALTER TABLE "AutomationRun" ADD COLUMN "smsClaimedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "AutomationRun_businessId_smsClaimedAt_idx" ON "AutomationRun"("businessId", "smsClaimedAt");
