// The test flag of a conversation (issue 13): only the app's Test Chatbot page may mark conversations
// as tests, and the Origin header it was trusted by can be forged by any non-browser client. The page
// now hands its widget a short-lived token signed by the server for that chatbot, which conversation:open
// must carry for the conversation to be flagged. HMAC-SHA256 over "chatbotId.expiry".
import { createHmac, timingSafeEqual } from "node:crypto";

export const TEST_TOKEN_TTL_MS = 10 * 60 * 1000;

function mac(secret: string, chatbotId: string, expiresAt: number): string {
  return createHmac("sha256", secret).update(`leadbroom-test:${chatbotId}.${expiresAt}`).digest("base64url");
}

export function signTestToken(secret: string, chatbotId: string, now = Date.now()): string {
  const expiresAt = now + TEST_TOKEN_TTL_MS;
  return `${expiresAt}.${mac(secret, chatbotId, expiresAt)}`;
}

export function verifyTestToken(secret: string, chatbotId: string, token: unknown, now = Date.now()): boolean {
  if (typeof token !== "string") return false;
  const match = /^(\d{13})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt <= now || expiresAt > now + TEST_TOKEN_TTL_MS) return false;
  const expected = Buffer.from(mac(secret, chatbotId, expiresAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
