// The chat's connection and delivery logic (DESIGN §3), independent of the UI and of socket.io itself:
// it talks to a `SocketLike` (which a socket.io-client socket satisfies), so it is unit-tested with a
// fake socket. Written as a closure rather than a class so the minifier can shorten its internals.
//
// Delivery: a visitor message goes into the outbox (persisted), shows as pending and is sent with
// message:send, one at a time in outbox order; it leaves the outbox when acknowledged `ok: true` (or
// when its stored copy comes back as a `message` event). After every (re)connect the conversation is
// opened with its lastSeq (the ack carries every missed message), then the outbox is sent again; the
// server deduplicates on clientMessageId.
import type {
  ConversationOpenAck,
  ConversationOpenPayload,
  Message,
  MessageDelta,
  MessageSendAck,
  ServerDraining,
  SmsConsentAsk,
  TypingEvent,
  WidgetAuth,
  WidgetConfig,
} from "#server/realtime/protocol.ts";
import { backoff } from "./backoff.ts";
import { isMessage } from "./messages.ts";
import type { Store } from "./store.ts";

/** MAX_MESSAGE_LENGTH of the protocol (a value import would pull server code into the bundle). */
export const MAX_LENGTH = 2000;

export const TEXTS = {
  tooLong: "Your message is too long. Please keep it under 2,000 characters.",
  notSent: "Your message could not be sent.",
} as const;

/** The part of a socket.io-client `Socket` the client uses. */
export interface SocketLike {
  readonly connected: boolean;
  /** False after a refusal by the server's middleware: socket.io then does not reconnect by itself. */
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
  timeout(ms: number): { emit(event: string, payload: unknown, ack: (err: Error | null, result: unknown) => void): unknown };
  /** An event with no ack (`visitor:typing`). */
  emit?(event: string, payload: unknown): unknown;
}

export type Status = "connecting" | "online" | "reconnecting";
export type FatalReason = "invalid_site_key" | "chatbot_inactive" | "origin_not_allowed";
export type PendingMessage = { clientMessageId: string; text: string; failed: boolean };

export type ViewState = {
  status: Status;
  config: WidgetConfig | null;
  /** Confirmed messages, ordered by seq. */
  messages: Message[];
  /** Bot replies being streamed (message:delta), not yet final. */
  drafts: { id: string; text: string }[];
  /** Visitor messages that failed for good, then those not yet acknowledged (outbox order). */
  pending: PendingMessage[];
  typing: boolean;
  /** Inline error under the input. */
  error: string | null;
  /** Text handed back to the input (message_too_long); `n` changes with every hand-back. */
  restore: { text: string; n: number } | null;
  /** Two-way SMS: the consent question to show ("Can we text you at this number?"), until answered. */
  consent: SmsConsentAsk | null;
};

export type ClientOptions = {
  store: Store;
  siteKey: string;
  test: string | undefined;
  /** Creates the socket, which connects by itself (as io() does). */
  connect(auth: WidgetAuth): SocketLike;
  pageUrl(): string;
  /** The host page's referrer origin (channel attribution). */
  referrer?(): string;
  onFatal(reason: FatalReason): void;
  onConfig?(config: WidgetConfig): void;
  random?: () => number;
  ackTimeoutMs?: number;
};

export type ChatClient = {
  getState(): ViewState;
  subscribe(listener: () => void): () => void;
  /** Opens the connection (once). */
  start(): void;
  stop(): void;
  /** Queues a visitor message; false (with an inline error for an over-long text) when nothing was queued. */
  send(text: string): boolean;
  clearError(): void;
  /** Shows a text that could not be handed back to the input as a failed bubble. */
  keepFailed(text: string): void;
  /** The visitor started or stopped typing: told to a team member watching the chat (live takeover). */
  typing(on: boolean): void;
  /** The visitor's answer to the SMS consent question. */
  consent(agree: boolean): void;
};

type TimerName = "connect" | "open" | "send" | "typing";

export function createClient(options: ClientOptions): ChatClient {
  const { store, random } = options;
  const st = store.state;
  const ackTimeout = options.ackTimeoutMs ?? 15_000;
  const listeners = new Set<() => void>();
  const timers = new Map<TimerName, ReturnType<typeof setTimeout>>();
  const attempts: Record<TimerName, number> = { connect: 0, open: 0, send: 0, typing: 0 };
  const drafts = new Map<string, string>();
  let socket: SocketLike | null = null;
  let typingSent = false;
  /** Bumped on every connect and disconnect: acks of an older connection deliver but do not steer. */
  let generation = 0;
  let ready = false;
  let opening = false;
  let inFlight = false;
  /** Messages that arrived while a new conversation was being opened (its id not known yet). */
  let early: Message[] = [];
  let failed: PendingMessage[] = [];
  let typing = false;
  let error: string | null = null;
  let restore: ViewState["restore"] = null;
  let consent: SmsConsentAsk | null = null;
  let everOnline = false;
  let stopped = false;

  const compute = (): ViewState => {
    const ids = st.messages.map((m) => m.id);
    const delivered = st.messages.map((m) => m.clientMessageId);
    return {
      status: socket?.connected && everOnline ? "online" : everOnline ? "reconnecting" : "connecting",
      config: st.config,
      messages: st.messages,
      drafts: [...drafts].filter(([id]) => !ids.includes(id)).map(([id, text]) => ({ id, text })),
      // Failed items were each the head of the outbox when they failed: they come first.
      pending: failed.concat(
        st.outbox
          .filter((o) => !delivered.includes(o.clientMessageId))
          .map((o) => ({ clientMessageId: o.clientMessageId, text: o.text, failed: false })),
      ),
      typing,
      error,
      restore,
      consent,
    };
  };
  let view = compute();
  const emit = (): void => {
    view = compute();
    listeners.forEach((l) => l());
  };

  const clearTimer = (name: TimerName): void => {
    clearTimeout(timers.get(name));
    timers.delete(name);
  };
  /** Runs `run` after the backoff of the named step's next attempt (once, however often asked). */
  const retry = (name: TimerName, run: () => void): void => {
    if (timers.has(name) || stopped) return;
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        run();
      }, backoff(attempts[name]++, random)),
    );
  };

  const isCurrent = (conversationId: unknown): boolean => !!conversationId && conversationId === st.conversationId;

  const stop = (): void => {
    stopped = true;
    timers.forEach(clearTimeout);
    timers.clear();
    socket?.disconnect();
  };

  function openConversation(): void {
    if (!socket?.connected || opening || stopped) return;
    const payload: ConversationOpenPayload = { pageUrl: options.pageUrl(), referrer: options.referrer?.(), test: options.test };
    if (st.conversationId) {
      payload.conversationId = st.conversationId;
      payload.lastSeq = st.lastSeq;
    }
    const gen = generation;
    opening = true;
    early = [];
    socket.timeout(ackTimeout).emit("conversation:open", payload, (err, result) => {
      if (gen !== generation || stopped) return;
      opening = false;
      const ack = result as ConversationOpenAck | null;
      if (err || !ack || typeof ack !== "object") return retry("open", openConversation);
      if (!ack.ok) {
        if ((ack.error === "conversation_closed" || ack.error === "not_found") && payload.conversationId) {
          // Closed or unknown: open a new one. The panel keeps showing the old messages until its ack
          // replaces them (no empty flash).
          store.forgetConversation();
          return openConversation();
        }
        return retry("open", openConversation);
      }
      attempts.open = 0;
      store.setConversation(ack.conversationId);
      if (ack.config && typeof ack.config.businessName === "string") {
        store.setConfig(ack.config);
        options.onConfig?.(ack.config);
      }
      store.addMessages(Array.isArray(ack.messages) ? ack.messages : [], true);
      if (ack.hasMore === true) {
        // A long conversation's replay comes in pages: ask for the next one from the last seq received.
        emit();
        return openConversation();
      }
      store.addMessages(early);
      early = [];
      ready = true;
      emit();
      pump();
    });
  }

  /** Sends the first outbox item, if the conversation is open and nothing is in flight or waiting. */
  function pump(): void {
    const item = st.outbox[0];
    const conversationId = st.conversationId;
    if (!item || !conversationId || !socket?.connected || !ready || inFlight || timers.has("send")) return;
    const { clientMessageId, text } = item;
    const gen = generation;
    inFlight = true;
    socket.timeout(ackTimeout).emit("message:send", { conversationId, clientMessageId, text }, (err, result) => {
      const ack = result as MessageSendAck | null;
      if (!err && ack?.ok && isMessage(ack.message)) {
        // Stored, whatever happened to the connection since.
        // The bot's replies may come in the same ack (one packet, decision 0085), as `message` events would.
        const replies = Array.isArray(ack.replies) ? ack.replies.filter(isMessage) : [];
        for (const reply of replies) drafts.delete(reply.id);
        if (replies.length > 0) typing = false;
        store.addMessages([ack.message, ...replies]);
        store.removeFromOutbox(clientMessageId);
      }
      if (gen !== generation || stopped) return emit();
      inFlight = false;
      if (err || !ack || typeof ack !== "object") {
        retry("send", pump);
      } else if (ack.ok) {
        attempts.send = 0;
        pump();
      } else if (ack.error === "message_too_long") {
        store.removeFromOutbox(clientMessageId);
        error = TEXTS.tooLong;
        restore = { text, n: (restore?.n ?? 0) + 1 };
        pump();
      } else if (ack.error === "invalid_payload") {
        store.removeFromOutbox(clientMessageId);
        failed = [...failed, { clientMessageId, text, failed: true }];
        error = TEXTS.notSent;
        pump();
      } else if (ack.error === "conversation_closed" || ack.error === "not_found") {
        // The outbox stays and goes to the new conversation.
        store.forgetConversation();
        ready = false;
        openConversation();
      } else {
        retry("send", pump); // rate_limited or server_error: kept in the outbox, retried with backoff
      }
      emit();
    });
  }

  const scheduleConnect = (): void => retry("connect", () => socket?.connect());

  const handlers: Record<string, (arg: never) => void> = {
    connect() {
      generation++;
      attempts.connect = 0;
      everOnline = true;
      clearTimer("connect");
      emit();
      openConversation();
    },
    disconnect(reason: string) {
      generation++;
      ready = opening = inFlight = typing = false;
      drafts.clear();
      clearTimer("open");
      clearTimer("send");
      emit();
      // socket.io does not reconnect after a disconnect by the server; we do.
      if (reason === "io server disconnect") scheduleConnect();
    },
    connect_error(err: Error | undefined) {
      const code = err?.message;
      if (code === "invalid_site_key" || code === "chatbot_inactive" || code === "origin_not_allowed") {
        stop();
        options.onFatal(code);
        return;
      }
      emit();
      // Refused by the server's middleware (rate_limited, or an unexpected error): socket.io will not
      // retry, we do. A transport failure (server down) keeps the socket active and socket.io retries.
      if (!socket?.active) scheduleConnect();
    },
    "server:draining"(d: ServerDraining) {
      // The instance is shutting down (a rolling restart): leave it now and come back after a random
      // part of its window, to another instance. The outbox waits; the panel shows "reconnecting".
      socket?.disconnect();
      clearTimer("connect");
      const within = Math.min(Math.max(Number(d?.reconnectWithinMs) || 0, 0), 30_000);
      timers.set("connect", setTimeout(() => (timers.delete("connect"), socket?.connect()), (random ?? Math.random)() * within));
    },
    message(m: Message) {
      if (!isMessage(m)) return;
      if (!isCurrent(m.conversationId)) {
        if (opening && early.length < 50) early.push(m);
        return;
      }
      drafts.delete(m.id);
      if (m.role !== "visitor") typing = false;
      store.addMessages([m]);
      emit();
    },
    "message:delta"(d: MessageDelta) {
      if (!isCurrent(d?.conversationId) || typeof d.delta !== "string") return;
      if (st.messages.some((m) => m.id === d.messageId)) return; // the final message is already here
      drafts.set(d.messageId, (drafts.get(d.messageId) ?? "") + d.delta);
      typing = false;
      emit();
    },
    "sms:consent:ask"(ask: SmsConsentAsk) {
      if (!isCurrent(ask?.conversationId) || typeof ask.wording !== "string") return;
      consent = ask;
      emit();
    },
    typing(t: TypingEvent) {
      if (!isCurrent(t?.conversationId)) return;
      typing = t.typing === true;
      clearTimer("typing");
      // A lost "typing: false" must not leave the dots forever.
      if (typing) timers.set("typing", setTimeout(() => ((typing = false), emit()), 30_000));
      emit();
    },
  };

  return {
    getState: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (socket || stopped) return;
      socket = options.connect({ siteKey: options.siteKey, visitorId: st.visitorId });
      for (const event in handlers) socket.on(event, handlers[event]!);
    },
    stop,
    send(value) {
      const t = value.trim();
      if (!t) return false;
      error = t.length > MAX_LENGTH ? TEXTS.tooLong : null;
      if (!error) store.enqueue(t);
      emit();
      pump();
      return !error;
    },
    clearError() {
      if (error !== null) {
        error = null;
        emit();
      }
    },
    keepFailed(text) {
      failed = [...failed, { clientMessageId: `failed-${failed.length}`, text, failed: true }];
      emit();
    },
    consent(agree) {
      if (!consent) return;
      socket?.timeout(ackTimeout).emit("sms:consent", { conversationId: consent.conversationId, agree }, () => {});
      consent = null;
      emit();
    },
    typing(on) {
      if (st.conversationId && on !== typingSent) {
        typingSent = on;
        socket?.emit?.("visitor:typing", { conversationId: st.conversationId, typing: on });
      }
    },
  };
}
