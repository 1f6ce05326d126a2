-- Automations (issue 17, DESIGN §11, decision 0033): automations of a business, one row per step of a
-- run (unique per automation, lead and step: one run per automation and lead), and the booking link.
-- CreateEnum
CREATE TYPE "AutomationStatus" AS ENUM ('draft', 'active', 'paused');

-- CreateEnum
CREATE TYPE "AutomationType" AS ENUM ('email', 'sms', 'notification', 'task');

-- CreateEnum
CREATE TYPE "AutomationRunStatus" AS ENUM ('scheduled', 'sent', 'failed', 'skipped', 'cancelled');

-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "bookingUrl" TEXT;

-- CreateTable
CREATE TABLE "Automation" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "type" "AutomationType" NOT NULL,
    "trigger" TEXT NOT NULL,
    "triggerConfig" JSONB NOT NULL DEFAULT '{}',
    "conditions" JSONB NOT NULL DEFAULT '[]',
    "actions" JSONB NOT NULL DEFAULT '[]',
    "status" "AutomationStatus" NOT NULL DEFAULT 'draft',
    "templateKey" TEXT,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Automation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationRun" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "automationId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "actionType" "AutomationType" NOT NULL,
    "status" "AutomationRunStatus" NOT NULL DEFAULT 'scheduled',
    "scheduledFor" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "error" TEXT,
    "heldAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutomationRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Automation_businessId_deletedAt_idx" ON "Automation"("businessId", "deletedAt");

-- CreateIndex
CREATE INDEX "AutomationRun_businessId_finishedAt_idx" ON "AutomationRun"("businessId", "finishedAt");

-- CreateIndex
CREATE INDEX "AutomationRun_leadId_status_idx" ON "AutomationRun"("leadId", "status");

-- CreateIndex
CREATE INDEX "AutomationRun_automationId_createdAt_idx" ON "AutomationRun"("automationId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "AutomationRun_automationId_leadId_step_key" ON "AutomationRun"("automationId", "leadId", "step");

-- AddForeignKey
ALTER TABLE "Automation" ADD CONSTRAINT "Automation_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRun" ADD CONSTRAINT "AutomationRun_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRun" ADD CONSTRAINT "AutomationRun_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRun" ADD CONSTRAINT "AutomationRun_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

