-- Booking the walkthrough in the chat (issue 31, decision 0066): the business's availability
-- (Settings → Scheduling), appointments, and each member's private iCal feed. Tables from the schema;
-- the partial unique index at the end by hand (Prisma's schema cannot say "where active").

-- CreateEnum
CREATE TYPE "AppointmentStatus" AS ENUM ('booked', 'rescheduled', 'cancelled', 'completed', 'no_show');

-- CreateTable
CREATE TABLE "SchedulingSettings" (
    "businessId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "offerTo" TEXT NOT NULL DEFAULT 'high_medium',
    "windows" JSONB NOT NULL DEFAULT '{}',
    "visitMinutes" INTEGER NOT NULL DEFAULT 45,
    "bufferMinutes" INTEGER NOT NULL DEFAULT 15,
    "minNoticeHours" INTEGER NOT NULL DEFAULT 24,
    "horizonDays" INTEGER NOT NULL DEFAULT 21,
    "maxPerDay" INTEGER NOT NULL DEFAULT 4,
    "daysOff" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "memberIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SchedulingSettings_pkey" PRIMARY KEY ("businessId")
);

-- CreateTable
CREATE TABLE "Appointment" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "assigneeUserId" TEXT,
    "status" "AppointmentStatus" NOT NULL DEFAULT 'booked',
    "createdBy" TEXT NOT NULL,
    "createdByUserId" TEXT,
    "assignmentReason" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "manageNonce" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Appointment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalendarFeed" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarFeed_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Appointment_businessId_startsAt_idx" ON "Appointment"("businessId", "startsAt");

-- CreateIndex
CREATE INDEX "Appointment_leadId_idx" ON "Appointment"("leadId");

-- CreateIndex
CREATE INDEX "Appointment_assigneeUserId_startsAt_idx" ON "Appointment"("assigneeUserId", "startsAt");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_tokenHash_key" ON "CalendarFeed"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_businessId_userId_key" ON "CalendarFeed"("businessId", "userId");

-- AddForeignKey
ALTER TABLE "SchedulingSettings" ADD CONSTRAINT "SchedulingSettings_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_assigneeUserId_fkey" FOREIGN KEY ("assigneeUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarFeed" ADD CONSTRAINT "CalendarFeed_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarFeed" ADD CONSTRAINT "CalendarFeed_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- By hand: no member holds two active visits starting at the same instant, and a lead has at most one
-- active visit. The booking commands check slots under a row lock (server/appointments/commands.server.ts);
-- these are the database's own guard should any writer ever skip it.
CREATE UNIQUE INDEX "Appointment_active_assignee_start_key" ON "Appointment"("assigneeUserId", "startsAt") WHERE "status" IN ('booked', 'rescheduled');
CREATE UNIQUE INDEX "Appointment_active_lead_key" ON "Appointment"("leadId") WHERE "status" IN ('booked', 'rescheduled');
