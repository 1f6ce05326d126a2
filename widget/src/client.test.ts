import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConversationOpenPayload, MessageSendPayload, WidgetConfig } from "#server/realtime/protocol.ts";
import { createClient, TEXTS, type ClientOptions } from "./client.ts";
import { createStore, storageKey, type SavedState } from "./store.ts";
import { FakeSocket, FakeStorage, msg } from "./test-support.ts";

const config: WidgetConfig = { businessName: "Sparkle", welcomeMessage: "Hi!", accentColor: "#123456", whiteLabel: false };
let n = 0;
const ids = () => `cid-${String(++n).padStart(6, "0")}`;

function setup(options: { storage?: FakeStorage; test?: string } = {}) {
  const storage = options.storage ?? new FakeStorage();
  const store = createStore(storage, "site-1", ids);
  const socket = new FakeSocket();
  const auths: unknown[] = [];
  const fatal: string[] = [];
  const configs: WidgetConfig[] = [];
  const opts: ClientOptions = {
    store,
    siteKey: "site-1",
    test: options.test,
    connect: (auth) => (auths.push(auth), socket),
    pageUrl: () => "https://customer.example/pricing",
    onFatal: (reason) => fatal.push(reason),
    onConfig: (c) => configs.push(c),
    random: () => 1,
  };
  const client = createClient(opts);
  client.start();
  return { storage, store, socket, client, auths, fatal, configs };
}

/** Connects and answers conversation:open with the given messages. */
function connectAndOpen(t: ReturnType<typeof setup>, messages = [msg(1, { quickReplies: ["Office"] })], conversationId = "conv-1") {
  t.socket.serverConnect();
  const open = t.socket.take("conversation:open");
  open.ack(null, { ok: true, conversationId, messages, config });
  return open.payload as ConversationOpenPayload;
}

function ackSend(t: ReturnType<typeof setup>, seq: number, result?: unknown) {
  const sent = t.socket.take("message:send");
  const p = sent.payload as MessageSendPayload;
  sent.ack(
    null,
    result ?? { ok: true, message: msg(seq, { role: "visitor", text: p.text, clientMessageId: p.clientMessageId, conversationId: p.conversationId }) },
  );
  return p;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("connection", () => {
  it("connects with the site key and the stored visitor id, and opens a new conversation", () => {
    const t = setup({ test: "1795539574000.token" });
    expect(t.auths).toEqual([{ siteKey: "site-1", visitorId: t.store.state.visitorId }]);
    expect(t.client.getState().status).toBe("connecting");
    const payload = connectAndOpen(t);
    expect(payload).toEqual({ pageUrl: "https://customer.example/pricing", test: "1795539574000.token" });
    const s = t.client.getState();
    expect(s.status).toBe("online");
    expect(s.config).toEqual(config);
    expect(s.messages.map((m) => m.seq)).toEqual([1]);
    expect(t.configs).toEqual([config]);
    expect(t.store.state).toMatchObject({ conversationId: "conv-1", lastSeq: 1 });
  });

  it("hides for good on invalid_site_key, chatbot_inactive and origin_not_allowed", () => {
    for (const code of ["invalid_site_key", "chatbot_inactive", "origin_not_allowed"]) {
      const t = setup();
      t.socket.refuse(code);
      expect(t.fatal).toEqual([code]);
      expect(t.socket.disconnectCalls).toBe(1);
      vi.advanceTimersByTime(60_000);
      expect(t.socket.connectCalls).toBe(0);
    }
  });

  it("retries a rate_limited refusal with backoff", () => {
    const t = setup();
    t.socket.refuse("rate_limited");
    expect(t.fatal).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(t.socket.connectCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(t.socket.connectCalls).toBe(1);
    t.socket.refuse("rate_limited");
    vi.advanceTimersByTime(2000);
    expect(t.socket.connectCalls).toBe(2);
  });

  it("leaves transport failures to socket.io's own reconnection", () => {
    const t = setup();
    t.socket.refuse("xhr poll error", true);
    vi.advanceTimersByTime(60_000);
    expect(t.socket.connectCalls).toBe(0);
  });

  it("shows reconnecting while disconnected, then reopens with conversationId and lastSeq", () => {
    const t = setup();
    connectAndOpen(t, [msg(1), msg(2)]);
    t.socket.drop();
    expect(t.client.getState().status).toBe("reconnecting");
    t.socket.serverConnect();
    const open = t.socket.take("conversation:open");
    expect(open.payload).toEqual({ pageUrl: "https://customer.example/pricing", test: undefined, conversationId: "conv-1", lastSeq: 2 });
    // Missed messages, some duplicated and out of order: rendered once each, by seq.
    open.ack(null, { ok: true, conversationId: "conv-1", messages: [msg(4), msg(2), msg(3)] });
    expect(t.client.getState().messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(t.client.getState().status).toBe("online");
    expect(t.store.state.lastSeq).toBe(4);
  });

  it("reconnects itself after a disconnect by the server", () => {
    const t = setup();
    connectAndOpen(t);
    t.socket.drop("io server disconnect");
    vi.advanceTimersByTime(1000);
    expect(t.socket.connectCalls).toBe(1);
  });

  it("on server:draining leaves at once, reconnects within the jittered window and resends its outbox", () => {
    const t = setup();
    connectAndOpen(t, [msg(1), msg(2)]);
    t.client.send("hello");
    const inFlight = t.socket.take("message:send");
    t.socket.fire("server:draining", { reconnectWithinMs: 3000 });
    expect(t.socket.disconnectCalls).toBe(1);
    t.socket.drop("io client disconnect");
    expect(t.client.getState().status).toBe("reconnecting");
    expect(t.client.getState().pending.map((p) => p.text)).toEqual(["hello"]);
    // random() is 1 in these tests: the whole window.
    vi.advanceTimersByTime(2999);
    expect(t.socket.connectCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(t.socket.connectCalls).toBe(1);
    t.socket.serverConnect();
    const open = t.socket.take("conversation:open");
    expect(open.payload).toMatchObject({ conversationId: "conv-1", lastSeq: 2 });
    open.ack(null, { ok: true, conversationId: "conv-1", messages: [] });
    expect(ackSend(t, 3).clientMessageId).toBe((inFlight.payload as MessageSendPayload).clientMessageId);
    expect(t.client.getState().status).toBe("online");
    expect(t.client.getState().pending).toEqual([]);
  });

  it("forgets a closed or unknown conversation and opens a new one", () => {
    for (const error of ["conversation_closed", "not_found"]) {
      const storage = new FakeStorage();
      const first = setup({ storage });
      connectAndOpen(first, [msg(1)], "old");
      first.client.stop();

      const t = setup({ storage });
      t.socket.serverConnect();
      const open = t.socket.take("conversation:open");
      expect((open.payload as ConversationOpenPayload).conversationId).toBe("old");
      open.ack(null, { ok: false, error });
      const again = t.socket.take("conversation:open");
      expect(again.payload).toEqual({ pageUrl: "https://customer.example/pricing", test: undefined });
      expect(t.client.getState().messages).toEqual([]);
      again.ack(null, { ok: true, conversationId: "new", messages: [msg(1, { conversationId: "new" })] });
      expect(t.store.state.conversationId).toBe("new");
    }
  });

  it("asks for the next page of a long replay until the server says there is no more", () => {
    const t = setup();
    connectAndOpen(t, [msg(1), msg(2)]);
    t.socket.drop();
    t.socket.serverConnect();
    t.socket.take("conversation:open").ack(null, { ok: true, conversationId: "conv-1", messages: [msg(3), msg(4)], hasMore: true });
    const next = t.socket.take("conversation:open");
    expect(next.payload).toMatchObject({ conversationId: "conv-1", lastSeq: 4 });
    next.ack(null, { ok: true, conversationId: "conv-1", messages: [msg(5)] });
    expect(t.client.getState().messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(t.client.getState().status).toBe("online");
    expect(t.socket.count("conversation:open")).toBe(0);
  });

  it("keeps the conversation and retries on server_error, for an open and for a message", () => {
    const t = setup();
    connectAndOpen(t, [msg(1)]);
    t.socket.drop();
    t.socket.serverConnect();
    t.socket.take("conversation:open").ack(null, { ok: false, error: "server_error" });
    vi.advanceTimersByTime(2000);
    const again = t.socket.take("conversation:open");
    expect(again.payload).toMatchObject({ conversationId: "conv-1", lastSeq: 1 });
    again.ack(null, { ok: true, conversationId: "conv-1", messages: [] });
    t.client.send("Offices");
    ackSend(t, 2, { ok: false, error: "server_error" });
    expect(t.store.state.outbox.map((o) => o.text)).toEqual(["Offices"]);
    vi.advanceTimersByTime(2000);
    expect((t.socket.take("message:send").payload as MessageSendPayload).text).toBe("Offices");
  });

  it("retries conversation:open after a timeout or rate_limited", () => {
    const t = setup();
    t.socket.serverConnect();
    t.socket.take("conversation:open").ack(new Error("operation has timed out"), undefined);
    vi.advanceTimersByTime(1000);
    t.socket.take("conversation:open").ack(null, { ok: false, error: "rate_limited" });
    vi.advanceTimersByTime(1999);
    expect(t.socket.count("conversation:open")).toBe(0);
    vi.advanceTimersByTime(1);
    expect(t.socket.count("conversation:open")).toBe(1);
  });
});

describe("delivery", () => {
  it("shows the bot's replies that come in the message's ack, once, as if they came as events (decision 0085)", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("Office");
    const sent = t.socket.take("message:send");
    const p = sent.payload as MessageSendPayload;
    const visitor = msg(2, { role: "visitor", text: p.text, clientMessageId: p.clientMessageId });
    sent.ack(null, { ok: true, message: visitor, replies: [msg(3, { text: "How big is the space?" }), { junk: true }] });
    const shown = () => t.client.getState().messages.map((m) => [m.seq, m.role]);
    expect(shown()).toEqual([[1, "bot"], [2, "visitor"], [3, "bot"]]);
    t.socket.fire("message", msg(3, { text: "How big is the space?" })); // a second copy is dropped by id
    expect(shown()).toEqual([[1, "bot"], [2, "visitor"], [3, "bot"]]);
    expect(t.store.state.outbox).toEqual([]);
    expect(t.store.state.lastSeq).toBe(3);
  });

  it("shows a message as pending at once, keeps it in the outbox, and sends it once open", () => {
    const t = setup();
    expect(t.client.send("  Office cleaning  ")).toBe(true);
    const pending = t.client.getState().pending;
    expect(pending).toEqual([{ clientMessageId: expect.any(String), text: "Office cleaning", failed: false }]);
    const saved = t.storage.json(storageKey("site-1")) as SavedState;
    expect(saved.outbox.map((o) => o.text)).toEqual(["Office cleaning"]);
    expect(t.socket.count("message:send")).toBe(0); // not connected yet

    connectAndOpen(t);
    const p = ackSend(t, 2);
    expect(p).toEqual({ conversationId: "conv-1", clientMessageId: pending[0]!.clientMessageId, text: "Office cleaning" });
    const s = t.client.getState();
    expect(s.pending).toEqual([]);
    expect(s.messages.map((m) => [m.seq, m.text])).toEqual([
      [1, "text 1"],
      [2, "Office cleaning"],
    ]);
    expect((t.storage.json(storageKey("site-1")) as SavedState).outbox).toEqual([]);
  });

  it("sends the outbox one at a time, in order", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("one");
    t.client.send("two");
    expect(t.socket.count("message:send")).toBe(1);
    expect(ackSend(t, 2).text).toBe("one");
    expect(ackSend(t, 3).text).toBe("two");
    expect(t.client.getState().pending).toEqual([]);
  });

  it("resends an unacknowledged message after a reconnect with the same clientMessageId", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("hello");
    const lost = t.socket.take("message:send");
    t.socket.drop();
    t.client.send("second");
    expect(t.client.getState().pending.map((p) => p.text)).toEqual(["hello", "second"]);

    t.socket.serverConnect();
    expect(t.socket.count("message:send")).toBe(0); // the conversation is opened first
    const open = t.socket.take("conversation:open");
    open.ack(null, { ok: true, conversationId: "conv-1", messages: [] });
    const again = ackSend(t, 2);
    expect(again.clientMessageId).toBe((lost.payload as MessageSendPayload).clientMessageId);
    expect(ackSend(t, 3).text).toBe("second");
    // The ack of the old connection arriving late changes nothing.
    lost.ack(null, { ok: true, message: msg(2, { role: "visitor", text: "hello", clientMessageId: again.clientMessageId }) });
    expect(t.client.getState().messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it("survives a reload: the outbox and the conversation come back from storage", () => {
    const storage = new FakeStorage();
    const first = setup({ storage });
    connectAndOpen(first);
    first.client.send("typed before the reload");
    first.client.stop();

    const t = setup({ storage });
    expect(t.client.getState().pending.map((p) => p.text)).toEqual(["typed before the reload"]);
    expect(t.client.getState().messages.map((m) => m.seq)).toEqual([1]);
    t.socket.serverConnect();
    const open = t.socket.take("conversation:open");
    expect(open.payload).toMatchObject({ conversationId: "conv-1", lastSeq: 1 });
    open.ack(null, { ok: true, conversationId: "conv-1", messages: [] });
    expect(ackSend(t, 2).text).toBe("typed before the reload");
  });

  it("takes a message out of the outbox when its stored copy arrives as an event", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("hi");
    const sent = t.socket.take("message:send");
    const cid = (sent.payload as MessageSendPayload).clientMessageId;
    t.socket.fire("message", msg(2, { role: "visitor", text: "hi", clientMessageId: cid }));
    expect(t.client.getState().pending).toEqual([]);
    expect(t.store.state.outbox).toEqual([]);
  });

  it("message_too_long: inline error and the text handed back", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("long text");
    ackSend(t, 0, { ok: false, error: "message_too_long" });
    const s = t.client.getState();
    expect(s.error).toBe(TEXTS.tooLong);
    expect(s.restore).toEqual({ text: "long text", n: 1 });
    expect(s.pending).toEqual([]);
    expect(t.store.state.outbox).toEqual([]);
  });

  it("refuses an over-long text locally and keeps nothing", () => {
    const t = setup();
    expect(t.client.send("x".repeat(2001))).toBe(false);
    expect(t.client.getState().error).toBe(TEXTS.tooLong);
    expect(t.store.state.outbox).toEqual([]);
    expect(t.client.send("x".repeat(2000))).toBe(true);
    expect(t.client.getState().error).toBeNull();
    expect(t.client.send("   ")).toBe(false);
  });

  it("rate_limited: keeps the message and retries with backoff", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("hi");
    ackSend(t, 0, { ok: false, error: "rate_limited" });
    expect(t.client.getState().pending.map((p) => p.text)).toEqual(["hi"]);
    vi.advanceTimersByTime(999);
    expect(t.socket.count("message:send")).toBe(0);
    vi.advanceTimersByTime(1);
    ackSend(t, 0, { ok: false, error: "rate_limited" });
    vi.advanceTimersByTime(2000);
    ackSend(t, 2);
    expect(t.client.getState().pending).toEqual([]);
  });

  it("invalid_payload: drops that item with an inline error and sends the next", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("bad");
    t.client.send("good");
    ackSend(t, 0, { ok: false, error: "invalid_payload" });
    expect(t.client.getState().error).toBe(TEXTS.notSent);
    expect(t.client.getState().pending).toEqual([
      expect.objectContaining({ text: "bad", failed: true }),
      expect.objectContaining({ text: "good", failed: false }),
    ]);
    expect(t.store.state.outbox.map((o) => o.text)).toEqual(["good"]);
    expect(ackSend(t, 2).text).toBe("good");
    t.client.clearError();
    expect(t.client.getState().error).toBeNull();
  });

  it("conversation_closed on send: opens a new conversation and sends the message there", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("hi");
    ackSend(t, 0, { ok: false, error: "conversation_closed" });
    const open = t.socket.take("conversation:open");
    expect((open.payload as ConversationOpenPayload).conversationId).toBeUndefined();
    open.ack(null, { ok: true, conversationId: "conv-2", messages: [] });
    expect(ackSend(t, 1, undefined).conversationId).toBe("conv-2");
  });

  it("retries a send whose ack timed out", () => {
    const t = setup();
    connectAndOpen(t);
    t.client.send("hi");
    t.socket.take("message:send").ack(new Error("operation has timed out"), undefined);
    vi.advanceTimersByTime(1000);
    expect(ackSend(t, 2).text).toBe("hi");
  });
});

describe("server events", () => {
  it("streams a reply into a draft that the final message replaces", () => {
    const t = setup();
    connectAndOpen(t);
    t.socket.fire("typing", { conversationId: "conv-1", typing: true });
    expect(t.client.getState().typing).toBe(true);
    t.socket.fire("message:delta", { conversationId: "conv-1", messageId: "m2", delta: "Hel" });
    t.socket.fire("message:delta", { conversationId: "conv-1", messageId: "m2", delta: "lo" });
    let s = t.client.getState();
    expect(s.typing).toBe(false);
    expect(s.drafts).toEqual([{ id: "m2", text: "Hello" }]);
    t.socket.fire("message", msg(2, { text: "Hello there", quickReplies: ["Yes"] }));
    s = t.client.getState();
    expect(s.drafts).toEqual([]);
    expect(s.messages.map((m) => m.text)).toEqual(["text 1", "Hello there"]);
    // A late delta of a finished message is ignored.
    t.socket.fire("message:delta", { conversationId: "conv-1", messageId: "m2", delta: "!" });
    expect(t.client.getState().drafts).toEqual([]);
  });

  it("ignores events of other conversations", () => {
    const t = setup();
    connectAndOpen(t);
    t.socket.fire("message", msg(2, { conversationId: "other" }));
    t.socket.fire("typing", { conversationId: "other", typing: true });
    t.socket.fire("message:delta", { conversationId: "other", messageId: "x", delta: "x" });
    const s = t.client.getState();
    expect(s.messages).toHaveLength(1);
    expect(s.typing).toBe(false);
    expect(s.drafts).toEqual([]);
  });

  it("asks the SMS consent question of its conversation and sends the answer once", () => {
    const t = setup();
    connectAndOpen(t);
    const ask = { conversationId: "conv-1", question: "Can we text you at this number?", wording: "Quotes only.", phone: "+16175550142" };
    t.socket.fire("sms:consent:ask", { ...ask, conversationId: "other" });
    expect(t.client.getState().consent).toBeNull();
    t.socket.fire("sms:consent:ask", ask);
    expect(t.client.getState().consent).toEqual(ask);
    t.client.consent(true);
    expect(t.socket.take("sms:consent").payload).toEqual({ conversationId: "conv-1", agree: true });
    expect(t.client.getState().consent).toBeNull();
    t.client.consent(true);
    expect(() => t.socket.take("sms:consent")).toThrow();
  });

  it("clears a typing indicator that is never turned off", () => {
    const t = setup();
    connectAndOpen(t);
    t.socket.fire("typing", { conversationId: "conv-1", typing: true });
    vi.advanceTimersByTime(30_000);
    expect(t.client.getState().typing).toBe(false);
  });

  it("keeps messages that arrive before the open ack names the conversation", () => {
    const t = setup();
    t.socket.serverConnect();
    const open = t.socket.take("conversation:open");
    t.socket.fire("message", msg(2, { conversationId: "conv-9" }));
    open.ack(null, { ok: true, conversationId: "conv-9", messages: [msg(1, { conversationId: "conv-9" })] });
    expect(t.client.getState().messages.map((m) => m.seq)).toEqual([1, 2]);
  });
});
