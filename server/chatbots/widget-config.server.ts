// What the widget's loader learns before it draws anything (GET /widget/config?key=…): whether the
// chatbot behind a site key is active for the page's origin, and its public appearance. The same rules
// as the /widget handshake (site key, active flag, Origin against the allow-list), so the launcher is
// drawn only where a chat can actually connect.
import type { Db } from "../db/client.server.ts";
import { hasFeature } from "../billing/entitlements.ts";
import { isOriginAllowed, normalizeOrigin } from "../realtime/origin.ts";
import type { WidgetConfig, WidgetConfigResponse } from "../realtime/protocol.ts";
import { widgetAuthSchema } from "../realtime/widget-payloads.ts";
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

export type WidgetConfigAnswer = {
  body: WidgetConfigResponse;
  /**
   * The widget was seen on a website of the business for the first time worth checking: the Origin is
   * allowed and is not the app's own. The caller records it once (the checklist's "installation
   * verified"); the Origin header can be forged by a non-browser client, so nothing else trusts it.
   */
  installation: { chatbotId: string; businessId: string; origin: string } | null;
};

export async function widgetConfigFor(
  db: Db,
  args: { siteKey: unknown; origin: string | undefined; appOrigin: string; now?: Date },
): Promise<WidgetConfigAnswer> {
  const refused = (reason: Extract<WidgetConfigResponse, { active: false }>["reason"]): WidgetConfigAnswer => ({
    body: { active: false, reason },
    installation: null,
  });
  const siteKey = widgetAuthSchema.shape.siteKey.safeParse(args.siteKey);
  if (!siteKey.success) return refused("invalid_site_key");
  const chatbot = await findChatbotBySiteKey(db, siteKey.data);
  if (!chatbot) return refused("invalid_site_key");
  if (!chatbot.isActive) return refused("chatbot_inactive");
  if (!isOriginAllowed(args.origin, chatbot.allowedOrigins, args.appOrigin)) return refused("origin_not_allowed");
  const origin = args.origin === undefined ? null : normalizeOrigin(args.origin);
  const fromSite = origin !== null && origin !== normalizeOrigin(args.appOrigin);
  return {
    body: { active: true, config: publicWidgetConfig(chatbot, args.now ?? new Date()) },
    installation: fromSite && !chatbot.installed ? { chatbotId: chatbot.id, businessId: chatbot.businessId, origin } : null,
  };
}
