-- People's data rights (issue 35 item 2, decision 0074): transcript retention and the pending deletion of
-- a business, whole-business exports, and the privacy audit log (kinds and counts, no personal data).

-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "deletionScheduledFor" TIMESTAMP(3),
ADD COLUMN     "transcriptRetentionMonths" INTEGER;

-- CreateTable
CREATE TABLE "DataExport" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "requestedById" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "bytes" INTEGER,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DataExport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrivacyAuditEntry" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "actorUserId" TEXT,
    "action" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrivacyAuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DataExport_businessId_createdAt_idx" ON "DataExport"("businessId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "PrivacyAuditEntry_businessId_createdAt_idx" ON "PrivacyAuditEntry"("businessId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "DataExport" ADD CONSTRAINT "DataExport_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrivacyAuditEntry" ADD CONSTRAINT "PrivacyAuditEntry_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
