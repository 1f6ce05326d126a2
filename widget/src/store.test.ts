import { describe, expect, it } from "vitest";
import { createStore, MAX_STORED_MESSAGES, randomId, readState, storageKey, type SavedState } from "./store.ts";
import { FakeStorage, msg } from "./test-support.ts";

const KEY = storageKey("site-1");
let n = 0;
const ids = () => `id-${String(++n).padStart(6, "0")}`;

describe("store", () => {
  it("uses one key per site key and writes nothing until something changes", () => {
    const storage = new FakeStorage();
    const store = createStore(storage, "site-1", ids);
    expect(KEY).toBe("leadbroom:site-1");
    expect(storage.writes).toBe(0);
    store.setOpen(true);
    expect(storage.writes).toBe(1);
    expect((storage.json(KEY) as SavedState).visitorId).toBe(store.state.visitorId);
    store.setOpen(true);
    expect(storage.writes).toBe(1);
  });

  it("keeps visitor id, conversation, lastSeq and outbox across a reload", () => {
    const storage = new FakeStorage();
    const a = createStore(storage, "site-1", ids);
    a.setConversation("conv-1");
    a.addMessages([msg(1), msg(2)], true);
    const queued = a.enqueue("hello", new Date("2026-01-01T00:00:00Z"));

    const b = createStore(storage, "site-1", ids);
    expect(b.state.visitorId).toBe(a.state.visitorId);
    expect(b.state.conversationId).toBe("conv-1");
    expect(b.state.lastSeq).toBe(2);
    expect(b.state.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(b.state.outbox).toEqual([queued]);
    // Another site key on the same page is separate.
    expect(createStore(storage, "site-2", ids).state.conversationId).toBeNull();
  });

  it("starts afresh from unreadable or invalid saved state", () => {
    const storage = new FakeStorage();
    storage.data.set(KEY, "{not json");
    expect(readState(storage, "site-1", () => "fresh-visitor").visitorId).toBe("fresh-visitor");
    storage.data.set(
      KEY,
      JSON.stringify({ visitorId: "bad id!", conversationId: 7, lastSeq: 5, outbox: [{ text: 1 }, null], messages: "x", config: {} }),
    );
    const s = readState(storage, "site-1", () => "fresh-visitor");
    expect(s).toMatchObject({ visitorId: "fresh-visitor", conversationId: null, lastSeq: 0, outbox: [], messages: [], config: null });
    expect(readState(null, "site-1", () => "fresh-visitor").open).toBe(false);
  });

  it("generates ids the server accepts", () => {
    const id = randomId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomId()).not.toBe(id);
  });

  it("merges messages in seq order, dedupes, and takes delivered items out of the outbox", () => {
    const store = createStore(new FakeStorage(), "site-1", ids);
    store.setConversation("conv-1");
    const item = store.enqueue("hi");
    expect(store.addMessages([msg(2), msg(1)], true).map((m) => m.seq)).toEqual([1, 2]);
    const mine = msg(3, { role: "visitor", text: "hi", clientMessageId: item.clientMessageId });
    expect(store.addMessages([mine])).toEqual([mine]);
    expect(store.state.outbox).toEqual([]);
    expect(store.addMessages([mine, msg(1)])).toEqual([]);
    expect(store.state.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(store.state.lastSeq).toBe(3);
  });

  it("ignores other conversations' messages and keeps lastSeq below a gap of live messages", () => {
    const store = createStore(new FakeStorage(), "site-1", ids);
    store.setConversation("conv-1");
    store.addMessages([msg(1)], true);
    expect(store.addMessages([msg(2, { conversationId: "other" })])).toEqual([]);
    store.addMessages([msg(3)]);
    expect(store.state.lastSeq).toBe(1);
    store.addMessages([msg(2)]);
    expect(store.state.lastSeq).toBe(3);
    // An open ack holds everything after lastSeq: it may jump.
    store.addMessages([msg(9)], true);
    expect(store.state.lastSeq).toBe(9);
  });

  it("a different or forgotten conversation drops the old messages but keeps the outbox", () => {
    const store = createStore(new FakeStorage(), "site-1", ids);
    store.setConversation("conv-1");
    store.addMessages([msg(1)], true);
    store.enqueue("still to send");
    store.setConversation("conv-1");
    expect(store.state.messages).toHaveLength(1);
    store.forgetConversation();
    expect(store.state).toMatchObject({ conversationId: null, lastSeq: 0, messages: [] });
    expect(store.state.outbox.map((o) => o.text)).toEqual(["still to send"]);
    store.setConversation("conv-2");
    expect(store.state.conversationId).toBe("conv-2");
  });

  it("keeps at most MAX_STORED_MESSAGES messages", () => {
    const store = createStore(new FakeStorage(), "site-1", ids);
    store.setConversation("conv-1");
    store.addMessages(Array.from({ length: MAX_STORED_MESSAGES + 5 }, (_, i) => msg(i + 1)), true);
    expect(store.state.messages).toHaveLength(MAX_STORED_MESSAGES);
    expect(store.state.messages[0]!.seq).toBe(6);
    expect(store.state.lastSeq).toBe(MAX_STORED_MESSAGES + 5);
  });

  it("survives a storage that refuses writes", () => {
    const storage = new FakeStorage();
    storage.refuse = true;
    const store = createStore(storage, "site-1", ids);
    expect(() => store.enqueue("hi")).not.toThrow();
    expect(store.state.outbox).toHaveLength(1);
    const memoryOnly = createStore(null, "site-1", ids);
    expect(() => memoryOnly.setOpen(true)).not.toThrow();
  });
});
