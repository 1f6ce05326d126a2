// A visitor over the real socket.io client, speaking the /widget protocol of server/realtime/protocol.ts.
import { randomUUID } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import type {
  ConversationOpenAck,
  ConversationOpenPayload,
  Message,
  MessageSendAck,
  WidgetClientToServerEvents,
  WidgetServerToClientEvents,
} from "#server/realtime/protocol.ts";

export type VisitorSocket = Socket<WidgetServerToClientEvents, WidgetClientToServerEvents>;

export type VisitorOptions = {
  siteKey: string;
  visitorId?: string;
  origin?: string;
  /** Connect from this loopback address (e.g. 127.0.0.7): many visitors without sharing one IP's limits. */
  localAddress?: string;
};

export function newVisitorId(): string {
  return `v_${randomUUID().replace(/-/g, "")}`;
}

export function newClientMessageId(): string {
  return `c_${randomUUID().replace(/-/g, "")}`;
}

export class Visitor {
  readonly visitorId: string;
  readonly received: Message[] = [];
  socket!: VisitorSocket;
  conversationId: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly options: VisitorOptions,
  ) {
    this.visitorId = options.visitorId ?? newVisitorId();
  }

  /** Connects; resolves on connect, rejects with the connect_error message. */
  connect(): Promise<void> {
    this.socket = io(`${this.baseUrl}/widget`, {
      auth: { siteKey: this.options.siteKey, visitorId: this.visitorId },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Origin: this.options.origin ?? "https://customer.example" },
      ...(this.options.localAddress ? { localAddress: this.options.localAddress } : {}),
    });
    this.socket.on("message", (message) => {
      this.received.push(message);
    });
    return new Promise((resolve, reject) => {
      this.socket.once("connect", () => resolve());
      this.socket.once("connect_error", (error) => reject(error));
    });
  }

  async open(payload: ConversationOpenPayload = {}): Promise<ConversationOpenAck> {
    const ack = await this.socket.timeout(10_000).emitWithAck("conversation:open", payload);
    if (ack.ok) {
      this.conversationId = ack.conversationId;
      this.received.push(...ack.messages);
    }
    return ack;
  }

  async send(text: string, clientMessageId = newClientMessageId(), timeoutMs = 10_000): Promise<MessageSendAck> {
    if (!this.conversationId) throw new Error("open a conversation first");
    const ack = await this.socket
      .timeout(timeoutMs)
      .emitWithAck("message:send", { conversationId: this.conversationId, clientMessageId, text });
    // As the widget does: the ack carries the stored message (the room's copy skips the sender).
    if (ack.ok) this.received.push(ack.message, ...(ack.replies ?? []));
    return ack;
  }

  /** Bot messages received so far, deduplicated by id and ordered by seq. */
  botMessages(): Message[] {
    return this.unique().filter((m) => m.role === "bot");
  }

  unique(): Message[] {
    const byId = new Map(this.received.map((m) => [m.id, m]));
    return [...byId.values()].sort((a, b) => a.seq - b.seq);
  }

  /** Waits until a bot message arrives with seq above `afterSeq`. */
  async nextBotMessage(afterSeq: number, timeoutMs = 10_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.botMessages().find((m) => m.seq > afterSeq);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no bot message after seq ${afterSeq}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Sends a message and returns the bot's first reply to it. */
  async say(text: string): Promise<Message> {
    const ack = await this.send(text);
    if (!ack.ok) throw new Error(`message refused: ${ack.error}`);
    return this.nextBotMessage(ack.message.seq);
  }

  /** Answers the qualification as a High lead (large, daily, big budget, now) with this person's details. */
  async qualifyHighLead(person: { name: string; company: string; contact: string }): Promise<void> {
    for (const answer of ["Regular Commercial Cleaning", "20,000–50,000 sq ft", "Daily", "$5,000–$10,000", "Immediately", person.name, person.company, person.contact]) {
      await this.say(answer);
    }
  }

  lastSeq(): number {
    return this.unique().at(-1)?.seq ?? 0;
  }

  disconnect(): void {
    this.socket?.disconnect();
  }
}

/** A visitor connected to `siteKey`'s chatbot with a conversation open (the bot's first question asked). */
export async function openedVisitor(serverUrl: string, siteKey: string, payload: ConversationOpenPayload = {}): Promise<Visitor> {
  const visitor = new Visitor(serverUrl, { siteKey });
  await visitor.connect();
  const opened = await visitor.open(payload);
  if (!opened.ok) {
    visitor.disconnect();
    throw new Error(opened.error);
  }
  return visitor;
}

/** Expects a refused connection and returns its connect_error message. */
export async function connectError(visitor: Visitor): Promise<string> {
  try {
    await visitor.connect();
  } catch (error) {
    return (error as Error).message;
  } finally {
    visitor.disconnect();
  }
  throw new Error("the connection was accepted");
}
