// A text from a person runs the same chat turn as a widget message (DESIGN §19): the chat service
// stores it in the conversation (deduplicated by the SMS's id as its client message id), the engine
// answers, and the caller sends the answers back by SMS once the turn has settled.
import type { ChatService } from "../chat/chat-service.server.ts";

export type SmsTurnInput = {
  businessId: string;
  chatbotId: string;
  visitorId: string;
  /** The conversation the number belongs to; omitted to start a new one. */
  conversationId?: string;
  /**
   * A new conversation's start: the number is the person's phone (the bot does not ask for it) and,
   * when the number's lead exists (a missed call's, or the `sms` lead of a first text), the chat's
   * answers complete that lead rather than capturing another.
   */
  start?: { phone: string; leadId?: string };
  clientMessageId: string;
  text: string;
};
export type SmsTurnResult = { ok: true; conversationId: string; seq: number } | { ok: false; error: string };

export async function runSmsTurn(chat: ChatService, input: SmsTurnInput): Promise<SmsTurnResult> {
  const visitor = { chatbotId: input.chatbotId, businessId: input.businessId, visitorId: input.visitorId, fromAppOrigin: false };
  let conversationId = input.conversationId;
  let draft;
  if (!conversationId) {
    const opened = await chat.open(visitor, {});
    if (!opened.ack.ok) return { ok: false, error: opened.ack.error };
    conversationId = opened.ack.conversationId;
    draft = opened.draft;
    if (draft && input.start) {
      const { engine } = draft.state;
      draft = {
        ...draft,
        state: {
          ...draft.state,
          engine: { ...engine, answers: { ...engine.answers, phone: input.start.phone } },
          ...(input.start.leadId ? { leadId: input.start.leadId } : {}),
        },
      };
    }
  }
  const ack = await chat.send(visitor, { conversationId, clientMessageId: input.clientMessageId, text: input.text }, draft ? { draft } : {});
  if (!ack.ok) return { ok: false, error: ack.error };
  await chat.settled(conversationId);
  return { ok: true, conversationId, seq: ack.message.seq };
}
