-- CreateEnum
CREATE TYPE "LeadLostReason" AS ENUM ('price', 'competitor', 'no_response', 'timing', 'other');

-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "trialEndingEmailedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "lostReason" "LeadLostReason",
ADD COLUMN     "lostTo" VARCHAR(80),
ADD COLUMN     "wonAgainst" VARCHAR(80);

-- A competitor is recorded only with the "went with a competitor" reason (hand-written: Prisma cannot express it).
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_lostTo_needs_competitor_reason" CHECK ("lostTo" IS NULL OR "lostReason" = 'competitor');
