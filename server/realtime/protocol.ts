// The realtime contract of DESIGN §3, shared by the server, the widget (type-only import) and any other
// client. Changing a shape here is changing the protocol: keep it backwards compatible.

// ---------------------------------------------------------------------------------------------
// Shared shapes

export type { MessageRole } from "../shared/enums.ts";
import type { LeadPriority, LeadStatus, MemberRole, MessageRole } from "../shared/enums.ts";
import type { LeadRowFields } from "../shared/leads/lead-row.ts";

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
  /** Who wrote an `agent` message (live takeover, DESIGN §14): the member's name and initials. */
  author?: MessageAuthor;
  /** Written or delivered by SMS (DESIGN §19); absent for the web chat. */
  channel?: "sms";
};

export type MessageAuthor = { name: string; initials: string };

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
  /** The host page's referrer (its origin is enough): the conversation's channel (DESIGN §13). */
  referrer?: string;
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

/**
 * `replies` (optional; decisions 0085, 0090): the bot's replies to this message when they were stored
 * together with it (the one-statement turn, decision 0079), for one packet instead of two; the sending
 * connection then gets no `message` event for them. The widget accepts them as if they came as `message` events.
 */
export type MessageSendAck = { ok: true; message: Message; replies?: Message[] } | AckError;

export type MessageDelta = { conversationId: string; messageId: string; delta: string };

export type TypingEvent = { conversationId: string; typing: boolean };

export interface WidgetClientToServerEvents {
  "conversation:open": (payload: ConversationOpenPayload, ack: (result: ConversationOpenAck) => void) => void;
  "message:send": (payload: MessageSendPayload, ack: (result: MessageSendAck) => void) => void;
  /** The visitor is typing (or stopped): shown live to members watching the conversation. No ack. */
  "visitor:typing": (payload: TypingEvent) => void;
  /** The visitor's answer to `sms:consent:ask` (DESIGN §19): a yes is stored with the wording shown. */
  "sms:consent": (payload: { conversationId: string; agree: boolean }, ack: (result: { ok: true } | AckError) => void) => void;
}

export interface WidgetServerToClientEvents {
  message: (message: Message) => void;
  "message:delta": (delta: MessageDelta) => void;
  typing: (event: TypingEvent) => void;
  /** The visitor gave a phone number and the business can text: ask "Can we text you at this number?". */
  "sms:consent:ask": (ask: SmsConsentAsk) => void;
  /** This instance is shutting down (SIGTERM, a rolling restart): reconnect, to another instance. */
  "server:draining": (payload: ServerDraining) => void;
}

/**
 * Sent by an instance that is shutting down (DESIGN §21) to its own sockets, in both namespaces. The client
 * disconnects and connects again after a random delay in [0, reconnectWithinMs) (the jitter spreads a
 * restart's reconnects instead of a thundering herd); the instance refuses new connections meanwhile, so
 * the proxy sends it to another one. A widget resends its outbox and reopens with its lastSeq as after
 * any reconnect; sockets still there when the window ends are closed (a transport close: socket.io's own
 * backoff reconnects them).
 */
export type ServerDraining = { reconnectWithinMs: number };

/** The consent question with the owner's exact wording (DESIGN §19). */
export type SmsConsentAsk = { conversationId: string; question: string; wording: string; phone: string };

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

export type LeadSummary = LeadRowFields<string> & { conversationId: string | null };

export type WorkspaceNotification = {
  id: string;
  type: "new-lead" | "response" | "follow-up" | "person-requested";
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
  /** Visitors came or went (live takeover): ask `presence:list` again. */
  "presence:changed": () => void;
  /** The visitor of a conversation is typing (or stopped). */
  "conversation:typing": (payload: TypingEvent) => void;
  /** A member joined or left a conversation (or the bot took it back after 10 minutes of silence). */
  "conversation:agent": (payload: ConversationAgentEvent) => void;
  /**
   * A billing operation finished (its result is read with GET /api/billing-operations/:id, by owners
   * only), or the copy of the cards and invoices changed (decision 0038).
   */
  "billing:updated": (payload: BillingUpdate) => void;
  /** An automation's runs changed (a run started or a step finished, server/automations/): the Automation page reloads them. */
  "automation:runs": (payload: { automationId: string }) => void;
  /** This instance is shutting down: reconnect within the window (see ServerDraining). */
  "server:draining": (payload: ServerDraining) => void;
}

export type BillingUpdate =
  | { operationId: string; operationStatus: "succeeded" | "requires_action" | "failed" }
  | { mirror: "refreshed" | "failed" };

export type OnboardingUpdate = { step: "verify"; origin: string } | { step: "test" };

// ---------------------------------------------------------------------------------------------
// Live takeover (DESIGN §14): members see who is chatting now, join a conversation, write in it.

/** Error codes of the /workspace takeover acks. */
export type TakeoverErrorCode =
  | "invalid_payload"
  | "message_too_long"
  | "not_found"
  | "conversation_closed"
  /** Another member has joined: `agent` says who; join again with `takeOver: true` to take it over. */
  | "taken"
  /** Writing or typing in a conversation this member has not joined. */
  | "not_joined"
  /** This business cannot join chats (an expired trial). */
  | "forbidden"
  | "rate_limited"
  | "server_error";

export type TakeoverAck<T> = ({ ok: true } & T) | { ok: false; error: TakeoverErrorCode; agent?: MessageAuthor };

/** A visitor connected now, with their conversation (if they opened one) as the live inbox lists it. */
export type LiveVisitor = {
  visitorId: string;
  conversationId: string | null;
  pageUrl: string | null;
  /** Stored conversations only: the lead's score so far, the last message, who has joined. */
  score: number | null;
  lastMessage: { role: MessageRole; text: string; createdAt: string } | null;
  agent: MessageAuthor | null;
  isTest: boolean;
  /** A conversation going on by SMS (DESIGN §19): not on the site, texting from `phone`. */
  channel?: "sms";
  phone?: string | null;
};

/** Who has joined a conversation, pushed to the business's members when it changes. */
export type ConversationAgentEvent = { conversationId: string; agent: (MessageAuthor & { userId: string }) | null };

export type AgentMessageSendPayload = MessageSendPayload;

export interface WorkspaceClientToServerEvents {
  /** The visitors on the business's site now (every instance's). */
  "presence:list": (payload: Record<string, never>, ack: (result: TakeoverAck<{ visitors: LiveVisitor[] }>) => void) => void;
  /** Joins (or with takeOver, takes over from another member); acked with the transcript so far. */
  "conversation:join": (
    payload: { conversationId: string; takeOver?: boolean },
    ack: (result: TakeoverAck<{ messages: Message[]; message?: Message }>) => void,
  ) => void;
  "conversation:leave": (payload: { conversationId: string }, ack: (result: TakeoverAck<{ message?: Message }>) => void) => void;
  "agent:message:send": (payload: AgentMessageSendPayload, ack: (result: TakeoverAck<{ message: Message }>) => void) => void;
  "agent:typing": (payload: TypingEvent, ack: (result: TakeoverAck<object>) => void) => void;
}

/** Room of a business in the /workspace namespace. */
export function businessRoom(businessId: string): string {
  return `business:${businessId}`;
}

/** Room of one member's workspace sockets (every tab, every instance) in the /workspace namespace. */
export function memberRoom(businessId: string, userId: string): string {
  return `business:${businessId}:user:${userId}`;
}
