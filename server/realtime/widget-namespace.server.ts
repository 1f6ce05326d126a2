// Namespace /widget (DESIGN §3): the handshake checks the site key, that the chatbot is active and
// the Origin; handlers validate payloads, rate-limit, then call the chat service and ack.
import { clientIpOf, type TrustProxy } from "../http/client-ip.ts";
import type { Namespace, Server, Socket } from "socket.io";
import type { Db } from "../db/client.server.ts";
import { ChatbotInactiveError, type ChatService, type VisitorContext } from "../chat/chat-service.server.ts";
import { findChatbotBySiteKey } from "../chatbots/profile.server.ts";
import { messagesAfter, type DraftConversation } from "../chat/conversations.server.ts";
import type { Logger } from "../shared/logger.ts";
import { noteInstallation } from "../onboarding/installation.server.ts";
import { normalizeOrigin } from "../chatbots/origin.ts";
import { widgetAccess } from "../chatbots/widget-config.server.ts";
import {
  WIDGET_NAMESPACE,
  type AckError,
  type WidgetClientToServerEvents,
  type WidgetConnectError,
  type WidgetServerToClientEvents,
} from "./protocol.ts";
import type { WidgetLimiter } from "./rate-limits.server.ts";
import { conversationOpenSchema, messageSendSchema, pageOriginAndPath, typingSchema, widgetAuthSchema } from "../chatbots/widget-payloads.ts";

/** The room of a business's connected visitors (live takeover's presence, read with fetchSockets). */
export function visitorsRoom(businessId: string): string {
  return `visitors:${businessId}`;
}

type SocketData = VisitorContext & {
  ip: string;
  /** The new conversation this socket's last open showed, until its first message stores it. */
  draft?: DraftConversation;
  /** The conversation this socket has open, and its page (live takeover's presence list). */
  conversationId?: string;
  pageUrl?: string;
};

export type WidgetNamespace = Namespace<WidgetClientToServerEvents, WidgetServerToClientEvents, Record<string, never>, SocketData>;
type WidgetSocket = Socket<WidgetClientToServerEvents, WidgetServerToClientEvents, Record<string, never>, SocketData>;

export function conversationRoom(conversationId: string): string {
  return `conversation:${conversationId}`;
}

function refuse(code: WidgetConnectError): Error {
  return new Error(code);
}

/** The visitor's IP by the same rule as Express's (TRUST_PROXY, server/http/client-ip.ts). */
export function clientIp(socket: Pick<Socket, "handshake">, trustProxy: TrustProxy): string {
  return clientIpOf(socket.handshake.address, socket.handshake.headers, trustProxy);
}

export function registerWidgetNamespace(
  io: Server,
  deps: {
    db: Db;
    chat: ChatService;
    limiter: WidgetLimiter;
    appUrl: string;
    trustProxy: TrustProxy;
    logger: Logger;
    /** The chatbot's first connection from a website other than the app was just recorded. */
    onInstalled?: (businessId: string, origin: string) => void;
    /** A visitor came, opened a conversation or went (live takeover's presence). */
    onPresence?: (businessId: string) => void;
    /** The visitor of a conversation is typing (or stopped): for the team's live views. */
    onVisitorTyping?: (businessId: string, event: { conversationId: string; typing: boolean }) => void;
    /** The visitor's answer to the SMS consent question (server/sms/consent.server.ts). */
    smsConsent?: (visitor: VisitorContext, payload: unknown) => Promise<{ ok: true } | AckError>;
    /** The visitor's socket closed with this conversation open (two-way SMS may go on by text). */
    onVisitorLeft?: (visitor: VisitorContext, conversationId: string) => void;
  },
): WidgetNamespace {
  // socket.io types namespaces per server; this one carries the widget contract of protocol.ts.
  const nsp = io.of(WIDGET_NAMESPACE) as unknown as WidgetNamespace;
  const appOrigin = normalizeOrigin(deps.appUrl) ?? deps.appUrl;

  nsp.use(async (socket, next) => {
    try {
      const ip = clientIp(socket, deps.trustProxy);
      if (!(await deps.limiter.allowConnection(ip))) return next(refuse("rate_limited"));
      const auth = widgetAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(refuse("invalid_site_key"));
      const chatbot = await findChatbotBySiteKey(deps.db, auth.data.siteKey);
      const access = widgetAccess(chatbot, socket.handshake.headers.origin, appOrigin);
      if (!access.ok || !chatbot) return next(refuse(access.ok ? "invalid_site_key" : access.reason));
      const { fromAppOrigin, siteOrigin } = access;
      socket.data = { chatbotId: chatbot.id, businessId: chatbot.businessId, visitorId: auth.data.visitorId, fromAppOrigin, ip };
      // The first load on the owner's website ticks "Verify the installation" (once: the row just read
      // says whether it was recorded, so later handshakes cost nothing). Not awaited by the handshake.
      // The loader's config request records it first; this covers loaders cached from before it.
      if (!chatbot.installed && !fromAppOrigin && siteOrigin) {
        noteInstallation(
          { db: deps.db, logger: deps.logger, onFirst: deps.onInstalled },
          { chatbotId: chatbot.id, businessId: chatbot.businessId, origin: siteOrigin },
        );
      }
      next();
    } catch (error) {
      deps.logger.error("[widget] handshake failed", error);
      next(new Error("server_error"));
    }
  });

  nsp.on("connection", (socket: WidgetSocket) => {
    const invalid: AckError = { ok: false, error: "invalid_payload" };
    // Presence (live takeover): the business's connected visitors, read by fetchSockets on any instance.
    void socket.join(visitorsRoom(socket.data.businessId));
    deps.onPresence?.(socket.data.businessId);
    socket.on("disconnect", () => {
      deps.onPresence?.(socket.data.businessId);
      if (socket.data.conversationId && !socket.data.draft) deps.onVisitorLeft?.(socket.data, socket.data.conversationId);
    });

    socket.on("sms:consent", async (payload, ack) => {
      if (typeof ack !== "function") return;
      if (!deps.smsConsent) return ack({ ok: false, error: "not_found" });
      try {
        ack(await deps.smsConsent(socket.data, payload));
      } catch (error) {
        deps.logger.error("[widget] sms:consent failed", error);
        ack({ ok: false, error: "server_error" });
      }
    });

    socket.on("visitor:typing", (payload) => {
      const parsed = typingSchema.safeParse(payload);
      if (!parsed.success || !socket.rooms.has(conversationRoom(parsed.data.conversationId))) return;
      deps.onVisitorTyping?.(socket.data.businessId, parsed.data);
    });

    /** Switched off since this visitor connected: refuse, then drop the socket so its reconnect
     * meets the handshake's `chatbot_inactive` and the widget hides itself. */
    const refuseInactive = (ack: (result: AckError) => void) => {
      ack({ ok: false, error: "conversation_closed" });
      socket.disconnect(true);
    };

    socket.on("conversation:open", async (payload, ack) => {
      if (typeof ack !== "function") return;
      const parsed = conversationOpenSchema.safeParse(payload ?? {});
      if (!parsed.success) return ack(invalid);
      try {
        const { ack: result, draft } = await deps.chat.open(socket.data, parsed.data);
        if (result.ok) {
          // One conversation per socket at a time: leave any previous conversation room. A new
          // conversation's draft is kept until its first message stores it (or the next open replaces it).
          for (const room of socket.rooms) if (room.startsWith("conversation:")) await socket.leave(room);
          await socket.join(conversationRoom(result.conversationId));
          // A resumed conversation may have got a message (a reply finished by another instance, after a
          // reconnect) between the read above and the join: it went to the room before this socket was in
          // it. One read after the join closes that gap; later messages come live (issue 36).
          if (!draft && parsed.data.conversationId && !result.hasMore) {
            const lastSeq = result.messages.at(-1)?.seq ?? parsed.data.lastSeq ?? 0;
            result.messages.push(...(await messagesAfter(deps.db, result.conversationId, lastSeq)));
          }
          socket.data.draft = draft;
          socket.data.conversationId = result.conversationId;
          socket.data.pageUrl = pageOriginAndPath(parsed.data.pageUrl);
          deps.onPresence?.(socket.data.businessId);
        }
        ack(result);
      } catch (error) {
        if (error instanceof ChatbotInactiveError) return refuseInactive(ack);
        deps.logger.error("[widget] conversation:open failed", error);
        // Our failure, not the visitor's: they keep the conversation and try again (DESIGN §3).
        ack({ ok: false, error: "server_error" });
      }
    });

    socket.on("message:send", async (payload, ack) => {
      if (typeof ack !== "function") return;
      const parsed = messageSendSchema.safeParse(payload);
      if (!parsed.success) return ack(invalid);
      try {
        const visitorKey = `${socket.data.chatbotId}:${socket.data.visitorId}`;
        if (!(await deps.limiter.allowMessage(visitorKey, socket.data.ip))) {
          return ack({ ok: false, error: "rate_limited" });
        }
        const draft = socket.data.draft;
        ack(
          await deps.chat.send(socket.data, parsed.data, {
            draft,
            senderSocketId: socket.id,
            // Counted when the conversation is stored (the first message), not at open.
            allowNewConversation: () => deps.limiter.allowNewConversation(visitorKey, socket.data.ip),
            onStored: () => {
              if (socket.data.draft === draft) {
                socket.data.draft = undefined;
                // A draft just became a conversation the team can join.
                deps.onPresence?.(socket.data.businessId);
              }
            },
          }),
        );
      } catch (error) {
        if (error instanceof ChatbotInactiveError) return refuseInactive(ack);
        deps.logger.error("[widget] message:send failed", { conversationId: parsed.data.conversationId }, error);
        // Not acknowledged as stored: the widget keeps the message in its outbox and retries.
        ack({ ok: false, error: "server_error" });
      }
    });
  });

  return nsp;
}
