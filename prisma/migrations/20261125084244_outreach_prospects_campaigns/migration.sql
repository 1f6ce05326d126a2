-- Cold outreach (issue 19, DESIGN §12): prospects imported from the business's own CSV files, campaigns
-- (the outreach modal), each prospect's enrollment (LinkedIn day, stop) and its e-mail steps, and the
-- 'outreach' lead source of a converted prospect.
-- CreateEnum
CREATE TYPE "ProspectStatus" AS ENUM ('pending', 'contacted', 'responded', 'converted');

-- CreateEnum
CREATE TYPE "OutreachEmailStatus" AS ENUM ('scheduled', 'sent', 'skipped', 'cancelled');

-- AlterEnum
ALTER TYPE "LeadSource" ADD VALUE IF NOT EXISTS 'outreach';

-- CreateTable
CREATE TABLE "Prospect" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "firstName" TEXT NOT NULL DEFAULT '',
    "title" TEXT NOT NULL DEFAULT '',
    "company" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "industry" TEXT NOT NULL DEFAULT '',
    "email" TEXT,
    "profileUrl" TEXT NOT NULL DEFAULT '',
    "status" "ProspectStatus" NOT NULL DEFAULT 'pending',
    "unsubscribed" BOOLEAN NOT NULL DEFAULT false,
    "leadId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Prospect_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutreachCampaign" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "linkedinMessage" TEXT NOT NULL,
    "emailSubject" TEXT NOT NULL,
    "emailBody" TEXT NOT NULL,
    "dailyConnections" INTEGER NOT NULL,
    "followUpDays" INTEGER NOT NULL,
    "dailyEmails" INTEGER NOT NULL,
    "sendTime" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutreachCampaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutreachEnrollment" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "prospectId" TEXT NOT NULL,
    "linkedinOn" TEXT,
    "linkedinSentAt" TIMESTAMP(3),
    "stoppedAt" TIMESTAMP(3),
    "stopReason" TEXT,
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutreachEnrollment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutreachEmail" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "enrollmentId" TEXT NOT NULL,
    "prospectId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "sendOn" TEXT NOT NULL,
    "scheduledFor" TIMESTAMP(3) NOT NULL,
    "status" "OutreachEmailStatus" NOT NULL DEFAULT 'scheduled',
    "sentAt" TIMESTAMP(3),
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutreachEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Prospect_businessId_createdAt_idx" ON "Prospect"("businessId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Prospect_businessId_email_key" ON "Prospect"("businessId", "email");

-- CreateIndex
CREATE INDEX "OutreachCampaign_businessId_createdAt_idx" ON "OutreachCampaign"("businessId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "OutreachEnrollment_businessId_linkedinOn_idx" ON "OutreachEnrollment"("businessId", "linkedinOn");

-- CreateIndex
CREATE INDEX "OutreachEnrollment_prospectId_idx" ON "OutreachEnrollment"("prospectId");

-- CreateIndex
CREATE UNIQUE INDEX "OutreachEnrollment_campaignId_prospectId_key" ON "OutreachEnrollment"("campaignId", "prospectId");

-- CreateIndex
CREATE INDEX "OutreachEmail_businessId_sendOn_idx" ON "OutreachEmail"("businessId", "sendOn");

-- CreateIndex
CREATE INDEX "OutreachEmail_prospectId_status_idx" ON "OutreachEmail"("prospectId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "OutreachEmail_enrollmentId_step_key" ON "OutreachEmail"("enrollmentId", "step");

-- AddForeignKey
ALTER TABLE "Prospect" ADD CONSTRAINT "Prospect_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachCampaign" ADD CONSTRAINT "OutreachCampaign_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachEnrollment" ADD CONSTRAINT "OutreachEnrollment_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachEnrollment" ADD CONSTRAINT "OutreachEnrollment_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "OutreachCampaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachEnrollment" ADD CONSTRAINT "OutreachEnrollment_prospectId_fkey" FOREIGN KEY ("prospectId") REFERENCES "Prospect"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachEmail" ADD CONSTRAINT "OutreachEmail_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachEmail" ADD CONSTRAINT "OutreachEmail_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "OutreachCampaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachEmail" ADD CONSTRAINT "OutreachEmail_enrollmentId_fkey" FOREIGN KEY ("enrollmentId") REFERENCES "OutreachEnrollment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachEmail" ADD CONSTRAINT "OutreachEmail_prospectId_fkey" FOREIGN KEY ("prospectId") REFERENCES "Prospect"("id") ON DELETE CASCADE ON UPDATE CASCADE;

