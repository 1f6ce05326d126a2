// Ids of a new conversation before it is stored (DESIGN §3: a conversation is stored only when the
// visitor first writes). The id is signed for the chatbot and visitor it was shown to, so any of that
// visitor's connections (a reconnect, a reload, another server instance) can take the same draft up
// again without anything having been stored, and the first message stores it under that one id: a
// resend after a lost acknowledgement finds it there instead of starting a second conversation. The
// welcome messages' ids are derived from it, so the draft shown again is the same draft.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const NONCE = /^([\w-]{22})([\w-]{22})$/;

function mac(secret: string, chatbotId: string, visitorId: string, nonce: string): string {
  return createHmac("sha256", secret)
    .update(`leadbroom-draft:${chatbotId}:${visitorId}:${nonce}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** A new draft id for this chatbot and visitor: 44 characters of [A-Za-z0-9_-]. */
export function newDraftConversationId(secret: string, chatbotId: string, visitorId: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}${mac(secret, chatbotId, visitorId, nonce)}`;
}

/** True when `id` is a draft id this server made for this chatbot and visitor. */
export function isDraftConversationId(secret: string, id: string, chatbotId: string, visitorId: string): boolean {
  const match = NONCE.exec(id);
  if (!match) return false;
  const expected = Buffer.from(mac(secret, chatbotId, visitorId, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The id of a draft's n-th welcome message (1-based), UUID-shaped like other message ids. */
export function draftMessageId(conversationId: string, seq: number): string {
  const h = createHash("sha256").update(`${conversationId}:${seq}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
