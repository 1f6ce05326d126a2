// The chatbot's business profile as the conversation engine sees it.
import type { Db } from "../db/client.server.ts";
import type { BusinessProfile } from "../conversation/engine.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { asUtcDate, utcText } from "../db/timestamps.ts";
import { questionsFromSettings } from "../shared/conversation/questions.ts";

/** A chatbot with the parts of its business the widget and the conversation engine need. */
export type ChatbotRecord = {
  id: string;
  businessId: string;
  /** Switched on, and not a demo sandbox past its expiry. */
  isActive: boolean;
  allowedOrigins: string[];
  /** The widget has connected from a website other than the app (server/onboarding/installation.server.ts). */
  installed: boolean;
  /** The chatbot of a demo sandbox: it answers on the app's own pages only (decision 0026). */
  sandbox: boolean;
  /**
   * The business offers walkthrough bookings in the chat (Settings → Scheduling, issue 31): read with the
   * chatbot, so a chat whose business does not book spends no statement on it (issue 28's budgets).
   */
  bookingEnabled: boolean;
  businessName: string;
  welcomeMessage: string;
  hoursStart: string;
  hoursEnd: string;
  hoursDays: number[];
  afterHoursMessage: string;
  serviceTypes: string[];
  marketPriceCents: number;
  settings: unknown;
  business: {
    serviceAreas: string[];
    description: string | null;
    timeZone: string;
    phone: string | null;
    email: string | null;
    // Entitlements (white-label) follow the subscription, not the plan name alone.
    plan: string | null;
    subscriptionStatus: string;
    trialEnd: Date | null;
    isDemo: boolean;
    /** "operator": the chatbot is LeadBroom's own site assistant (decision 0063), not a cleaning qualification. */
    kind: BusinessKind;
  };
};

export type BusinessKind = "cleaning" | "operator";

type ChatbotRow = Omit<ChatbotRecord, "business"> & Omit<ChatbotRecord["business"], "trialEnd"> & { trialEnd: string | Date | null };

/**
 * The chatbot and its business in one prepared statement: it runs at every widget handshake and
 * conversation open (decision 0007), where Prisma's relation select would be two queries.
 */
function chatbotWhere(where: Prisma.Sql) {
  return Prisma.sql`
    SELECT c."id", c."businessId",
           -- A demo sandbox past its expiry (not yet deleted by its job) is switched off (issue 27 item 8).
           (c."isActive" AND (b."sandboxExpiresAt" IS NULL OR b."sandboxExpiresAt" > (now() AT TIME ZONE 'UTC'))) AS "isActive",
           c."allowedOrigins", c."installedAt" IS NOT NULL AS "installed",
           b."sandboxExpiresAt" IS NOT NULL AS "sandbox", c."businessName", c."welcomeMessage",
           c."hoursStart", c."hoursEnd", c."hoursDays", c."afterHoursMessage", c."serviceTypes", c."marketPriceCents",
           c."settings", b."serviceAreas", b."description", b."timeZone", b."phone", b."email", b."plan",
           b."subscriptionStatus"::text AS "subscriptionStatus",
           ${utcText('b."trialEnd"')} AS "trialEnd", b."isDemo", b."kind"::text AS "kind",
           EXISTS (SELECT 1 FROM "SchedulingSettings" s WHERE s."businessId" = c."businessId" AND s."enabled") AS "bookingEnabled"
      FROM "Chatbot" c
      JOIN "Business" b ON b."id" = c."businessId"
     WHERE ${where}`;
}

function toChatbotRecord(row: ChatbotRow | undefined): ChatbotRecord | null {
  if (!row) return null;
  const { serviceAreas, description, timeZone, phone, email, plan, subscriptionStatus, trialEnd, isDemo, kind, settings, ...chatbot } = row;
  return {
    ...chatbot,
    hoursDays: chatbot.hoursDays.map(Number),
    marketPriceCents: Number(chatbot.marketPriceCents),
    settings: typeof settings === "string" ? (JSON.parse(settings) as unknown) : settings,
    business: {
      serviceAreas,
      description,
      timeZone,
      phone,
      email,
      plan,
      subscriptionStatus,
      trialEnd: trialEnd === null ? null : asUtcDate(trialEnd),
      isDemo,
      kind: kind === "operator" ? "operator" : "cleaning",
    },
  };
}

export async function findChatbotBySiteKey(db: Db, siteKey: string): Promise<ChatbotRecord | null> {
  const rows = await queryPrepared<ChatbotRow>(db, chatbotWhere(Prisma.sql`c."siteKey" = ${siteKey}`));
  return toChatbotRecord(rows[0]);
}

export async function findChatbotById(db: Db, chatbotId: string): Promise<ChatbotRecord | null> {
  const rows = await queryPrepared<ChatbotRow>(db, chatbotWhere(Prisma.sql`c."id" = ${chatbotId}`));
  return toChatbotRecord(rows[0]);
}

/** The parts of a chatbot and its business the engine's profile is made of. */
export type ProfileSource = Pick<
  ChatbotRecord,
  "businessName" | "welcomeMessage" | "serviceTypes" | "hoursStart" | "hoursEnd" | "hoursDays" | "afterHoursMessage" | "marketPriceCents"
> & { business: Pick<ChatbotRecord["business"], "serviceAreas" | "description" | "timeZone" | "phone" | "email">; settings?: unknown };

export function toBusinessProfile(chatbot: ProfileSource): BusinessProfile {
  return {
    businessName: chatbot.businessName,
    welcomeMessage: chatbot.welcomeMessage,
    serviceTypes: chatbot.serviceTypes,
    serviceAreas: chatbot.business.serviceAreas,
    description: chatbot.business.description,
    hours: { start: chatbot.hoursStart, end: chatbot.hoursEnd, days: chatbot.hoursDays },
    timeZone: chatbot.business.timeZone,
    afterHoursMessage: chatbot.afterHoursMessage,
    marketPriceCents: chatbot.marketPriceCents,
    phone: chatbot.business.phone,
    email: chatbot.business.email,
    // The owner's questions (decision 0062): invalid or missing stored JSON gives the defaults.
    questions: questionsFromSettings(chatbot.settings),
  };
}
