// What this process last stored for each conversation it answered (decision 0079): the state and the
// seq after the turn, so that the next rules-path turn can be answered before anything is read and
// stored in one statement (turn-store.server.ts `storeWholeTurn`). It is only a guess: the statement
// checks it against the row, and a stale entry (another instance, a member, a crash) just costs the
// usual two statements. Bounded; owned by the chat service that creates it (no module state).
import type { StoredConversationState } from "./conversations.server.ts";

export type CachedTurn = {
  chatbotId: string;
  businessId: string;
  isTest: boolean;
  /** The conversation's lastSeq after the turn. */
  lastSeq: number;
  state: StoredConversationState;
  /** `state` as it was stored (compared with the row's jsonb by the statement). */
  stateJson: string;
};

export type TurnCache = {
  get(conversationId: string): CachedTurn | undefined;
  set(conversationId: string, entry: CachedTurn): void;
  forget(conversationId: string): void;
};

export function createTurnCache(limit = 10_000): TurnCache {
  const entries = new Map<string, CachedTurn>();
  return {
    get: (id) => entries.get(id),
    set(id, entry) {
      // Re-inserted so the map's order is least recently answered first.
      entries.delete(id);
      entries.set(id, entry);
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
    forget: (id) => void entries.delete(id),
  };
}
