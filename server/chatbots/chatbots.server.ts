// The workspace's view of its chatbot. Always scoped by the businessId of the signed-in session.
import type { Db } from "../db/client.server.ts";
import { type Prisma } from "../db/generated/client.ts";
import { allowedOriginsSchema, parseChatbotSettings, type ChatbotSettingsValues, type FieldErrors } from "../shared/chatbots/settings.ts";

export function getBusinessChatbot(db: Db, businessId: string) {
  return db.chatbot.findFirst({
    where: { businessId },
    orderBy: { createdAt: "asc" },
    select: { id: true, siteKey: true, isActive: true, businessName: true, allowedOrigins: true },
  });
}

export function widgetSnippet(appUrl: string, siteKey: string): string {
  return `<script src="${appUrl}/widget.js" data-site-key="${siteKey}" async></script>`;
}

// ---------------------------------------------------------------------------------------------
// Settings and the active flag (the /app/chatbot page). Owners only: the route checks the role.

export type ChatbotSettingsView = ChatbotSettingsValues & { id: string; siteKey: string; isActive: boolean };

export const DEFAULT_ACCENT_COLOR = "#1d64d8";

function accentOf(settings: unknown): string {
  const value = settings && typeof settings === "object" ? (settings as { accentColor?: unknown }).accentColor : undefined;
  return typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value) ? value : DEFAULT_ACCENT_COLOR;
}

export async function getChatbotSettings(db: Db, businessId: string): Promise<ChatbotSettingsView | null> {
  const row = await db.chatbot.findFirst({
    where: { businessId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      siteKey: true,
      isActive: true,
      businessName: true,
      welcomeMessage: true,
      hoursStart: true,
      hoursEnd: true,
      hoursDays: true,
      afterHoursMessage: true,
      serviceTypes: true,
      marketPriceCents: true,
      allowedOrigins: true,
      settings: true,
      business: { select: { serviceAreas: true, timeZone: true } },
    },
  });
  if (!row) return null;
  const { business, settings, ...rest } = row;
  return { ...rest, serviceAreas: business.serviceAreas, timeZone: business.timeZone, accentColor: accentOf(settings) };
}

export type UpdateSettingsResult =
  | { ok: true; settings: ChatbotSettingsView }
  | { ok: false; errors: FieldErrors }
  | { ok: false; notFound: true };

/**
 * Validates with the same schema as the form and writes nothing unless all of it is valid. Service
 * areas and the time zone belong to the business profile (the engine reads them from there).
 */
export async function updateChatbotSettings(db: Db, businessId: string, input: unknown): Promise<UpdateSettingsResult> {
  const parsed = parseChatbotSettings(input);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const value = parsed.value;
  const chatbot = await db.chatbot.findFirst({
    where: { businessId },
    orderBy: { createdAt: "asc" },
    select: { id: true, settings: true },
  });
  if (!chatbot) return { ok: false, notFound: true };
  const previous = chatbot.settings && typeof chatbot.settings === "object" && !Array.isArray(chatbot.settings) ? chatbot.settings : {};
  const settings = value.accentColor ? { ...(previous as Record<string, unknown>), accentColor: value.accentColor } : previous;
  await db.$transaction([
    db.chatbot.update({
      where: { id: chatbot.id },
      data: {
        businessName: value.businessName,
        welcomeMessage: value.welcomeMessage,
        hoursStart: value.hoursStart,
        hoursEnd: value.hoursEnd,
        hoursDays: value.hoursDays,
        afterHoursMessage: value.afterHoursMessage,
        serviceTypes: value.serviceTypes,
        marketPriceCents: value.marketPrice,
        ...(value.allowedOrigins !== undefined ? { allowedOrigins: value.allowedOrigins } : {}),
        settings: settings as Prisma.InputJsonObject,
      },
    }),
    db.business.update({
      where: { id: businessId },
      data: { serviceAreas: value.serviceAreas, timeZone: value.timeZone },
    }),
  ]);
  const saved = await getChatbotSettings(db, businessId);
  if (!saved) return { ok: false, notFound: true };
  return { ok: true, settings: saved };
}

/** The Installation tab's allowed origins (allowedOriginsSchema): the one field, validated, or its error. */
export async function updateAllowedOrigins(
  db: Db,
  businessId: string,
  text: unknown,
): Promise<{ ok: true; allowedOrigins: string[] } | { ok: false; error: string } | { ok: false; notFound: true }> {
  const parsed = allowedOriginsSchema.safeParse(typeof text === "string" ? text : "");
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the website addresses." };
  const { count } = await db.chatbot.updateMany({ where: { id: (await getBusinessChatbot(db, businessId))?.id ?? "", businessId }, data: { allowedOrigins: parsed.data } });
  if (count === 0) return { ok: false, notFound: true };
  return { ok: true, allowedOrigins: parsed.data };
}

/** Activates or deactivates the business's chatbot; an inactive one is refused at the widget handshake. */
export async function setChatbotActive(db: Db, businessId: string, isActive: boolean): Promise<boolean | null> {
  const chatbot = await db.chatbot.findFirst({ where: { businessId }, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (!chatbot) return null;
  const updated = await db.chatbot.update({ where: { id: chatbot.id }, data: { isActive }, select: { isActive: true } });
  return updated.isActive;
}
