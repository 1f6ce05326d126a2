-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "marketPriceCents" INTEGER NOT NULL DEFAULT 1000;

-- Existing leads were scored with their business's chatbot price as it is now (the best record there is).
UPDATE "Lead" l
   SET "marketPriceCents" = c."marketPriceCents"
  FROM (SELECT DISTINCT ON ("businessId") "businessId", "marketPriceCents"
          FROM "Chatbot" ORDER BY "businessId", "createdAt") c
 WHERE c."businessId" = l."businessId" AND c."marketPriceCents" <> 1000;
