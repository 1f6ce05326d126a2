-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "notifyReminderEmail" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Reminder" ADD COLUMN     "notifiedAt" TIMESTAMP(3);

-- CreateIndex
-- Partial (hand-edited): only the open reminders not yet told, which is all the tick ever reads.
CREATE INDEX "Reminder_due_untold_idx" ON "Reminder"("dueAt") WHERE "completedAt" IS NULL AND "notifiedAt" IS NULL;

