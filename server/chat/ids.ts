// Ids of messages are made by the server, not the database (a new conversation's id is a signed draft
// id, draft-ids.ts): a streamed reply's
// deltas carry its final id, and a statement that creates rows need not read them back.
import { randomUUID } from "node:crypto";

export function newMessageId(): string {
  return randomUUID();
}
