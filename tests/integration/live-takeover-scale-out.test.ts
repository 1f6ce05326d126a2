// @postgres: two instances on one database, sharing rooms through Redis.
// Live takeover across two instances on one PostgreSQL database sharing socket.io rooms through Redis
// (issue 20): a member signed in on instance B sees a visitor connected to instance A, joins, and they
// talk; the bot (on either instance) is silent while the member is joined, because the joined state is in
// the database, and resumes after Leave. Runs when DATABASE_URL and REDIS_URL are set.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveVisitor, Message, TakeoverAck } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { newClientMessageId, Visitor } from "../support/widget-client.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";

const redisUrl = process.env.REDIS_URL;
const enabled = Boolean(process.env.DATABASE_URL && redisUrl);

describe.skipIf(!enabled)("live takeover on two instances, PostgreSQL and Redis", () => {
  let a: TestServer;
  let b: TestServer;
  let workspace: Socket | undefined;
  let visitor: Visitor | undefined;

  beforeAll(async () => {
    a = await startTestServer({ redisUrl });
    b = await startTestServer({ redisUrl, shareDatabaseWith: a, seedDemo: false });
  });

  afterAll(async () => {
    workspace?.disconnect();
    visitor?.disconnect();
    await b?.close();
    await a?.close();
  });

  it("a member on instance B joins and talks with a visitor on instance A; the bot resumes after leave", async () => {
    visitor = new Visitor(a.url, { siteKey: "demo" });
    await visitor.connect();
    await visitor.open();
    await visitor.say("Regular Commercial Cleaning");
    const conversationId = visitor.conversationId!;

    const http = new HttpClient(b.url);
    expect((await http.post("/login", DEMO_SIGN_IN)).status).toBe(302);
    workspace = workspaceSocket(b.url, cookieHeader(http));
    const heard: Message[] = [];
    workspace.on("conversation:message", ({ message }: { message: Message }) => heard.push(message));
    await new Promise<void>((resolve, reject) => {
      workspace!.once("connect", () => resolve());
      workspace!.once("connect_error", reject);
    });
    const emit = <T extends object>(event: string, payload: object): Promise<TakeoverAck<T>> => workspace!.timeout(15_000).emitWithAck(event, payload);

    const listed = await emit<{ visitors: LiveVisitor[] }>("presence:list", {});
    expect(listed.ok && listed.visitors.map((v) => v.conversationId)).toContain(conversationId);

    expect((await emit("conversation:join", { conversationId })).ok).toBe(true);
    await expect.poll(() => visitor!.unique().some((m) => m.role === "system" && m.text.endsWith("joined the chat")), { timeout: 10_000 }).toBe(true);
    const sent = await emit<{ message: Message }>("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "Hello from B" });
    expect(sent.ok).toBe(true);
    await expect.poll(() => visitor!.unique().find((m) => m.role === "agent")?.author?.name, { timeout: 10_000 }).toBeTruthy();

    const asked = await visitor.send("Thanks, one question");
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    await expect.poll(() => heard.some((m) => m.id === asked.message.id), { timeout: 10_000 }).toBe(true);
    await a.app.chat.idle();
    expect(visitor.unique().filter((m) => m.seq > asked.message.seq)).toEqual([]);

    expect((await emit("conversation:leave", { conversationId })).ok).toBe(true);
    const resumed = await visitor.nextBotMessage(asked.message.seq + 1);
    expect(resumed.text).toMatch(/^Thanks for waiting/);
  });
});
