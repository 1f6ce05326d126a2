// Pure message bookkeeping: merging what the server sends (acks, live events, the missed messages of
// conversation:open) into the list the panel shows. A message is identified by `id`; a visitor message
// also by the `clientMessageId` the widget gave it, which is how a pending bubble finds its stored twin.
import type { Message } from "#server/realtime/protocol.ts";

export function isMessage(value: unknown): value is Message {
  const m = value as Message | null;
  return (
    typeof m === "object" &&
    m !== null &&
    typeof m.id === "string" &&
    typeof m.conversationId === "string" &&
    typeof m.seq === "number" &&
    typeof m.text === "string" &&
    typeof m.role === "string"
  );
}

export type MergeResult = {
  messages: Message[];
  /** Messages that were not known before (by id or clientMessageId), in seq order. */
  added: Message[];
};

/**
 * Merges `incoming` into `current` (both confirmed messages): one entry per id and per clientMessageId
 * (a later copy replaces an earlier one), ordered by seq. `current` is not modified.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): MergeResult {
  const byId = new Map<string, Message>();
  const idByClientId = new Map<string, string>();
  const put = (m: Message): boolean => {
    const twin = m.clientMessageId ? idByClientId.get(m.clientMessageId) : undefined;
    const known = byId.has(m.id) || twin !== undefined;
    if (twin !== undefined && twin !== m.id) byId.delete(twin);
    byId.set(m.id, m);
    if (m.clientMessageId) idByClientId.set(m.clientMessageId, m.id);
    return !known;
  };
  for (const m of current) put(m);
  const added: Message[] = [];
  for (const m of incoming) if (isMessage(m) && put(m)) added.push(m);
  const messages = [...byId.values()].sort(bySeq);
  added.sort(bySeq);
  return { messages, added };
}

function bySeq(a: Message, b: Message): number {
  return a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The highest seq up to which the widget has every message, given the seqs it has now. Live events
 * only move it forward without gaps (a gap is fetched by the next conversation:open).
 */
export function advanceLastSeq(lastSeq: number, seqs: Iterable<number>): number {
  const have = new Set(seqs);
  let next = lastSeq;
  while (have.has(next + 1)) next++;
  return next;
}
