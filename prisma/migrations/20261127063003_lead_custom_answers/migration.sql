-- Answers to the owner's custom chatbot questions on the lead (issue 29 item 5, decision 0062).
-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "customAnswers" JSONB NOT NULL DEFAULT '[]';

