-- Unsubscribes (issue 15): the per-business suppression list every e-mail to a lead or prospect is
-- checked against when it is delivered, and the 'skipped' delivery status such an e-mail is recorded with.
-- AlterEnum
ALTER TYPE "EmailDeliveryStatus" ADD VALUE 'skipped';

-- CreateTable
CREATE TABLE "EmailSuppression" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailSuppression_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailSuppression_businessId_email_key" ON "EmailSuppression"("businessId", "email");

-- AddForeignKey
ALTER TABLE "EmailSuppression" ADD CONSTRAINT "EmailSuppression_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

