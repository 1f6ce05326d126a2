// Test doubles for the widget's unit tests (not part of any bundle).
import type { Message } from "#server/realtime/protocol.ts";
import type { SocketLike } from "./client.ts";
import type { StorageLike } from "./store.ts";

/** An in-memory Storage that counts writes and can be told to refuse them. */
export class FakeStorage implements StorageLike {
  readonly data = new Map<string, string>();
  writes = 0;
  refuse = false;
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refuse) throw new DOMException("quota exceeded", "QuotaExceededError");
    this.writes++;
    this.data.set(key, value);
  }
  json(key: string): unknown {
    const text = this.data.get(key);
    return text === undefined ? undefined : JSON.parse(text);
  }
}

type Sent = { event: string; payload: unknown; ack: (err: Error | null, result: unknown) => void };

/** A socket.io-client socket as far as the chat client sees it, driven by the test. */
export class FakeSocket implements SocketLike {
  connected = false;
  active = true;
  connectCalls = 0;
  disconnectCalls = 0;
  readonly sent: Sent[] = [];
  private readonly handlers = new Map<string, ((...args: never[]) => void)[]>();

  on(event: string, listener: (...args: never[]) => void): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  connect(): this {
    this.connectCalls++;
    this.active = true;
    return this;
  }
  disconnect(): this {
    this.disconnectCalls++;
    this.connected = false;
    this.active = false;
    return this;
  }
  timeout(_ms: number) {
    return { emit: (event: string, payload: unknown, ack: Sent["ack"]) => void this.sent.push({ event, payload, ack }) };
  }

  // --- driven by the test
  fire(event: string, ...args: unknown[]): void {
    for (const h of this.handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...args);
  }
  serverConnect(): void {
    this.connected = true;
    this.active = true;
    this.fire("connect");
  }
  drop(reason = "transport close"): void {
    this.connected = false;
    this.fire("disconnect", reason);
  }
  refuse(message: string, active = false): void {
    this.connected = false;
    this.active = active;
    this.fire("connect_error", new Error(message));
  }
  /** Removes and returns the oldest emitted event of that name (throws when there is none). */
  take(event: string): Sent {
    const i = this.sent.findIndex((s) => s.event === event);
    if (i < 0) throw new Error(`no ${event} was emitted (emitted: ${this.sent.map((s) => s.event).join(", ") || "nothing"})`);
    return this.sent.splice(i, 1)[0]!;
  }
  count(event: string): number {
    return this.sent.filter((s) => s.event === event).length;
  }
}

export function msg(seq: number, over: Partial<Message> = {}): Message {
  return {
    id: `m${seq}`,
    conversationId: "conv-1",
    seq,
    role: "bot",
    text: `text ${seq}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    ...over,
  };
}
