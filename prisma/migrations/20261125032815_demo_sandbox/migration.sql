-- Demo sandboxes (issue 13, decision 0026): a business made for one browser by the /login demo button,
-- deleted by a job at sandboxExpiresAt; e-mails of a sandbox are held (never sent) and listed.
-- AlterEnum
ALTER TYPE "EmailDeliveryStatus" ADD VALUE 'held';

-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "sandboxExpiresAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Business_sandboxExpiresAt_idx" ON "Business"("sandboxExpiresAt");

