// The visitor side of a conversation: open/resume, store visitor messages (acked only once stored),
// run the assistant turn, store and emit its replies, and capture the lead. Called by the /widget
// socket handlers; knows nothing of socket.io beyond the emitter interface.
import { classifyChannel } from "../analytics/channels.ts";
import type { Db } from "../db/client.server.ts";
import type { Assistant } from "../conversation/assistant.ts";
import { restoreState, resumeQualification, startConversation, toScoreInput, type AnswerChange, type Answers, type BusinessProfile, type TurnResult } from "../conversation/engine.ts";
import { recordAnswerCorrections } from "../leads/lead-corrections.server.ts";
import { scoreLead } from "../shared/scoring/score.ts";
import { captureLead, type CaptureResult } from "../leads/capture-lead.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { emitEvents } from "../events/emit-events.server.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import { asksForPerson, personRequestNotice } from "../conversation/person-request.ts";
import { recordPersonRequest } from "../notifications/person-request.server.ts";
import type { Logger } from "../shared/logger.ts";
import type { ChatbotCache } from "../chatbots/chatbot-cache.server.ts";
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import { hideLeadDetails } from "../billing/lead-visibility.ts";
import { findChatbotById, toBusinessProfile, type ChatbotRecord } from "../chatbots/profile.server.ts";
import type {
  ConversationOpenAck,
  ConversationOpenPayload,
  LeadSummary,
  Message,
  MessageDelta,
  MessageSendAck,
  WidgetConfig,
  WorkspaceNotification,
} from "../realtime/protocol.ts";
import {
  createConversationWithFirstMessage,
  draftConversation,
  findVisitorConversation,
  type DraftConversation,
  type StoredConversationState,
} from "./conversations.server.ts";
import {
  loadPendingTurn,
  storeBotTurn,
  storeWholeTurn,
  storeVisitorMessage,
  type PendingTurn,
  type StoreVisitorResult,
  type TurnContext,
} from "./turn-store.server.ts";
import { publicWidgetConfig } from "../chatbots/widget-config.server.ts";
import { newMessageId } from "./ids.ts";
import { checkMessageText, pageOriginAndPath } from "../chatbots/widget-payloads.ts";
import { verifyTestToken } from "./test-token.ts";
import { isDraftConversationId, newDraftConversationId } from "./draft-ids.ts";
import { createKeyedQueue } from "./keyed-queue.ts";
import { createTurnCache } from "./turn-cache.ts";
import type { SiteAssistant } from "../site-assistant/assistant.server.ts";
import { restoreSiteState, resumeSite } from "../site-assistant/engine.ts";
import { captureProspect } from "../site-assistant/capture.server.ts";
import { commandContext } from "../events/command-context.server.ts";
import { readChatBookingState, type ChatBooking } from "../appointments/chat-booking.server.ts";

/** Where the chat service sends realtime events; implemented over socket.io rooms. */
export type ChatEmitter = {
  /** To the conversation's widgets; `exceptSocketId`: not to the connection that sent it (its ack carries the message). */
  message(conversationId: string, message: Message, exceptSocketId?: string): void;
  delta(delta: MessageDelta): void;
  typing(conversationId: string, typing: boolean): void;
  workspaceMessage(businessId: string, message: Message): void;
  /** A lead captured by the chat, with the team's "new-lead" notification stored alongside it. */
  leadCreated(businessId: string, lead: LeadSummary, notification?: WorkspaceNotification): void;
  leadUpdated(businessId: string, lead: LeadSummary): void;
  /** A notification for the team (a visitor asked for a person). */
  notification?(businessId: string, notification: WorkspaceNotification): void;
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

/** Conversations a recovery run answers at once (each may call the AI model). */
const RECOVERY_CONCURRENCY = 8;

export type ChatService = ReturnType<typeof createChatService>;

/** Where a test may have the process die mid-turn (tests/integration/lead-crash.test.ts). */
export type CrashPoint = "before-reply" | "before-capture";

/** What opening tells the connection: the ack, and a new conversation's draft to keep until it is written in. */
export type OpenResult = { ack: ConversationOpenAck; draft?: DraftConversation };

export type SendOptions = {
  /** The connection's drafted conversation (from `open`): stored with this message if it is its id. */
  draft?: DraftConversation;
  /** Consumes the new-conversation limit; false refuses the message (`rate_limited`) and stores nothing. */
  allowNewConversation?: () => Promise<boolean>;
  /** The draft is stored now (by this call or before it): the connection can let it go. */
  onStored?: () => void;
  /** The sending connection: its ack carries the stored message, so the room's copy skips it (one packet less per turn, issue 28). */
  senderSocketId?: string;
};

export function createChatService(deps: {
  db: Db;
  chatbots: ChatbotCache;
  assistant: Assistant;
  emitter: ChatEmitter;
  logger: Logger;
  /** Verifies the Test Chatbot page's tokens (test-token.ts) and signs draft conversation ids (draft-ids.ts). */
  testTokenSecret: string;
  /** A conversation was opened on the Test Chatbot page (the first-run checklist's "test" step). */
  onTestOpened?: (visitor: VisitorContext) => void;
  /** Live takeover: whether any member of the business has the workspace open (every instance). */
  membersOnline?: (businessId: string) => Promise<boolean>;
  /** The job layer: the team's e-mail when a visitor asks for a person, and a turn's lead events
   * (`lead.scored`, `message.received`) for automations. */
  jobs?: JobQueue;
  clock?: () => Date;
  /** Booking the walkthrough after the qualification (issue 31); without it the chat offers none. */
  booking?: ChatBooking;
  /** Tests only (env TEST_CRASH_AT, refused in production): the process kills itself there, as kill -9 would. */
  crashAt?: CrashPoint;
  /** The visitor gave a phone number in this turn (two-way SMS asks for consent, server/sms/consent.server.ts). */
  onPhoneGiven?: (args: { businessId: string; conversationId: string; phone: string; isTest: boolean }) => void;
  /** A visitor wrote in a chat a member joined (Web Push rings the member if it stays unanswered, server/push/). */
  onVisitorWaiting?: (args: { businessId: string; conversationId: string; agentUserId: string; seq: number }) => void;
  /** LeadBroom's own site assistant (decision 0063): answers the chatbots of the operator's business. */
  siteAssistant?: SiteAssistant;
  /** Metrics (decision 0075): a visitor's message answered (or the turn failed); `startedAt` is performance.now() when it arrived. */
  onTurn?: (conversationId: string, startedAt: number, failed: boolean) => void;
}) {
  const { db, emitter, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  // Turns of one conversation run one after another, in seq order.
  const queue = createKeyedQueue();
  // What this process last stored per conversation (the one-statement turn, decision 0079).
  const turns = createTurnCache();
  const { siteAssistant } = deps;

  /** The operator's business talks through the site assistant, every other through the cleaning engine. */
  function siteAssistantFor(chatbot: ChatbotRecord): SiteAssistant | null {
    return chatbot.business.kind === "operator" && siteAssistant ? siteAssistant : null;
  }

  /** Fresh from the database (opening a conversation: activation and welcome exactly as saved). */
  async function loadChatbot(chatbotId: string): Promise<ChatbotRecord> {
    const chatbot = await findChatbotById(db, chatbotId);
    if (!chatbot) throw new Error(`chatbot ${chatbotId} vanished`);
    return chatbot;
  }

  /** From the short-lived cache (every bot turn: the profile the engine answers from). */
  async function cachedChatbot(chatbotId: string): Promise<ChatbotRecord> {
    const chatbot = await deps.chatbots.byId(chatbotId);
    if (!chatbot) throw new Error(`chatbot ${chatbotId} vanished`);
    return chatbot;
  }

  /**
   * Opens a conversation: resumes a stored one (the messages after `lastSeq`), or shows a new one's
   * welcome without storing it (DESIGN §3). The caller keeps the returned draft for the connection and
   * hands it to `send`, whose first message stores the conversation.
   */
  async function open(visitor: VisitorContext, payload: ConversationOpenPayload): Promise<OpenResult> {
    const chatbot = await loadChatbot(visitor.chatbotId);
    if (!chatbot.isActive) throw new ChatbotInactiveError();
    const config = publicWidgetConfig(chatbot, clock());
    if (payload.conversationId) {
      const conversation = await findVisitorConversation(db, {
        conversationId: payload.conversationId,
        chatbotId: visitor.chatbotId,
        visitorId: visitor.visitorId,
        afterSeq: payload.lastSeq ?? 0,
      });
      if (!conversation) {
        // A draft of this visitor's that nobody wrote in yet (so never stored): the same draft again,
        // whichever connection asks, so its first message is stored once (draft-ids.ts).
        if (isDraftConversationId(deps.testTokenSecret, payload.conversationId, visitor.chatbotId, visitor.visitorId)) {
          return openDraft(visitor, payload, chatbot, config, payload.conversationId);
        }
        return { ack: { ok: false, error: "not_found" } };
      }
      if (conversation.status === "closed") return { ack: { ok: false, error: "conversation_closed" } };
      // A visitor message stored before a crash but never answered is answered now.
      void queue.run(conversation.id, () => answerPending(conversation.id));
      return {
        ack: {
          ok: true,
          conversationId: conversation.id,
          messages: conversation.messages,
          config,
          ...(conversation.hasMore ? { hasMore: true } : {}),
        },
      };
    }
    return openDraft(visitor, payload, chatbot, config, newDraftConversationId(deps.testTokenSecret, visitor.chatbotId, visitor.visitorId));
  }

  function openDraft(
    visitor: VisitorContext,
    payload: ConversationOpenPayload,
    chatbot: ChatbotRecord,
    config: WidgetConfig,
    conversationId: string,
  ): OpenResult {
    const started = startConversation(toBusinessProfile(chatbot));
    const site = siteAssistantFor(chatbot)?.start(chatbot.welcomeMessage);
    // Only the app's own Test Chatbot page may flag a conversation as a test: with the token it was
    // given for this chatbot (the Origin alone can be forged by a non-browser client). Opening the test
    // chat is the checklist's "test the chatbot", whether or not the owner then writes.
    const isTest = visitor.fromAppOrigin && verifyTestToken(deps.testTokenSecret, visitor.chatbotId, payload.test, clock().getTime());
    if (isTest) deps.onTestOpened?.(visitor);
    const draft = draftConversation({
      conversationId,
      isTest,
      pageUrl: pageOriginAndPath(payload.pageUrl),
      channel: classifyChannel({ pageUrl: payload.pageUrl, referrer: payload.referrer }),
      state: { engine: started.state, handledSeq: 0, ...(site ? { site: site.state } : {}) },
      opening: site ? site.replies : started.replies,
      now: clock(),
    });
    const afterSeq = payload.lastSeq ?? 0;
    return {
      ack: { ok: true, conversationId, messages: draft.opening.filter((m) => m.seq > afterSeq), config, draft: true },
      draft,
    };
  }

  /** The team's live views see the welcome and the first message together, as the visitor did. */
  function echoOpening(chatbot: ChatbotRecord, businessId: string, draft: DraftConversation): void {
    if (leadDetailsHidden(chatbot.business, clock())) return;
    for (const opening of draft.opening) emitter.workspaceMessage(businessId, opening);
  }

  /**
   * Stores a drafted conversation with the visitor's first message. Null when nothing was stored here:
   * the conversation already exists (a resend after a lost ack, a race) or the chatbot was switched off.
   */
  async function storeDraft(
    visitor: VisitorContext,
    payload: { clientMessageId: string; text: string },
    draft: DraftConversation,
  ): Promise<{ message: Message; context: TurnContext } | null> {
    const created = await createConversationWithFirstMessage(db, {
      draft,
      businessId: visitor.businessId,
      chatbotId: visitor.chatbotId,
      visitorId: visitor.visitorId,
      clientMessageId: payload.clientMessageId,
      text: payload.text,
      now: clock(),
    });
    if (!created) return null;
    const { message } = created;
    echoOpening(await cachedChatbot(visitor.chatbotId), visitor.businessId, draft);
    return {
      message,
      context: { businessId: visitor.businessId, isTest: draft.isTest, state: draft.state, othersWaiting: false, agentUserId: null },
    };
  }

  async function send(
    visitor: VisitorContext,
    payload: { conversationId: string; clientMessageId: string; text: string },
    options: SendOptions = {},
  ): Promise<MessageSendAck> {
    const receivedAt = performance.now();
    const checked = checkMessageText(payload.text);
    if (!checked.ok) return { ok: false, error: checked.error };
    const input = { clientMessageId: payload.clientMessageId, text: checked.text };
    const draft = options.draft?.conversationId === payload.conversationId ? options.draft : undefined;
    if (!draft) {
      const fast = await fastTurn(visitor, payload.conversationId, input, receivedAt, options.senderSocketId);
      if (fast) return fast;
    }
    let created: { message: Message; context: TurnContext } | null = null;
    if (draft) {
      // A new conversation is counted when it is stored, not when the chat is opened.
      if (options.allowNewConversation && !(await options.allowNewConversation())) return { ok: false, error: "rate_limited" };
      const first = await firstTurn(visitor, draft, input, receivedAt, options.senderSocketId);
      if (first) {
        options.onStored?.();
        return first;
      }
      created = await storeDraft(visitor, input, draft);
      options.onStored?.();
    }
    const stored: StoreVisitorResult = created
      ? { kind: "stored", ...created }
      : await storeVisitorMessage(db, {
          conversationId: payload.conversationId,
          chatbotId: visitor.chatbotId,
          visitorId: visitor.visitorId,
          ...input,
          now: clock(),
        });
    switch (stored.kind) {
      case "stored": {
        const { message, context } = stored;
        emitter.message(payload.conversationId, message, options.senderSocketId);
        void echoToWorkspace(visitor.chatbotId, context.businessId, message);
        // A team member has joined (live takeover): the bot stays silent; the message waits for them.
        if (context.agentUserId) {
          deps.onVisitorWaiting?.({ businessId: context.businessId, conversationId: payload.conversationId, agentUserId: context.agentUserId, seq: message.seq });
          return { ok: true, message };
        }
        if (asksForPerson(message.text)) {
          void queue.run(payload.conversationId, () => answerPersonRequest(payload.conversationId, message));
          return { ok: true, message };
        }
        // The common case: nothing else is waiting and no turn of this conversation is running here,
        // so the state returned by the insert is current and the turn needs no second read.
        const turn: PendingTurn | null =
          context.othersWaiting || queue.busy(payload.conversationId)
            ? null
            : {
                id: payload.conversationId,
                businessId: context.businessId,
                chatbotId: visitor.chatbotId,
                isTest: context.isTest,
                state: context.state,
                pending: [{ seq: message.seq, text: message.text }],
              };
        void queue.run(payload.conversationId, () => (turn ? answerTurns(turn, receivedAt) : answerPending(payload.conversationId, receivedAt)));
        return { ok: true, message };
      }
      case "duplicate":
        return { ok: true, message: stored.message };
      case "not_found":
        // A draft not stored because the chatbot was switched off in between.
        if (draft && !(await loadChatbot(visitor.chatbotId)).isActive) throw new ChatbotInactiveError();
        return { ok: false, error: "not_found" };
      case "closed":
        return { ok: false, error: "conversation_closed" };
      case "inactive":
        deps.chatbots.forgetBusiness(visitor.businessId);
        throw new ChatbotInactiveError();
    }
  }

  /**
   * Echoes a message to the team's live views, unless the business's lead details are hidden (an
   * expired trial, decision 0010): what visitors write is shown only after subscribing.
   */
  async function echoToWorkspace(chatbotId: string, businessId: string, message: Message): Promise<void> {
    try {
      const chatbot = await cachedChatbot(chatbotId);
      if (!leadDetailsHidden(chatbot.business, clock())) emitter.workspaceMessage(businessId, message);
    } catch (error) {
      logger.error(`[chat] echoing message ${message.id} to the workspace failed`, error);
    }
  }

  /** Answers every stored visitor message after handledSeq, in order. Runs inside the queue. */
  async function answerPending(conversationId: string, receivedAt?: number): Promise<void> {
    let turn: PendingTurn | null;
    try {
      turn = await loadPendingTurn(db, conversationId);
    } catch (error) {
      logger.error(`[chat] loading conversation ${conversationId} failed`, error);
      return;
    }
    if (!turn || turn.agentUserId) return;
    if (turn.pending.length > 0) {
      await answerTurns(turn, receivedAt);
      return;
    }
    // A lead left due by a crash between the reply and its capture is captured now.
    const stored = restoreStored(turn.state);
    if (stored.leadPending && !stored.leadId) {
      try {
        const chatbot = await cachedChatbot(turn.chatbotId);
        if (siteAssistantFor(chatbot)) await captureSiteProspect(turn, stored);
        else await captureFor(turn, chatbot, stored);
      } catch (error) {
        logger.error(`[chat] capturing the lead of conversation ${conversationId} failed`, error);
      }
    }
  }

  /** Stored JSON is validated before the engine sees it; an unknown shape starts the flow afresh. */
  function restoreStored(state: unknown): StoredConversationState {
    const raw = (state ?? {}) as Partial<StoredConversationState>;
    return {
      engine: restoreState(raw.engine),
      handledSeq: typeof raw.handledSeq === "number" ? raw.handledSeq : 0,
      ...(typeof raw.leadId === "string" ? { leadId: raw.leadId } : {}),
      ...(raw.leadPending === true ? { leadPending: true as const } : {}),
      ...(raw.site !== undefined ? { site: restoreSiteState(raw.site) } : {}),
      ...(readChatBookingState(raw.booking) ? { booking: readChatBookingState(raw.booking)! } : {}),
    };
  }

  /**
   * Stores (or updates) the conversation's lead from the state's answers and pushes it to the team.
   * Returns the lead's id.
   */
  async function captureFor(
    turn: PendingTurn,
    chatbot: ChatbotRecord,
    stored: StoredConversationState,
    events?: (scored: { score: number; incomplete: boolean }) => DomainEvent[],
  ): Promise<CaptureResult> {
    // An expired trial keeps capturing leads but shows no details until it subscribes (decision 0010).
    const hidden = leadDetailsHidden(chatbot.business, clock());
    const captured = await captureLead(db, {
      businessId: turn.businessId,
      conversationId: turn.id,
      leadId: stored.leadId,
      isTest: turn.isTest,
      answers: stored.engine.answers,
      scoreInput: toScoreInput(stored.engine.answers, toBusinessProfile(chatbot)),
      now: clock(),
      notify: { hideDetails: hidden },
      ...(events ? { events } : {}),
      jobs: deps.jobs,
    });
    const lead = hidden ? hideLeadDetails(captured.lead) : captured.lead;
    if (captured.kind === "created") emitter.leadCreated(turn.businessId, lead, captured.notification);
    else emitter.leadUpdated(turn.businessId, lead);
    return captured;
  }

  /**
   * After a turn of a conversation whose lead existed already: the visitor's message and, once every
   * factor is answered or the chat is finished (a skipped question stays unanswered), the lead's
   * score, as domain events (a created lead's own event covers both).
   */
  function turnEvents(turn: PendingTurn, leadId: string, scored: { score: number; incomplete: boolean }, message: { seq: number; text: string }, completed: boolean) {
    const events: DomainEvent[] = [
      { type: "message.received", businessId: turn.businessId, leadId, messageId: `${turn.id}:${message.seq}`, text: message.text },
    ];
    if (!scored.incomplete || completed) events.push({ type: "lead.scored", businessId: turn.businessId, leadId, score: scored.score });
    return events;
  }

  async function emitTurnEvents(turn: PendingTurn, captured: CaptureResult, message: { seq: number; text: string }, completed = false) {
    if (!deps.jobs || captured.kind !== "updated") return;
    const events = turnEvents(turn, captured.lead.id, { score: captured.lead.score, incomplete: captured.incomplete !== false }, message, completed);
    try {
      await emitEvents(deps.jobs, db, events);
    } catch (error) {
      logger.error(`[chat] emitting the lead events of conversation ${turn.id} failed`, error);
    }
  }

  /** Answers the turn's pending visitor messages in order, storing each answer with its state. */
  async function answerTurns(turn: PendingTurn, receivedAt = performance.now()): Promise<void> {
    const conversationId = turn.id;
    // The metrics' turn: a message is being answered until its reply is sent (then capture may still fail).
    let answering = false;
    const answered = () => {
      answering = false;
      deps.onTurn?.(conversationId, receivedAt, false);
    };
    try {
      let stored = restoreStored(turn.state);
      const chatbot = await cachedChatbot(turn.chatbotId);
      const profile = toBusinessProfile(chatbot);
      const site = siteAssistantFor(chatbot);
      for (const visitorMessage of turn.pending) {
        answering = true;
        if (site) {
          const next = await answerSiteMessage(site, turn, chatbot, stored, visitorMessage);
          if (!next) return;
          answered();
          stored = next;
          continue;
        }
        const booking = await answerBooking(turn, chatbot, stored, visitorMessage);
        if (booking) {
          answered();
          stored = booking;
          continue;
        }
        emitter.typing(conversationId, true);
        // Reply ids exist before the replies are stored, so streamed deltas carry the final id.
        const replyIds: string[] = [];
        const answersBefore = stored.engine.answers;
        const result = await deps.assistant.respond(
          {
            state: stored.engine,
            text: visitorMessage.text,
            profile,
            now: clock(),
            history: () => recentHistory(conversationId),
            conversation: { id: conversationId, businessId: turn.businessId, isTest: turn.isTest },
          },
          (index, delta) => {
            replyIds[index] ??= newMessageId();
            emitter.delta({ conversationId, messageId: replyIds[index], delta });
          },
        );
        const capture = Boolean(result.contactCaptured || result.completed || stored.leadId || stored.leadPending);
        stored = {
          engine: result.state,
          handledSeq: visitorMessage.seq,
          ...(stored.leadId ? { leadId: stored.leadId } : capture ? { leadPending: true as const } : {}),
          ...(stored.booking ? { booking: stored.booking } : {}),
        };
        // The reply first, then the lead (decision 0007): the visitor never waits for the lead's
        // statements. The state stored with the reply says a lead is due, so a crash in between loses
        // nothing (answerPending captures it when the conversation resumes).
        if (capture && !stored.leadId) await crashPoint("before-reply");
        const replies = await storeBotTurn(db, {
          conversationId,
          answering: visitorMessage.seq,
          replies: result.replies.map((reply, index) => ({
            id: replyIds[index] ?? newMessageId(),
            text: reply.text,
            quickReplies: reply.quickReplies,
          })),
          state: stored,
          now: clock(),
          ended: result.completed && !turn.isTest,
          jobs: deps.jobs,
        });
        emitter.typing(conversationId, false);
        if (replies.length === 0 && result.replies.length > 0) {
          // Answered already: by another instance recovering this conversation (turn-recovery.server.ts).
          logger.warn(`[chat] conversation ${conversationId} message ${visitorMessage.seq} was answered elsewhere`);
          return;
        }
        const lastSeq = replies.at(-1)?.seq;
        stored = await afterReplies({ turn, chatbot, profile, answersBefore, result, visitorMessage, replies, stored, capture, sent: answered });
        if (lastSeq !== undefined && !site) remember(turn, lastSeq, stored);
      }
    } catch (error) {
      emitter.typing(conversationId, false);
      if (answering) deps.onTurn?.(conversationId, receivedAt, true);
      logger.error(`[chat] answering conversation ${conversationId} failed`, { conversationId }, error);
    }
  }

  /**
   * What follows a stored reply, on both paths (answerTurns and the one-statement turn): the replies
   * sent, a phone number given, the lead captured or updated with the turn's events, then the booking
   * offer. Returns the conversation's state after it.
   */
  async function afterReplies(args: {
    turn: PendingTurn;
    chatbot: ChatbotRecord;
    profile: BusinessProfile;
    answersBefore: Answers;
    result: TurnResult;
    visitorMessage: { seq: number; text: string };
    replies: Message[];
    stored: StoredConversationState;
    capture: boolean;
    /** The replies are sent (the metrics' turn ends there, decision 0075). */
    sent: () => void;
    /** The connection whose ack carried the replies (decision 0085): the room's copy skips it. */
    exceptSocketId?: string;
  }): Promise<StoredConversationState> {
    const { turn, chatbot, result, visitorMessage, answersBefore } = args;
    let { stored } = args;
    const conversationId = turn.id;
    const echo = !leadDetailsHidden(chatbot.business, clock());
    for (const message of args.replies) {
      emitter.message(conversationId, message, args.exceptSocketId);
      if (echo) emitter.workspaceMessage(turn.businessId, message);
    }
    args.sent();
    const phone = result.state.answers.phone;
    if (phone && phone !== answersBefore.phone) deps.onPhoneGiven?.({ businessId: turn.businessId, conversationId, phone, isTest: turn.isTest });
    if (!args.capture) return stored;
    if (!stored.leadId) await crashPoint("before-capture");
    // A later turn of a chat with a lead and no corrections: the lead's update and the turn's events are
    // one statement (decision 0060). With corrections, the events still follow the corrections' history.
    const leadId = stored.leadId;
    const folded = Boolean(deps.jobs && leadId && !result.corrections);
    const captured = await captureFor(
      turn,
      chatbot,
      stored,
      folded && leadId ? (scored) => turnEvents(turn, leadId, scored, visitorMessage, result.completed) : undefined,
    );
    if (result.corrections && captured.kind === "updated") await recordCorrections(turn, captured, answersBefore, result.corrections, args.profile);
    if (!captured.eventsWritten) await emitTurnEvents(turn, captured, visitorMessage, result.completed);
    stored = { engine: stored.engine, handledSeq: stored.handledSeq, leadId: captured.lead.id, ...(stored.booking ? { booking: stored.booking } : {}) };
    if (result.completed && !stored.booking && !turn.isTest && deps.booking) stored = await offerBooking(turn, chatbot, stored, captured.lead.priority);
    return stored;
  }

  /** Keeps what a turn stored, for the next turn's single statement; a state with a booking offer is not kept. */
  function remember(turn: PendingTurn, lastSeq: number, stored: StoredConversationState) {
    if (stored.booking || stored.leadPending) turns.forget(turn.id);
    else turns.set(turn.id, { chatbotId: turn.chatbotId, businessId: turn.businessId, isTest: turn.isTest, lastSeq, state: stored, stateJson: JSON.stringify(stored) });
  }

  /** The rules engine's reply, computed before anything is stored (the one-statement turns: firstTurn, fastTurn). */
  function answerNow(
    respondNow: NonNullable<Assistant["respondNow"]>,
    chatbot: ChatbotRecord,
    before: StoredConversationState,
    text: string,
    conversation: { id: string; businessId: string; isTest: boolean },
  ): { profile: BusinessProfile; now: Date; result: TurnResult } {
    const profile = toBusinessProfile(chatbot);
    const now = clock();
    return { profile, now, result: respondNow.call(deps.assistant, { state: before.engine, text, profile, now, conversation }) };
  }

  /**
   * The first message of a drafted conversation in one statement (decision 0104): with the rules engine
   * and nothing special about the message (not a request for a person, not one that creates the lead),
   * the reply is computed from the draft's state and stored with the conversation, its welcome and the
   * message, as fastTurn does for later turns. Resolves to the ack, or null when the usual path must
   * take the message (nothing was stored then: a resend, a race, a chatbot switched off).
   */
  function firstTurn(
    visitor: VisitorContext,
    draft: DraftConversation,
    input: { clientMessageId: string; text: string },
    receivedAt: number,
    senderSocketId: string | undefined,
  ): Promise<MessageSendAck | null> | null {
    const respondNow = deps.assistant.respondNow;
    const conversationId = draft.conversationId;
    if (!respondNow || queue.busy(conversationId) || asksForPerson(input.text)) return null;
    return queue.run(conversationId, async () => {
      const chatbot = await cachedChatbot(visitor.chatbotId);
      // Built by openDraft on this server (never read back from storage), so it needs no restoring.
      const before = draft.state;
      if (siteAssistantFor(chatbot) || before.booking) return null;
      const { profile, now, result } = answerNow(respondNow, chatbot, before, input.text, {
        id: conversationId,
        businessId: visitor.businessId,
        isTest: draft.isTest,
      });
      // A first message that gives the contact or ends the chat creates the lead: the usual path.
      if (result.contactCaptured || result.completed) return null;
      const visitorSeq = draft.opening.length + 1;
      const stored: StoredConversationState = { engine: result.state, handledSeq: visitorSeq };
      const stateJson = JSON.stringify(stored);
      const created = await createConversationWithFirstMessage(db, {
        draft,
        businessId: visitor.businessId,
        chatbotId: visitor.chatbotId,
        visitorId: visitor.visitorId,
        ...input,
        now,
        answer: { replies: result.replies.map((reply) => ({ id: newMessageId(), text: reply.text, quickReplies: reply.quickReplies })), stateJson },
      });
      if (!created) return null;
      echoOpening(chatbot, visitor.businessId, draft);
      const turn: PendingTurn = { id: conversationId, businessId: visitor.businessId, chatbotId: visitor.chatbotId, isTest: draft.isTest, state: stored, pending: [] };
      const written = { visitor: created.message, replies: created.replies };
      return finishWholeTurn({ turn, chatbot, profile, before, result, stored, stateJson, capture: false, written, receivedAt, senderSocketId });
    });
  }

  /**
   * The common turn in one statement (decision 0079): with the rules engine, a conversation this
   * process answered last, and nothing special about the message (not a request for a person, no
   * booking offer standing), the reply is computed from the kept state and stored together with the
   * visitor's message; the turn that creates the lead captures it after the ack (decision 0105).
   * Resolves to the ack, or null when the usual path must take the message (nothing was stored then).
   * Runs in the conversation's queue; what follows the reply runs after the ack is sent.
   */
  function fastTurn(
    visitor: VisitorContext,
    conversationId: string,
    input: { clientMessageId: string; text: string },
    receivedAt: number,
    senderSocketId: string | undefined,
  ): Promise<MessageSendAck | null> | null {
    const respondNow = deps.assistant.respondNow;
    const kept = turns.get(conversationId);
    if (!respondNow || !kept || kept.chatbotId !== visitor.chatbotId || queue.busy(conversationId) || asksForPerson(input.text)) return null;
    return queue.run(conversationId, async () => {
      const chatbot = await cachedChatbot(visitor.chatbotId);
      const before = kept.state;
      if (siteAssistantFor(chatbot) || before.booking || before.leadPending || turns.get(conversationId) !== kept) return null;
      const { profile, now, result } = answerNow(respondNow, chatbot, before, input.text, {
        id: conversationId,
        businessId: kept.businessId,
        isTest: kept.isTest,
      });
      const capture = Boolean(result.contactCaptured || result.completed || before.leadId);
      // The turn that creates the lead stores its reply with the message and a state that says the lead
      // is due, then captures it after the ack (decision 0105): a crash in between loses nothing, as on
      // the two-statement path. That path alone has a moment where the message is stored and the reply
      // is not, so a test that arms the crash there takes it.
      if (capture && !before.leadId && deps.crashAt === "before-reply") return null;
      const visitorSeq = kept.lastSeq + 1;
      const stored: StoredConversationState = {
        engine: result.state,
        handledSeq: visitorSeq,
        ...(before.leadId ? { leadId: before.leadId } : capture ? { leadPending: true as const } : {}),
      };
      const stateJson = JSON.stringify(stored);
      const written = await storeWholeTurn(db, {
        conversationId,
        chatbotId: visitor.chatbotId,
        visitorId: visitor.visitorId,
        ...input,
        expected: { lastSeq: kept.lastSeq, stateJson: kept.stateJson },
        replies: result.replies.map((reply) => ({ id: newMessageId(), text: reply.text, quickReplies: reply.quickReplies })),
        stateJson,
        now,
        ended: result.completed && !kept.isTest,
        jobs: deps.jobs,
      });
      if (!written) {
        turns.forget(conversationId);
        return null;
      }
      const turn: PendingTurn = { id: conversationId, businessId: kept.businessId, chatbotId: kept.chatbotId, isTest: kept.isTest, state: stored, pending: [] };
      return finishWholeTurn({ turn, chatbot, profile, before, result, stored, stateJson, capture, written, receivedAt, senderSocketId });
    });
  }

  /**
   * After a turn stored in one statement (fastTurn, firstTurn): the visitor's message acknowledged with
   * the replies, then, once the ack is sent, what follows the replies (afterReplies). Resolves to the ack.
   */
  function finishWholeTurn(args: {
    turn: PendingTurn;
    chatbot: ChatbotRecord;
    profile: BusinessProfile;
    before: StoredConversationState;
    result: TurnResult;
    stored: StoredConversationState;
    stateJson: string;
    capture: boolean;
    written: { visitor: Message; replies: Message[] };
    receivedAt: number;
    senderSocketId: string | undefined;
  }): MessageSendAck {
    const { turn, chatbot, profile, before, result, stored, stateJson, capture, receivedAt, senderSocketId } = args;
    const conversationId = turn.id;
    const { visitor: message, replies } = args.written;
    turns.set(conversationId, {
      chatbotId: turn.chatbotId,
      businessId: turn.businessId,
      isTest: turn.isTest,
      lastSeq: replies.at(-1)?.seq ?? message.seq,
      state: stored,
      stateJson,
    });
    emitter.message(conversationId, message, senderSocketId);
    void echoToWorkspace(turn.chatbotId, turn.businessId, message);
    void queue.run(conversationId, async () => {
      // After the ack (sent when this task's caller resumes): the visitor sees its message acknowledged first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      let wasSent = false;
      try {
        const sent = () => {
          wasSent = true;
          deps.onTurn?.(conversationId, receivedAt, false);
        };
        const after = await afterReplies({
          turn,
          chatbot,
          profile,
          answersBefore: before.engine.answers,
          result,
          visitorMessage: { seq: message.seq, text: message.text },
          replies,
          stored,
          capture,
          sent,
          ...(senderSocketId ? { exceptSocketId: senderSocketId } : {}),
        });
        const last = turns.get(conversationId);
        if (last && last.stateJson === stateJson) remember(turn, last.lastSeq, after);
      } catch (error) {
        turns.forget(conversationId);
        if (!wasSent) deps.onTurn?.(conversationId, receivedAt, true);
        logger.error(`[chat] finishing the turn of conversation ${conversationId} failed`, { conversationId }, error);
      }
    });
    // The sending connection gets the replies in its ack: one packet (one socket write) instead of two
    // (decision 0085); the room's copy, sent next, skips it. Without a sender (an SMS turn) they go to the room.
    return senderSocketId ? { ok: true, message, replies } : { ok: true, message };
  }

  /**
   * One visitor message of a site-assistant conversation (decision 0063), as answerTurns does for the
   * cleaning engine: the reply stored with the state first, then the prospect captured once it is due.
   * Returns the state after the turn, or null when another instance answered it.
   */
  async function answerSiteMessage(
    site: SiteAssistant,
    turn: PendingTurn,
    chatbot: ChatbotRecord,
    before: StoredConversationState,
    visitorMessage: { seq: number; text: string },
  ): Promise<StoredConversationState | null> {
    const conversationId = turn.id;
    emitter.typing(conversationId, true);
    const result = await site.respond({
      state: before.site ?? site.start().state,
      text: visitorMessage.text,
      now: clock(),
      history: () => recentHistory(conversationId),
      conversation: { id: conversationId, businessId: turn.businessId, isTest: turn.isTest },
    });
    const due = result.captured && !before.leadId;
    const stored: StoredConversationState = {
      engine: before.engine,
      site: result.state,
      handledSeq: visitorMessage.seq,
      ...(before.leadId ? { leadId: before.leadId } : due ? { leadPending: true as const } : {}),
    };
    if (due) await crashPoint("before-reply");
    const replies = await storeBotTurn(db, {
      conversationId,
      answering: visitorMessage.seq,
      replies: result.replies.map((reply) => ({ id: newMessageId(), text: reply.text, quickReplies: reply.quickReplies })),
      state: stored,
      now: clock(),
      ended: due && !turn.isTest,
      jobs: deps.jobs,
    });
    emitter.typing(conversationId, false);
    if (replies.length === 0 && result.replies.length > 0) {
      logger.warn(`[chat] conversation ${conversationId} message ${visitorMessage.seq} was answered elsewhere`);
      return null;
    }
    const echo = !leadDetailsHidden(chatbot.business, clock());
    for (const message of replies) {
      emitter.message(conversationId, message);
      if (echo) emitter.workspaceMessage(turn.businessId, message);
    }
    if (!due) return stored;
    await crashPoint("before-capture");
    const leadId = await captureSiteProspect(turn, stored);
    return leadId ? { engine: stored.engine, site: stored.site, handledSeq: stored.handledSeq, leadId } : stored;
  }

  /**
   * The site assistant's prospect as a lead of the operator's business, through the lead command
   * (createLead, with every consequence of a new lead), once per conversation. Returns the lead's id.
   */
  async function captureSiteProspect(turn: PendingTurn, stored: StoredConversationState): Promise<string | null> {
    if (!stored.site) return null;
    const existing = await db.lead.findUnique({ where: { conversationId: turn.id }, select: { id: true, businessId: true } });
    if (existing) return existing.businessId === turn.businessId ? existing.id : null;
    if (!deps.jobs) {
      logger.error(`[chat] conversation ${turn.id}: the site assistant's prospect needs the job layer`);
      return null;
    }
    const live = { leadCreated: (businessId: string, lead: LeadSummary) => emitter.leadCreated(businessId, lead), leadUpdated: emitter.leadUpdated };
    const result = await captureProspect(commandContext({ db, jobs: deps.jobs, logger }, live, clock), {
      businessId: turn.businessId,
      conversationId: turn.id,
      isTest: turn.isTest,
      state: stored.site,
    });
    if (!result.ok) {
      logger.error(`[chat] capturing the site assistant's prospect of conversation ${turn.id} failed: ${result.error}`);
      return null;
    }
    emitter.notification?.(turn.businessId, result.value.notification);
    return result.value.leadId;
  }

  /** The lead's history says which answers the visitor corrected, and the score and priority before and after. */
  async function recordCorrections(turn: PendingTurn, captured: CaptureResult, before: Answers, changes: AnswerChange[], profile: BusinessProfile) {
    try {
      const previous = scoreLead(toScoreInput(before, profile));
      await recordAnswerCorrections(db, {
        businessId: turn.businessId,
        leadId: captured.lead.id,
        changes,
        score: { from: previous.score, to: captured.lead.score },
        priority: { from: previous.priority, to: captured.lead.priority },
        now: clock(),
      });
    } catch (error) {
      logger.error(`[chat] recording the corrections of conversation ${turn.id} failed`, error);
    }
  }

  /**
   * The test-only crash hook, on the turn that makes the conversation's lead due: the ack and the
   * replies so far reach the visitor, then the process dies.
   */
  async function crashPoint(point: CrashPoint): Promise<void> {
    if (deps.crashAt !== point) return;
    logger.error(`[chat] TEST_CRASH_AT=${point}: the process kills itself now`);
    setTimeout(() => process.kill(process.pid, "SIGKILL"), 200);
    await new Promise<never>(() => {});
  }

  /**
   * Finishes turns a crash left unfinished (claimed by turn-recovery.server.ts): each conversation is
   * answered and its lead captured in its own queue, as if its visitor had come back, a few at a time.
   */
  async function recover(conversationIds: string[]): Promise<void> {
    for (let i = 0; i < conversationIds.length; i += RECOVERY_CONCURRENCY) {
      await Promise.all(conversationIds.slice(i, i + RECOVERY_CONCURRENCY).map((id) => queue.run(id, () => answerPending(id))));
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

  /**
   * While a booking offer stands (issue 31): the visitor's tap or words about a time are answered by the
   * booking, not the engine. Returns the new state when it answered, null to let the engine answer.
   */
  async function answerBooking(turn: PendingTurn, chatbot: ChatbotRecord, stored: StoredConversationState, message: { seq: number; text: string }): Promise<StoredConversationState | null> {
    if (!deps.booking || !stored.booking || !stored.leadId) return null;
    let answer;
    try {
      answer = await deps.booking.answer({ businessId: turn.businessId, leadId: stored.leadId, state: stored.booking, text: message.text });
    } catch (error) {
      logger.error(`[chat] booking in conversation ${turn.id} failed`, error);
      return null;
    }
    if (!answer) return null;
    const next: StoredConversationState = { ...stored, handledSeq: message.seq, booking: answer.state };
    const replies = await storeBotTurn(db, {
      conversationId: turn.id,
      answering: message.seq,
      replies: answer.replies.map((reply) => ({ id: newMessageId(), text: reply.text, quickReplies: reply.quickReplies })),
      state: next,
      now: clock(),
    });
    const echo = !leadDetailsHidden(chatbot.business, clock());
    for (const reply of replies) {
      emitter.message(turn.id, reply);
      if (echo) emitter.workspaceMessage(turn.businessId, reply);
    }
    return next;
  }

  /** After the closing turn of a qualified lead: the booking offer, when the business takes bookings. */
  async function offerBooking(turn: PendingTurn, chatbot: ChatbotRecord, stored: StoredConversationState, priority: string): Promise<StoredConversationState> {
    if (!deps.booking || !stored.leadId || !chatbot.bookingEnabled) return stored;
    try {
      const offer = await deps.booking.offer({ businessId: turn.businessId, leadId: stored.leadId, priority });
      if (!offer) return stored;
      const next = { ...stored, booking: offer.state };
      await storeAndEmit(turn, chatbot, offer.replies, next);
      return next;
    } catch (error) {
      logger.error(`[chat] offering a booking in conversation ${turn.id} failed`, error);
      return stored;
    }
  }

  /** Stores the bot's replies with the state, and sends them to the visitor and the team's live views. */
  async function storeAndEmit(turn: PendingTurn, chatbot: ChatbotRecord, replies: { text: string; quickReplies?: string[] }[], state: StoredConversationState) {
    const stored = await storeBotTurn(db, {
      conversationId: turn.id,
      replies: replies.map((reply) => ({ id: newMessageId(), text: reply.text, quickReplies: reply.quickReplies })),
      state,
      now: clock(),
    });
    const echo = !leadDetailsHidden(chatbot.business, clock());
    for (const message of stored) {
      emitter.message(turn.id, message);
      if (echo) emitter.workspaceMessage(turn.businessId, message);
    }
  }

  /**
   * The bot takes the chat back after a member left (or went silent): what the visitor wrote meanwhile
   * was for the member, so it is marked answered, and the question the qualification stopped at is
   * asked again.
   */
  function resume(conversationId: string): Promise<void> {
    return queue.run(conversationId, async () => {
      try {
        const turn = await loadPendingTurn(db, conversationId);
        if (!turn || turn.agentUserId) return;
        const stored = restoreStored(turn.state);
        const chatbot = await cachedChatbot(turn.chatbotId);
        const handledSeq = Math.max(stored.handledSeq, ...turn.pending.map((p) => p.seq));
        const replies = siteAssistantFor(chatbot)
          ? resumeSite(stored.site ?? restoreSiteState(null), "Where were we?")
          : resumeQualification(stored.engine, toBusinessProfile(chatbot));
        if (replies.length > 0) await storeAndEmit(turn, chatbot, replies, { ...stored, handledSeq });
      } catch (error) {
        logger.error(`[chat] resuming conversation ${conversationId} after a takeover failed`, error);
      }
    });
  }

  /**
   * "Can I talk to a person?": the team is notified (live, and by e-mail through the job layer); the
   * visitor is told someone will join, or, with nobody online, when the team will reply (business
   * hours); then the qualification goes on.
   */
  async function answerPersonRequest(conversationId: string, request: Message): Promise<void> {
    try {
      const turn = await loadPendingTurn(db, conversationId);
      if (!turn || turn.agentUserId) return;
      const stored = restoreStored(turn.state);
      const chatbot = await cachedChatbot(turn.chatbotId);
      const profile = toBusinessProfile(chatbot);
      const now = clock();
      const online = deps.membersOnline ? await deps.membersOnline(turn.businessId) : false;
      const notice = personRequestNotice(profile, now, online);
      const handledSeq = Math.max(stored.handledSeq, ...turn.pending.map((p) => p.seq));
      const resumed = siteAssistantFor(chatbot)
        ? resumeSite(stored.site ?? restoreSiteState(null))
        : resumeQualification(stored.engine, profile, "In the meantime, I can take a few details.");
      const replies = [{ text: notice }, ...resumed];
      await storeAndEmit(turn, chatbot, replies, { ...stored, handledSeq });
      if (deps.jobs) {
        const notification = await recordPersonRequest(
          { db, jobs: deps.jobs },
          { businessId: turn.businessId, conversationId, messageId: request.id, online, now },
        );
        emitter.notification?.(turn.businessId, notification);
      }
    } catch (error) {
      logger.error(`[chat] answering the request for a person in conversation ${conversationId} failed`, error);
    }
  }

  return {
    open,
    send,
    resume,
    recover,
    /** Resolves when every queued turn has finished (tests, shutdown). */
    idle: () => queue.idle(),
    /** Resolves when the turns queued so far for this conversation have finished (an SMS turn's replies, server/sms/). */
    settled: (conversationId: string) => queue.run(conversationId, async () => {}),
  };
}
