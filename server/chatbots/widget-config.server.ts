// What the widget's loader learns before it draws anything (GET /widget/config?key=…): whether the
// chatbot behind a site key is active for the page's origin, and its public appearance. The same rules
// as the /widget handshake (site key, active flag, Origin against the allow-list), so the launcher is
// drawn only where a chat can actually connect.
import type { Db } from "../db/client.server.ts";
import { hasFeature } from "../shared/billing/entitlements.ts";
import { isOriginAllowed, normalizeOrigin } from "./origin.ts";
import type { WidgetConfig, WidgetConfigResponse } from "../realtime/protocol.ts";
import { widgetAuthSchema } from "./widget-payloads.ts";
import { findChatbotBySiteKey, type ChatbotRecord } from "./profile.server.ts";

const DEFAULT_ACCENT = "#1d64d8";

/** The chatbot's public appearance (the config request and the conversation:open ack). */
export function publicWidgetConfig(chatbot: ChatbotRecord, now: Date): WidgetConfig {
  const settings = (chatbot.settings ?? {}) as { accentColor?: unknown };
  const accent = typeof settings.accentColor === "string" && /^#[0-9a-f]{6}$/i.test(settings.accentColor) ? settings.accentColor : DEFAULT_ACCENT;
  return {
    businessName: chatbot.businessName,
    welcomeMessage: chatbot.welcomeMessage,
    accentColor: accent,
    whiteLabel: hasFeature(chatbot.business, "white_label", now),
  };
}

type Refusal = Extract<WidgetConfigResponse, { active: false }>["reason"];

/** Whether the widget may run for this chatbot on a page of `origin`: the one rule of the handshake and the config request. */
export type WidgetAccess = { ok: true; fromAppOrigin: boolean; siteOrigin: string | null } | { ok: false; reason: Refusal };

export function widgetAccess(chatbot: ChatbotRecord | null, origin: string | undefined, appOrigin: string): WidgetAccess {
  if (!chatbot) return { ok: false, reason: "invalid_site_key" };
  if (!chatbot.isActive) return { ok: false, reason: "chatbot_inactive" };
  if (!isOriginAllowed(origin, chatbot.allowedOrigins, appOrigin)) return { ok: false, reason: "origin_not_allowed" };
  const siteOrigin = origin === undefined ? null : normalizeOrigin(origin);
  const fromAppOrigin = siteOrigin !== null && siteOrigin === normalizeOrigin(appOrigin);
  // A demo sandbox's chatbot is for trying on the Test Chatbot page, not for embedding on a website.
  if (chatbot.sandbox && !fromAppOrigin) return { ok: false, reason: "origin_not_allowed" };
  return { ok: true, fromAppOrigin, siteOrigin };
}

export type WidgetConfigAnswer = {
  body: WidgetConfigResponse;
  /**
   * The widget was seen on a website of the business for the first time worth checking: the Origin is
   * allowed and is not the app's own. The caller records it once (the checklist's "installation
   * verified"); the Origin header can be forged by a non-browser client, so nothing else trusts it.
   */
  installation: { chatbotId: string; businessId: string; origin: string } | null;
  /** The widget is shown on a page of the business's website (not the app's own): one impression (DESIGN §13). */
  impression: { chatbotId: string; businessId: string; timeZone: string } | null;
};

export async function widgetConfigFor(
  db: Db,
  args: { siteKey: unknown; origin: string | undefined; appOrigin: string; now?: Date },
): Promise<WidgetConfigAnswer> {
  const siteKey = widgetAuthSchema.shape.siteKey.safeParse(args.siteKey);
  const chatbot = siteKey.success ? await findChatbotBySiteKey(db, siteKey.data) : null;
  const access = widgetAccess(chatbot, args.origin, args.appOrigin);
  if (!access.ok || !chatbot) return { body: { active: false, reason: access.ok ? "invalid_site_key" : access.reason }, installation: null, impression: null };
  const { siteOrigin } = access;
  return {
    body: { active: true, config: publicWidgetConfig(chatbot, args.now ?? new Date()) },
    installation:
      siteOrigin !== null && !access.fromAppOrigin && !chatbot.installed ? { chatbotId: chatbot.id, businessId: chatbot.businessId, origin: siteOrigin } : null,
    impression: siteOrigin === null || access.fromAppOrigin ? null : { chatbotId: chatbot.id, businessId: chatbot.businessId, timeZone: chatbot.business.timeZone },
  };
}
