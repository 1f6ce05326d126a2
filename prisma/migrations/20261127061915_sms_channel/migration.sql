-- Two-way SMS and missed-call text-back (issue 33, decision 0068): a business's own Twilio connection
-- (its secret sealed), consents with their wording, STOP suppressions, every SMS in and out (deduplicated
-- by MessageSid, counted against the allowance) and calls to the number; transcript messages carry the
-- channel they were written on; leads from a text or a missed call get their own sources.

-- AlterEnum
ALTER TYPE "LeadSource" ADD VALUE IF NOT EXISTS 'sms';
ALTER TYPE "LeadSource" ADD VALUE IF NOT EXISTS 'phone';

-- AlterTable
ALTER TABLE "Message" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'web';

-- CreateTable
CREATE TABLE "TwilioConnection" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "accountSid" TEXT NOT NULL,
    "apiKeySid" TEXT,
    "sealedSecret" TEXT NOT NULL,
    "phoneNumber" TEXT NOT NULL,
    "forwardTo" TEXT,
    "consentText" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TwilioConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsConsent" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "wording" TEXT NOT NULL,
    "pageUrl" TEXT,
    "conversationId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsConsent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsSuppression" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "keyword" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsSuppression_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsMessage" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "twilioSid" TEXT,
    "key" TEXT,
    "kind" TEXT NOT NULL,
    "fromPhone" TEXT NOT NULL,
    "toPhone" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "segments" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "conversationId" TEXT,
    "messageId" TEXT,
    "countedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SmsMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PhoneCall" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "callSid" TEXT NOT NULL,
    "fromPhone" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "leadId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PhoneCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TwilioConnection_businessId_key" ON "TwilioConnection"("businessId");
CREATE INDEX "TwilioConnection_phoneNumber_idx" ON "TwilioConnection"("phoneNumber");
CREATE INDEX "SmsConsent_businessId_phone_idx" ON "SmsConsent"("businessId", "phone");
CREATE UNIQUE INDEX "SmsSuppression_businessId_phone_key" ON "SmsSuppression"("businessId", "phone");
CREATE UNIQUE INDEX "SmsMessage_twilioSid_key" ON "SmsMessage"("twilioSid");
CREATE UNIQUE INDEX "SmsMessage_key_key" ON "SmsMessage"("key");
CREATE INDEX "SmsMessage_businessId_countedAt_idx" ON "SmsMessage"("businessId", "countedAt");
CREATE INDEX "SmsMessage_businessId_createdAt_idx" ON "SmsMessage"("businessId", "createdAt" DESC);
CREATE UNIQUE INDEX "PhoneCall_callSid_key" ON "PhoneCall"("callSid");
CREATE INDEX "PhoneCall_businessId_createdAt_idx" ON "PhoneCall"("businessId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "TwilioConnection" ADD CONSTRAINT "TwilioConnection_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SmsConsent" ADD CONSTRAINT "SmsConsent_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SmsSuppression" ADD CONSTRAINT "SmsSuppression_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SmsMessage" ADD CONSTRAINT "SmsMessage_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PhoneCall" ADD CONSTRAINT "PhoneCall_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
