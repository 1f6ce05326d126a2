-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "lastDailySummaryOn" TEXT;

