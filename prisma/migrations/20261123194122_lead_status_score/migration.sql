-- CreateIndex
CREATE INDEX "Lead_businessId_status_score_idx" ON "Lead"("businessId", "status", "score" DESC);

