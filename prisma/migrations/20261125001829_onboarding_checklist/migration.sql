-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "onboardingDismissedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Chatbot" ADD COLUMN     "installedAt" TIMESTAMP(3),
ADD COLUMN     "installedOrigin" TEXT,
ADD COLUMN     "snippetSharedAt" TIMESTAMP(3),
ADD COLUMN     "testedAt" TIMESTAMP(3);


-- Backfill from what is already stored: a chatbot with real conversations is installed (the first one's
-- time; its origin is not known), one with test conversations has been tested.
UPDATE "Chatbot" c SET "installedAt" = first."createdAt"
  FROM (SELECT "chatbotId", MIN("createdAt") AS "createdAt" FROM "Conversation" WHERE "isTest" = false GROUP BY "chatbotId") first
 WHERE first."chatbotId" = c."id";
UPDATE "Chatbot" c SET "testedAt" = first."createdAt"
  FROM (SELECT "chatbotId", MIN("createdAt") AS "createdAt" FROM "Conversation" WHERE "isTest" = true GROUP BY "chatbotId") first
 WHERE first."chatbotId" = c."id";
