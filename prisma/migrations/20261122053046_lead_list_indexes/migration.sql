-- DropIndex
DROP INDEX "Lead_businessId_status_idx";

-- CreateIndex
CREATE INDEX "Lead_businessId_status_createdAt_idx" ON "Lead"("businessId", "status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Lead_businessId_source_createdAt_idx" ON "Lead"("businessId", "source", "createdAt" DESC);

