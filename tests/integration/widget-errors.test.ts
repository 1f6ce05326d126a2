// @postgres: new conversations counted when stored, in parallel.
// The widget protocol's error codes as DESIGN §3 says (issue 13): `server_error` for our failures (the
// visitor keeps the conversation and retries), `invalid_payload` for control characters (a NUL byte
// was once acked as rate_limited and blocked the widget's outbox forever), `not_found` only for a
// conversation that does not exist or is not the visitor's, and a replay paged past 500 messages.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { connectError, Visitor } from "../support/widget-client.ts";

let server: TestServer;
const visitors: Visitor[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const v of visitors.splice(0)) v.disconnect();
});
afterAll(async () => {
  await server?.close();
});

function visitor(options: { visitorId?: string } = {}): Visitor {
  const v = new Visitor(server.url, { siteKey: DEMO.siteKey, ...options });
  visitors.push(v);
  return v;
}

/** Runs `fn` with the server's error log captured (the failure below is logged on purpose). */
async function withLoggedErrors<T>(fn: () => Promise<T>): Promise<{ result: T; logged: unknown[][] }> {
  const logger = server.services.logger;
  const original = logger.error;
  const logged: unknown[][] = [];
  logger.error = (...args: unknown[]) => void logged.push(args);
  try {
    return { result: await fn(), logged };
  } finally {
    logger.error = original;
  }
}

describe("widget protocol errors", () => {
  it("refuses a message with a NUL or another control character as invalid_payload and stores nothing", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    const before = await server.services.db.message.count({ where: { conversationId: v.conversationId! } });
    for (const text of ["hello\u0000world", "bell\u0007", "\u001b[31mred"]) {
      expect(await v.send(text)).toEqual({ ok: false, error: "invalid_payload" });
    }
    expect(await server.services.db.message.count({ where: { conversationId: v.conversationId! } })).toBe(before);
    // Line breaks and tabs are ordinary text.
    expect((await v.send("Line one\nline two\tindented")).ok).toBe(true);
  });

  it("refuses a NUL in the site key, the conversation id or another payload field as a protocol error, never server_error", async () => {
    const { result, logged } = await withLoggedErrors(async () => {
      // The handshake: invalid_site_key, as any unknown key.
      const nulKey = new Visitor(server.url, { siteKey: `${DEMO.siteKey}\u0000` });
      visitors.push(nulKey);
      const handshake = await connectError(nulKey);
      // The loader's config request: the same answer, or 400 for a NUL in the address.
      const config = await fetch(`${server.url}/widget/config?key=${encodeURIComponent(`${DEMO.siteKey}\u0000`)}`, { headers: { Origin: "https://customer.example" } });
      const v = visitor();
      await v.connect();
      const opened = await v.open();
      const before = await server.services.db.conversation.count();
      const acks = [
        await v.open({ conversationId: "abc\u0000def", lastSeq: 0 }),
        await v.open({ pageUrl: "https://customer.example/\u0000", referrer: "x\u0000" }),
        await v.socket.timeout(10_000).emitWithAck("message:send", { conversationId: "abc\u0000def", clientMessageId: "c_nulnulnul1", text: "Hello" }),
      ];
      return { handshake, config: { status: config.status, body: await config.text() }, opened, acks, stored: (await server.services.db.conversation.count()) - before };
    });
    expect(result.handshake).toBe("invalid_site_key");
    expect(result.config.status).toBe(400);
    expect(result.config.body).not.toMatch(/at .*\.ts/);
    expect(result.opened.ok).toBe(true);
    expect(result.acks).toEqual([
      { ok: false, error: "invalid_payload" },
      { ok: false, error: "invalid_payload" },
      { ok: false, error: "invalid_payload" },
    ]);
    expect(result.stored).toBe(0);
    expect(logged).toEqual([]);
  });

  it("answers our own failures with server_error, and the same conversation goes on afterwards", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    const conversationId = v.conversationId!;
    const chat = server.app.chat;
    const { open, send } = chat;
    const unavailable = async (): Promise<never> => {
      throw new Error("database unavailable");
    };
    chat.open = unavailable;
    chat.send = unavailable;
    try {
      const { result, logged } = await withLoggedErrors(async () => [
        await v.open({ conversationId, lastSeq: 0 }),
        await v.send("Regular Commercial Cleaning"),
      ]);
      expect(result).toEqual([
        { ok: false, error: "server_error" },
        { ok: false, error: "server_error" },
      ]);
      expect(logged).toHaveLength(2);
    } finally {
      chat.open = open;
      chat.send = send;
    }
    const reopened = await v.open({ conversationId, lastSeq: 0 });
    expect(reopened).toMatchObject({ ok: true, conversationId });
    expect((await v.send("Regular Commercial Cleaning")).ok).toBe(true);
  });

  it("answers not_found for a conversation that does not exist or is another visitor's", async () => {
    const owner = visitor();
    await owner.connect();
    await owner.open();
    await owner.say("Regular Commercial Cleaning");
    const stranger = visitor();
    await stranger.connect();
    expect(await stranger.open({ conversationId: owner.conversationId!, lastSeq: 0 })).toEqual({ ok: false, error: "not_found" });
    expect(await stranger.open({ conversationId: "no-such-conversation", lastSeq: 0 })).toEqual({ ok: false, error: "not_found" });
  });

  it("stores the page a conversation started on as origin and path only", async () => {
    const v = visitor();
    await v.connect();
    await v.open({ pageUrl: "https://customer.example/reset-password?token=secret-token#top" });
    await v.say("Regular Commercial Cleaning");
    const stored = await server.services.db.conversation.findUniqueOrThrow({ where: { id: v.conversationId! } });
    expect(stored.pageUrl).toBe("https://customer.example/reset-password");
    const other = visitor();
    await other.connect();
    await other.open({ pageUrl: "javascript:alert(1)" });
    await other.say("Regular Commercial Cleaning");
    expect((await server.services.db.conversation.findUniqueOrThrow({ where: { id: other.conversationId! } })).pageUrl).toBeNull();
  });

  it("pages a replay of more than 500 messages", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    await v.say("Regular Commercial Cleaning");
    const conversationId = v.conversationId!;
    const db = server.services.db;
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    const start = conversation.lastSeq + 1;
    await db.message.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({
        conversationId,
        businessId: conversation.businessId,
        seq: start + i,
        role: "bot" as const, // bot lines only: no visitor message left for the engine to answer
        text: `Message ${start + i}`,
      })),
    });
    const last = start + 1199;
    await db.conversation.update({ where: { id: conversationId }, data: { lastSeq: last } });

    const back = visitor({ visitorId: v.visitorId });
    await back.connect();
    const seqs: number[] = [];
    let lastSeq = 0;
    for (let page = 0; page < 10; page++) {
      const ack = await back.open({ conversationId, lastSeq });
      if (!ack.ok) throw new Error(ack.error);
      seqs.push(...ack.messages.map((m) => m.seq));
      expect(ack.messages.length).toBeLessThanOrEqual(500);
      if (!ack.hasMore) break;
      lastSeq = ack.messages.at(-1)!.seq;
    }
    expect(seqs).toEqual(Array.from({ length: last }, (_, i) => i + 1));
  });
});

describe("new conversations per visitor and per IP", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ widgetLimits: { conversationsPerVisitorPerMinute: 3, conversationsPerIpPerMinute: 5 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  /** Opens a new conversation (a draft) on its own connection of this visitor and writes in it. */
  async function startsConversation(v: Visitor) {
    await v.connect();
    const opened = await v.open();
    if (!opened.ok) throw new Error(`open refused: ${opened.error}`);
    return v.send("Regular Commercial Cleaning");
  }

  it("counts a visitor's new conversations when they are stored (the first message), in parallel too; opening or resuming one is not counted", async () => {
    const visitorId = `v_limit_${Date.now()}`;
    // Opening alone stores nothing and is never refused.
    const looker = new Visitor(limited.url, { siteKey: DEMO.siteKey, localAddress: "127.0.0.2", visitorId });
    visitors.push(looker);
    await looker.connect();
    const opens = await Promise.all(Array.from({ length: 8 }, () => looker.open()));
    expect(opens.every((a) => a.ok)).toBe(true);

    const connections = Array.from({ length: 6 }, () => new Visitor(limited.url, { siteKey: DEMO.siteKey, localAddress: "127.0.0.2", visitorId }));
    visitors.push(...connections);
    const acks = await Promise.all(connections.map(startsConversation));
    expect(acks.filter((a) => a.ok)).toHaveLength(3);
    expect(acks.filter((a) => !a.ok && a.error === "rate_limited")).toHaveLength(3);
    expect(await limited.services.db.conversation.count({ where: { visitorId } })).toBe(3);
    // A stored conversation is resumed and written in without counting.
    const stored = connections[acks.findIndex((a) => a.ok)]!;
    expect((await looker.open({ conversationId: stored.conversationId!, lastSeq: 0 })).ok).toBe(true);
    const more = await looker.send("Over 50,000 sq ft");
    expect(more.ok).toBe(true);
  });

  it("refuses new conversations from one address past its limit, whoever writes", async () => {
    const many = Array.from({ length: 8 }, () => new Visitor(limited.url, { siteKey: DEMO.siteKey, localAddress: "127.0.0.3" }));
    visitors.push(...many);
    const acks = await Promise.all(many.map(startsConversation));
    expect(acks.filter((a) => a.ok)).toHaveLength(5);
    expect(acks.filter((a) => !a.ok && a.error === "rate_limited")).toHaveLength(3);
  });
});
