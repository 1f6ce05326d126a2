-- AlterTable
ALTER TABLE "Chatbot" ALTER COLUMN "afterHoursMessage" SET DEFAULT 'Our office is closed right now, but we''ll get back to you first thing next business day.';

