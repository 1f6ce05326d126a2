-- Live takeover (issue 20, DESIGN §14): who has joined a conversation (kept in the database so every
-- instance agrees the bot is silent), and the author of each agent message (replayed with it).
-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "agentUserId" TEXT,
ADD COLUMN "agentName" TEXT,
ADD COLUMN "agentActiveAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Message" ADD COLUMN "authorName" TEXT,
ADD COLUMN "authorUserId" TEXT;
