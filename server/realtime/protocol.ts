// The realtime contract of DESIGN §3, shared by the server, the widget (type-only import) and any other
// client. Changing a shape here is changing the protocol: keep it backwards compatible.

// ---------------------------------------------------------------------------------------------
// Shared shapes

export type { MessageRole } from "../shared/enums.ts";
import type { LeadPriority, LeadStatus, MemberRole, MessageRole } from "../shared/enums.ts";

export type Message = {
  id: string;
  conversationId: string;
  /** Increases by one per message within a conversation, starting at 1. */
  seq: number;
  role: MessageRole;
  text: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  quickReplies?: string[];
  clientMessageId?: string;
};

// ---------------------------------------------------------------------------------------------
// Namespace /widget (visitors)

export const WIDGET_NAMESPACE = "/widget";

/** socket.io handshake `auth` of the widget. */
export type WidgetAuth = {
  siteKey: string;
  /** A random id the widget keeps in localStorage (8–64 characters of [A-Za-z0-9_-]). */
  visitorId: string;
};

/** `connect_error` messages of a refused widget connection. */
export type WidgetConnectError = "invalid_site_key" | "origin_not_allowed" | "chatbot_inactive" | "rate_limited";

export const MAX_MESSAGE_LENGTH = 2000;

export type AckErrorCode =
  | "message_too_long"
  | "rate_limited"
  | "conversation_closed"
  | "invalid_payload"
  | "not_found"
  /** A transient failure on our side: keep the conversation and the outbox, retry with backoff. */
  | "server_error";

export type AckError = { ok: false; error: AckErrorCode };

export type ConversationOpenPayload = {
  /**
   * Resume this conversation (the widget keeps it in localStorage); omitted to start a new one, which is
   * stored only when the visitor first writes (or chooses a quick reply) in it: see `draft` in the ack.
   */
  conversationId?: string;
  /** The highest seq the widget has; only later messages are returned. */
  lastSeq?: number;
  pageUrl?: string;
  /** Set by the app's "Test Chatbot" page: the conversation is flagged and kept apart. */
  /**
   * The Test Chatbot page's signed token (server/chat/test-token.ts): the conversation is a test one.
   * A bare `true` (older widgets) flags nothing.
   */
  test?: string | boolean;
};

export type ConversationOpenAck =
  | {
      ok: true;
      conversationId: string;
      messages: Message[];
      /** The chatbot's public appearance (an addition to DESIGN §3's ack; older clients ignore it). */
      config?: WidgetConfig;
      /**
       * A new conversation, not stored yet: `messages` is its welcome (seq 1…n). The first `message:send`
       * with this `conversationId` stores it, welcome included, once (a resend with the same
       * clientMessageId finds it). Opening it again (a reconnect, a reload) answers the same draft.
       * Nothing is stored for a visitor who never writes.
       */
      draft?: true;
      /**
       * More messages follow the last one sent here (a replay is paged, 500 messages at a time): open
       * again with `lastSeq` set to the last one received.
       */
      hasMore?: boolean;
    }
  | AckError;

export type MessageSendPayload = {
  /**
   * A stored conversation of this visitor, or the draft this connection's last open returned: the first
   * message stores the draft (once: resending with the same clientMessageId after a lost ack finds it).
   * A draft must be opened on the connection before it is written in (otherwise `not_found`).
   */
  conversationId: string;
  /** Chosen by the widget (8–64 characters); the server deduplicates on (conversationId, clientMessageId). */
  clientMessageId: string;
  text: string;
};

export type MessageSendAck = { ok: true; message: Message } | AckError;

export type MessageDelta = { conversationId: string; messageId: string; delta: string };

export type TypingEvent = { conversationId: string; typing: boolean };

export interface WidgetClientToServerEvents {
  "conversation:open": (payload: ConversationOpenPayload, ack: (result: ConversationOpenAck) => void) => void;
  "message:send": (payload: MessageSendPayload, ack: (result: MessageSendAck) => void) => void;
}

export interface WidgetServerToClientEvents {
  message: (message: Message) => void;
  "message:delta": (delta: MessageDelta) => void;
  typing: (event: TypingEvent) => void;
}

/**
 * `GET /widget/config?key=SITE_KEY`: what the loader asks before it draws anything. Cacheable for a
 * minute (`Cache-Control`, `Vary: Origin`) and readable cross-origin (no cookies). The launcher is drawn
 * only for `active: true`; the reasons are the handshake's refusals (`WidgetConnectError`).
 */
export const WIDGET_CONFIG_PATH = "/widget/config";

export type WidgetConfigResponse =
  | { active: true; config: WidgetConfig }
  | { active: false; reason: Exclude<WidgetConnectError, "rate_limited"> };

/** Public chatbot appearance the widget needs before the first message (served with the loader). */
export type WidgetConfig = {
  businessName: string;
  welcomeMessage: string;
  /** CSS colour for the launcher and the visitor's bubbles. */
  accentColor: string;
  /** Hide "Powered by LeadBroom" (Enterprise white-label). */
  whiteLabel: boolean;
};

// ---------------------------------------------------------------------------------------------
// Namespace /workspace (signed-in users; authenticated by the session cookie)

export const WORKSPACE_NAMESPACE = "/workspace";

export type { LeadPriority, LeadStatus };

export type LeadSummary = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  score: number;
  priority: LeadPriority;
  status: LeadStatus;
  conversationId: string | null;
  isTest: boolean;
  createdAt: string;
};

export type WorkspaceNotification = {
  id: string;
  type: "new-lead" | "response" | "follow-up";
  text: string;
  leadId?: string;
  createdAt: string;
};

export interface WorkspaceServerToClientEvents {
  "lead:created": (payload: { lead: LeadSummary }) => void;
  "lead:updated": (payload: { lead: LeadSummary }) => void;
  "conversation:message": (payload: { message: Message }) => void;
  notification: (notification: WorkspaceNotification) => void;
  /** Sent to one member's own sockets when an owner changes their role: the open pages reload their data. */
  "member:updated": (payload: { role: MemberRole }) => void;
  /**
   * A first-run checklist fact was recorded (server/onboarding/): the widget first loaded on the
   * owner's website (`verify`, with that origin) or a test conversation was first opened (`test`).
   * An open dashboard ticks the step without a reload.
   */
  "onboarding:updated": (payload: OnboardingUpdate) => void;
  /**
   * A billing operation finished (its result is read with GET /api/billing-operations/:id, by owners
   * only), or the copy of the cards and invoices changed (decision 0038).
   */
  "billing:updated": (payload: BillingUpdate) => void;
}

export type BillingUpdate =
  | { operationId: string; operationStatus: "succeeded" | "requires_action" | "failed" }
  | { mirror: "refreshed" | "failed" };

export type OnboardingUpdate = { step: "verify"; origin: string } | { step: "test" };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WorkspaceClientToServerEvents {}

/** Room of a business in the /workspace namespace. */
export function businessRoom(businessId: string): string {
  return `business:${businessId}`;
}

/** Room of one member's workspace sockets (every tab, every instance) in the /workspace namespace. */
export function memberRoom(businessId: string, userId: string): string {
  return `business:${businessId}:user:${userId}`;
}
