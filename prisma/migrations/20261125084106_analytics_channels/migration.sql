-- Analytics on real data (issue 18, DESIGN §13, decision 0034): the channel a conversation started from
-- and that its lead inherits, and widget impressions per chatbot and local day.

-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'direct';

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'direct';

-- CreateTable
CREATE TABLE "WidgetImpressionDay" (
    "chatbotId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "WidgetImpressionDay_pkey" PRIMARY KEY ("chatbotId","day")
);

-- CreateIndex
CREATE INDEX "WidgetImpressionDay_businessId_day_idx" ON "WidgetImpressionDay"("businessId", "day");

-- AddForeignKey
ALTER TABLE "WidgetImpressionDay" ADD CONSTRAINT "WidgetImpressionDay_chatbotId_fkey" FOREIGN KEY ("chatbotId") REFERENCES "Chatbot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WidgetImpressionDay" ADD CONSTRAINT "WidgetImpressionDay_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A lead's channel for every writer (the chatbot capture, manual, API, import, outreach, …): a chatbot
-- lead takes its conversation's channel (direct without one), any other source is its own channel. A
-- writer that sets another channel than the default keeps it (the demo seed does).
CREATE FUNCTION "Lead_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."channel" <> 'direct' THEN
    RETURN NEW;
  ELSIF NEW."source" = 'chatbot' THEN
    NEW."channel" := COALESCE((SELECT c."channel" FROM "Conversation" c WHERE c."id" = NEW."conversationId"), 'direct');
  ELSE
    NEW."channel" := NEW."source"::text;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Lead_channel" BEFORE INSERT ON "Lead"
  FOR EACH ROW EXECUTE FUNCTION "Lead_channel"();

-- Backfill: conversations stored before attribution have no referrer or campaign data (direct); leads
-- from another source carry it.
UPDATE "Lead" SET "channel" = "source"::text WHERE "source" <> 'chatbot';

