// The chatbot's business profile as the conversation engine sees it.
import type { Db } from "../db/client.server.ts";
import type { BusinessProfile } from "../conversation/engine.ts";

export const chatbotProfileSelect = {
  id: true,
  businessId: true,
  isActive: true,
  allowedOrigins: true,
  businessName: true,
  welcomeMessage: true,
  hoursStart: true,
  hoursEnd: true,
  hoursDays: true,
  afterHoursMessage: true,
  serviceTypes: true,
  marketPriceCents: true,
  settings: true,
  business: {
    select: {
      serviceAreas: true,
      description: true,
      timeZone: true,
      phone: true,
      email: true,
      // Entitlements (white-label) follow the subscription, not the plan name alone.
      plan: true,
      subscriptionStatus: true,
      trialEnd: true,
      isDemo: true,
    },
  },
} as const;

export type ChatbotRecord = NonNullable<Awaited<ReturnType<typeof findChatbotBySiteKey>>>;

export function findChatbotBySiteKey(db: Db, siteKey: string) {
  return db.chatbot.findUnique({ where: { siteKey }, select: chatbotProfileSelect });
}

export function findChatbotById(db: Db, chatbotId: string) {
  return db.chatbot.findUnique({ where: { id: chatbotId }, select: chatbotProfileSelect });
}

export function toBusinessProfile(chatbot: ChatbotRecord): BusinessProfile {
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
  };
}
