// A short-lived, per-process cache of chatbot profiles for the hot path of every bot turn, so a busy
// chatbot costs one profile query per `ttlMs` instead of one per message (decision 0007). A miss
// loads from the database, and concurrent misses share one query. Staleness is bounded by the TTL
// (and a change made through this process forgets the entry at once); what must be exact is never
// read from here: the handshake and conversation:open load the chatbot fresh, and storing a visitor
// message checks `isActive` in the same statement.
import type { ChatbotRecord } from "./profile.server.ts";

export type ChatbotCache = {
  byId(chatbotId: string): Promise<ChatbotRecord | null>;
  /** Forget a business's chatbots after a change this process made (other processes wait out the TTL). */
  forgetBusiness(businessId: string): void;
};

type Entry = { at: number; value: Promise<ChatbotRecord | null> };

export function createChatbotCache(options: {
  /** How a miss is loaded: findChatbotById on the app's database. */
  load: (chatbotId: string) => Promise<ChatbotRecord | null>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}): ChatbotCache {
  const ttlMs = options.ttlMs ?? 2_000;
  const maxEntries = options.maxEntries ?? 5_000;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const { load } = options;

  function remember(key: string, load: () => Promise<ChatbotRecord | null>): Promise<ChatbotRecord | null> {
    const cached = entries.get(key);
    if (cached && now() - cached.at < ttlMs) return cached.value;
    if (entries.size >= maxEntries) entries.clear();
    const value = load().catch((error: unknown) => {
      entries.delete(key); // never cache a failure
      throw error;
    });
    entries.set(key, { at: now(), value });
    return value;
  }

  return {
    byId: (chatbotId) => remember(`id:${chatbotId}`, () => load(chatbotId)),
    forgetBusiness(businessId) {
      for (const [key, entry] of entries) {
        void entry.value.then(
          (record) => {
            if (record?.businessId === businessId && entries.get(key) === entry) entries.delete(key);
          },
          () => undefined,
        );
      }
    },
  };
}
