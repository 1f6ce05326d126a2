// @postgres: row locks as each database takes them.
// Issue 28 (decision 0102): nothing a chat turn writes may take a lock that the business's other
// conversations also need. A foreign key check (`SELECT … FOR KEY SHARE`) is such a lock: the message's
// foreign key to "Business" locked the one business row on every turn, and on PostgreSQL each such lock
// beside another made a MultiXact. A row lock is written into the row itself (its xmax), so a turn that
// locked the business row, or wrote it, leaves a new xmax there; the test reads it before and after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { newClientMessageId, openedVisitor, type Visitor } from "../support/widget-client.ts";
import { connected, cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";
import type { TakeoverAck } from "#server/realtime/protocol.ts";

let server: TestServer;
let owner: Owner;
let siteKey: string;
const visitors: Visitor[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  owner = await registerOwner(server, "Row Lock Cleaning Co");
  siteKey = (await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } })).siteKey;
  // Jobs write notifications and events with their own foreign keys to the business: not the chat's.
  await server.services.jobs.stop();
});

afterAll(async () => {
  for (const v of visitors) v.disconnect();
  for (const s of sockets) s.disconnect();
  await server?.close();
});

/** The business row's xmax: the last transaction that locked, updated or deleted it. */
async function businessXmax(): Promise<string> {
  const rows = await server.services.db.$queryRaw<{ xmax: string }[]>`SELECT xmax::text AS xmax FROM "Business" WHERE "id" = ${owner.businessId}`;
  return rows[0]!.xmax;
}

async function openVisitor(): Promise<Visitor> {
  const visitor = await openedVisitor(server.url, siteKey, { pageUrl: "https://row-lock-cleaning.example/quote" });
  visitors.push(visitor);
  return visitor;
}

describe("the business row during a chat", () => {
  it("is left untouched by visitor turns and by a team member's messages", async () => {
    const visitor = await openVisitor();
    await visitor.say("Regular Commercial Cleaning");
    await server.app.chat.idle();
    const before = await businessXmax();

    await visitor.say("20,000–50,000 sq ft");
    await visitor.say("Daily");
    await server.app.chat.idle();
    expect(await server.services.db.message.count({ where: { conversationId: visitor.conversationId!, role: "bot" } })).toBeGreaterThanOrEqual(4);
    expect(await businessXmax()).toBe(before);

    const socket = workspaceSocket(server.url, cookieHeader(owner.client));
    sockets.push(socket);
    await connected(socket);
    const emit = (event: string, payload: object) => socket.timeout(15_000).emitWithAck(event, payload) as Promise<TakeoverAck<object>>;
    const conversationId = visitor.conversationId!;
    expect((await emit("conversation:join", { conversationId })).ok).toBe(true);
    const joined = await businessXmax();
    expect((await emit("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "Hello from the team" })).ok).toBe(true);
    expect((await emit("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "How can I help?" })).ok).toBe(true);
    expect(await businessXmax()).toBe(joined);

    // Every message carries its conversation's business.
    const mismatched = await server.services.db.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM "Message" m JOIN "Conversation" c ON c."id" = m."conversationId" WHERE m."businessId" <> c."businessId"`;
    expect(mismatched[0]!.n).toBe(0);
  });

  it("does show a foreign key's lock (the probe above can fail)", async () => {
    const before = await businessXmax();
    await server.services.db.notification.create({ data: { businessId: owner.businessId, type: "new-lead", text: "Row lock probe" } });
    expect(await businessXmax()).not.toBe(before);
  });

  it("deletes a business's messages with its conversations", async () => {
    const other = await registerOwner(server, "Short Lived Cleaning Co");
    const key = (await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: other.businessId } })).siteKey;
    const visitor = await openedVisitor(server.url, key, { pageUrl: "https://short-lived.example/" });
    visitors.push(visitor);
    await visitor.say("Regular Commercial Cleaning");
    await server.app.chat.idle();
    visitor.disconnect();
    expect(await server.services.db.message.count({ where: { businessId: other.businessId } })).toBeGreaterThan(0);
    await server.services.db.business.delete({ where: { id: other.businessId } });
    expect(await server.services.db.message.count({ where: { businessId: other.businessId } })).toBe(0);
  });
});
