// The visitor side of a conversation: open/resume, store visitor messages (acked only once stored),
// run the assistant turn, store and emit its replies, and capture the lead. Called by the /widget
// socket handlers; knows nothing of socket.io beyond the emitter interface.
import type { Db } from "../db/client.server.ts";
import type { Assistant } from "../conversation/assistant.ts";
import { restoreState, startConversation, toScoreInput } from "../conversation/engine.ts";
import { captureLead } from "../leads/capture-lead.server.ts";
import type { Logger } from "../mail/mailer.server.ts";
import { findChatbotById, toBusinessProfile, type ChatbotRecord } from "../chatbots/profile.server.ts";
import type {
  ConversationOpenAck,
  ConversationOpenPayload,
  LeadSummary,
  Message,
  MessageDelta,
  MessageSendAck,
  WidgetConfig,
} from "../realtime/protocol.ts";
import {
  appendMessage,
  createConversation,
  findConversation,
  findVisitorConversation,
  messagesAfter,
  saveConversationState,
  type ConversationRow,
  type StoredConversationState,
} from "./conversations.server.ts";
import { checkMessageText } from "../realtime/widget-payloads.ts";
import { createKeyedQueue } from "./keyed-queue.ts";

/** Where the chat service sends realtime events; implemented over socket.io rooms. */
export type ChatEmitter = {
  message(conversationId: string, message: Message): void;
  delta(delta: MessageDelta): void;
  typing(conversationId: string, typing: boolean): void;
  workspaceMessage(businessId: string, message: Message): void;
  leadCreated(businessId: string, lead: LeadSummary): void;
  leadUpdated(businessId: string, lead: LeadSummary): void;
};

/** The chatbot was deactivated after this visitor connected: the socket should be closed. */
export class ChatbotInactiveError extends Error {
  constructor() {
    super("chatbot_inactive");
    this.name = "ChatbotInactiveError";
  }
}

/** Who is talking: established by the handshake (site key → chatbot), never by payloads. */
export type VisitorContext = {
  chatbotId: string;
  businessId: string;
  visitorId: string;
  /** The connection comes from the app's own origin (the Test Chatbot page). */
  fromAppOrigin: boolean;
};

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: {
  db: Db;
  assistant: Assistant;
  emitter: ChatEmitter;
  logger: Logger;
  clock?: () => Date;
}) {
  const { db, emitter, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  // Turns of one conversation run one after another, in seq order.
  const queue = createKeyedQueue();

  async function loadChatbot(chatbotId: string): Promise<ChatbotRecord> {
    const chatbot = await findChatbotById(db, chatbotId);
    if (!chatbot) throw new Error(`chatbot ${chatbotId} vanished`);
    return chatbot;
  }

  function widgetConfig(chatbot: ChatbotRecord): WidgetConfig {
    const settings = (chatbot.settings ?? {}) as { accentColor?: unknown };
    const accent = typeof settings.accentColor === "string" && /^#[0-9a-f]{6}$/i.test(settings.accentColor) ? settings.accentColor : "#1d64d8";
    return {
      businessName: chatbot.businessName,
      welcomeMessage: chatbot.welcomeMessage,
      accentColor: accent,
      whiteLabel: chatbot.business.plan === "Enterprise",
    };
  }

  async function storeAndEmit(conversation: ConversationRow, role: Message["role"], text: string, quickReplies?: string[]) {
    const { message } = await appendMessage(db, {
      conversationId: conversation.id,
      businessId: conversation.businessId,
      role,
      text,
      quickReplies,
      now: clock(),
    });
    emitter.message(conversation.id, message);
    emitter.workspaceMessage(conversation.businessId, message);
    return message;
  }

  async function open(visitor: VisitorContext, payload: ConversationOpenPayload): Promise<ConversationOpenAck> {
    const chatbot = await loadChatbot(visitor.chatbotId);
    if (!chatbot.isActive) throw new ChatbotInactiveError();
    const config = widgetConfig(chatbot);
    if (payload.conversationId) {
      const conversation = await findVisitorConversation(db, {
        conversationId: payload.conversationId,
        chatbotId: visitor.chatbotId,
        visitorId: visitor.visitorId,
      });
      if (!conversation) return { ok: false, error: "not_found" };
      if (conversation.status === "closed") return { ok: false, error: "conversation_closed" };
      // A visitor message stored before a crash but never answered is answered now.
      void queue.run(conversation.id, () => answerPending(conversation.id));
      return {
        ok: true,
        conversationId: conversation.id,
        messages: await messagesAfter(db, conversation.id, payload.lastSeq ?? 0),
        config,
      };
    }
    const profile = toBusinessProfile(chatbot);
    const started = startConversation(profile);
    const conversation = await createConversation(db, {
      businessId: visitor.businessId,
      chatbotId: visitor.chatbotId,
      visitorId: visitor.visitorId,
      // Only the app's own Test Chatbot page may flag a conversation as a test.
      isTest: Boolean(payload.test) && visitor.fromAppOrigin,
      pageUrl: payload.pageUrl,
      state: { engine: started.state, handledSeq: 0 },
    });
    const messages: Message[] = [];
    for (const reply of started.replies) {
      const { message } = await appendMessage(db, {
        conversationId: conversation.id,
        businessId: conversation.businessId,
        role: "bot",
        text: reply.text,
        quickReplies: reply.quickReplies,
        now: clock(),
      });
      messages.push(message);
      emitter.workspaceMessage(conversation.businessId, message);
    }
    return { ok: true, conversationId: conversation.id, messages, config };
  }

  async function send(
    visitor: VisitorContext,
    payload: { conversationId: string; clientMessageId: string; text: string },
  ): Promise<MessageSendAck> {
    const checked = checkMessageText(payload.text);
    if (!checked.ok) return { ok: false, error: checked.error };
    const conversation = await findVisitorConversation(db, {
      conversationId: payload.conversationId,
      chatbotId: visitor.chatbotId,
      visitorId: visitor.visitorId,
    });
    if (!conversation) return { ok: false, error: "not_found" };
    if (!conversation.chatbotActive) throw new ChatbotInactiveError();
    if (conversation.status === "closed") return { ok: false, error: "conversation_closed" };
    const { message, created } = await appendMessage(db, {
      conversationId: conversation.id,
      businessId: conversation.businessId,
      role: "visitor",
      text: checked.text,
      clientMessageId: payload.clientMessageId,
      now: clock(),
    });
    if (created) {
      emitter.message(conversation.id, message);
      emitter.workspaceMessage(conversation.businessId, message);
      void queue.run(conversation.id, () => answerPending(conversation.id));
    }
    return { ok: true, message };
  }

  /** Answers every stored visitor message after handledSeq, in order. Runs inside the queue. */
  async function answerPending(conversationId: string): Promise<void> {
    try {
      const conversation = await findConversation(db, conversationId);
      if (!conversation) return;
      // Stored JSON is validated before the engine sees it; an unknown shape starts the flow afresh.
      let stored: StoredConversationState = {
        engine: restoreState(conversation.state?.engine),
        handledSeq: conversation.state?.handledSeq ?? 0,
        ...(conversation.state?.leadId ? { leadId: conversation.state.leadId } : {}),
      };
      const pending = (await messagesAfter(db, conversationId, stored.handledSeq)).filter((m) => m.role === "visitor");
      if (pending.length === 0) return;
      const chatbot = await loadChatbot(conversation.chatbotId);
      const profile = toBusinessProfile(chatbot);
      for (const visitorMessage of pending) {
        emitter.typing(conversationId, true);
        const turn = await deps.assistant.respond(
          {
            state: stored.engine,
            text: visitorMessage.text,
            profile,
            now: clock(),
            history: () => recentHistory(conversationId),
          },
          // Streaming is wired when an assistant produces deltas (the AI assistant).
          undefined,
        );
        for (const reply of turn.replies) {
          await storeAndEmit(conversation, "bot", reply.text, reply.quickReplies);
        }
        emitter.typing(conversationId, false);
        let leadId = stored.leadId;
        if (turn.contactCaptured || turn.completed || leadId) {
          const captured = await captureLead(db, {
            businessId: conversation.businessId,
            conversationId,
            isTest: conversation.isTest,
            answers: turn.state.answers,
            scoreInput: toScoreInput(turn.state.answers, profile),
            now: clock(),
          });
          leadId = captured.lead.id;
          if (captured.kind === "created") emitter.leadCreated(conversation.businessId, captured.lead);
          else emitter.leadUpdated(conversation.businessId, captured.lead);
        }
        stored = { engine: turn.state, handledSeq: visitorMessage.seq, ...(leadId ? { leadId } : {}) };
        await saveConversationState(db, conversationId, stored);
      }
    } catch (error) {
      emitter.typing(conversationId, false);
      logger.error(`[chat] answering conversation ${conversationId} failed`, error);
    }
  }

  async function recentHistory(conversationId: string) {
    const rows = await db.message.findMany({
      where: { conversationId, role: { in: ["visitor", "bot"] } },
      orderBy: { seq: "desc" },
      take: 20,
      select: { role: true, text: true },
    });
    return rows.reverse().map((r) => ({ role: r.role as "visitor" | "bot", text: r.text }));
  }

  return {
    open,
    send,
    /** Resolves when every queued turn has finished (tests, shutdown). */
    idle: () => queue.idle(),
  };
}
