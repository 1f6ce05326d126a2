-- Issue 28 (decision 0102): a message's businessId is its conversation's, copied by every writer from the
-- conversation row in the same statement; it is kept for the per-business index and scoping. Its foreign
-- key to "Business" checked every inserted message with SELECT … FOR KEY SHARE on the business row: on
-- PostgreSQL all of a business's concurrent chat turns locked that one row, and each lock beside another
-- created a MultiXact. The messages are still deleted with their conversation ("Message_conversationId_fkey",
-- ON DELETE CASCADE), and so with their business.
ALTER TABLE "Message" DROP CONSTRAINT "Message_businessId_fkey";
