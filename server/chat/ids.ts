// Ids of conversations and messages are made by the server, not the database: a streamed reply's
// deltas carry its final id, and a statement that creates rows need not read them back.
import { randomUUID } from "node:crypto";

export function newMessageId(): string {
  return randomUUID();
}

export function newConversationId(): string {
  return randomUUID();
}
