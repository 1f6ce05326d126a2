// The widget's persisted state: one localStorage key per site key (`leadbroom:{siteKey}`) holding the
// visitor id, the open conversation, lastSeq, the outbox of unacknowledged messages, a bounded copy of
// the conversation (so the panel is filled at once after a navigation), the last chatbot config and
// whether the panel was open. Nothing is written until the visitor opens the chat (the store is only
// created then), and a browser that refuses storage gets an in-memory store.
import type { Message, WidgetConfig } from "#server/realtime/protocol.ts";
import { advanceLastSeq, isMessage, mergeMessages } from "./messages.ts";

export type OutboxItem = { clientMessageId: string; text: string; createdAt: string };

export type SavedState = {
  v: 1;
  visitorId: string;
  conversationId: string | null;
  /** Every message up to this seq has been received. */
  lastSeq: number;
  outbox: OutboxItem[];
  messages: Message[];
  open: boolean;
  config: WidgetConfig | null;
};

export type StorageLike = Pick<Storage, "getItem" | "setItem">;

export type Store = {
  readonly state: SavedState;
  save(): void;
  setOpen(open: boolean): void;
  setConfig(config: WidgetConfig): void;
  /** Queues a visitor message for delivery and returns its outbox item. */
  enqueue(text: string, now?: Date): OutboxItem;
  removeFromOutbox(clientMessageId: string): void;
  /** Binds to a conversation; a different id than the stored one drops the old messages (the outbox stays). */
  setConversation(conversationId: string): void;
  /** Forgets the conversation (closed or unknown on the server); the outbox stays for the next one. */
  forgetConversation(): void;
  /**
   * Adds confirmed messages of the current conversation (others are ignored) and returns the new
   * ones. `complete` marks a conversation:open ack, which holds every message after lastSeq, so
   * lastSeq jumps to its highest seq; live messages move it only without gaps. Outbox items whose
   * clientMessageId came back are delivered and leave the outbox.
   */
  addMessages(incoming: readonly Message[], complete?: boolean): Message[];
};

/** Messages kept in storage; older ones stay on the server. */
export const MAX_STORED_MESSAGES = 200;

export const storageKey = (siteKey: string): string => `leadbroom:${siteKey}`;

const ID = /^[\w-]{8,64}$/;

/** A random id of 22 characters of [A-Za-z0-9_-] (132 bits), valid as visitorId and clientMessageId. */
export function randomId(): string {
  const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  let id = "";
  for (const b of crypto.getRandomValues(new Uint8Array(22))) id += abc[b & 63];
  return id;
}

/** Reads and validates the saved state; anything unusable is replaced by a fresh value. */
export function readState(storage: StorageLike | null, siteKey: string, newId: () => string = randomId): SavedState {
  let r: Partial<SavedState> = {};
  try {
    r = JSON.parse(storage?.getItem(storageKey(siteKey)) || "{}") || {};
  } catch {
    // Unreadable: start afresh.
  }
  const conversationId = typeof r.conversationId === "string" && r.conversationId ? r.conversationId : null;
  const c = r.config;
  return {
    v: 1,
    visitorId: typeof r.visitorId === "string" && ID.test(r.visitorId) ? r.visitorId : newId(),
    conversationId,
    lastSeq: conversationId && Number.isInteger(r.lastSeq) && r.lastSeq! > 0 ? r.lastSeq! : 0,
    outbox: Array.isArray(r.outbox)
      ? r.outbox.filter((o) => o && typeof o.text === "string" && ID.test(o.clientMessageId))
      : [],
    messages: conversationId && Array.isArray(r.messages) ? r.messages.filter(isMessage) : [],
    open: r.open === true,
    config: c && typeof c.businessName === "string" && typeof c.welcomeMessage === "string" ? c : null,
  };
}

export function createStore(storage: StorageLike | null, siteKey: string, newId: () => string = randomId): Store {
  const s = readState(storage, siteKey, newId);
  const key = storageKey(siteKey);
  const write = (value: SavedState): void => storage?.setItem(key, JSON.stringify(value));
  const save = (): void => {
    try {
      write(s);
    } catch {
      try {
        write({ ...s, messages: s.messages.slice(-20) }); // storage full: keep less history
      } catch {
        // Refused: the conversation continues in memory for this page view.
      }
    }
  };
  const reset = (conversationId: string | null): void => {
    s.conversationId = conversationId;
    s.messages = [];
    s.lastSeq = 0;
    save();
  };
  return {
    state: s,
    save,
    setOpen(open) {
      if (s.open !== open) {
        s.open = open;
        save();
      }
    },
    setConfig(config) {
      s.config = config;
      save();
    },
    enqueue(text, now = new Date()) {
      const item = { clientMessageId: newId(), text, createdAt: now.toISOString() };
      s.outbox.push(item);
      save();
      return item;
    },
    removeFromOutbox(clientMessageId) {
      const n = s.outbox.length;
      s.outbox = s.outbox.filter((o) => o.clientMessageId !== clientMessageId);
      if (s.outbox.length !== n) save();
    },
    setConversation(conversationId) {
      if (s.conversationId !== conversationId) reset(conversationId);
    },
    forgetConversation: () => reset(null),
    addMessages(incoming, complete = false) {
      const mine = incoming.filter((m) => isMessage(m) && m.conversationId === s.conversationId);
      if (!mine.length) return [];
      const { messages, added } = mergeMessages(s.messages, mine);
      s.messages = messages.slice(-MAX_STORED_MESSAGES);
      s.lastSeq = complete
        ? Math.max(s.lastSeq, ...mine.map((m) => m.seq))
        : advanceLastSeq(s.lastSeq, messages.map((m) => m.seq));
      const delivered = mine.map((m) => m.clientMessageId);
      s.outbox = s.outbox.filter((o) => !delivered.includes(o.clientMessageId));
      save();
      return added;
    },
  };
}
