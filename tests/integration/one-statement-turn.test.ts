// @postgres: the kept state is checked by the database's jsonb equality and row lock, not by the process.
// The one-statement rules turn (decision 0079): the chat answers from the state it stored last turn and
// stores message, replies and state together, but only while that guess is the row's. When anything else
// wrote to the conversation in between (another instance answering, a member's message, the SMS flow),
// the message takes the usual path: stored once, answered once, from the row's state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";
import { registerOwner } from "./billing-support.ts";

let server: TestServer;
let siteKey: string;
const visitors: Visitor[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  const owner = await registerOwner(server, "Single Statement Cleaning");
  siteKey = (await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } })).siteKey;
});

afterAll(async () => {
  server?.database.statements.listen(null);
  for (const v of visitors) v.disconnect();
  await server?.close();
});

async function openVisitor(): Promise<Visitor> {
  const visitor = new Visitor(server.url, { siteKey });
  visitors.push(visitor);
  await visitor.connect();
  const opened = await visitor.open({ pageUrl: "https://single-statement.example/quote" });
  if (!opened.ok) throw new Error(opened.error);
  return visitor;
}

/** Counts the app's statements while `run` runs (the job runner's own polling is not tapped). */
async function counted(run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  server.database.statements.listen(() => void (n += 1));
  try {
    await run();
    await server.app.chat.idle();
  } finally {
    server.database.statements.listen(null);
  }
  return n;
}

async function storedMessages(conversationId: string) {
  return server.services.db.message.findMany({ where: { conversationId }, orderBy: { seq: "asc" }, select: { seq: true, role: true, text: true } });
}

describe("the one-statement rules turn", () => {
  it("falls back to the usual path when the conversation changed behind the process's back, and answers once", async () => {
    const visitor = await openVisitor();
    await visitor.say("Regular Commercial Cleaning");
    await server.app.chat.idle();
    const id = visitor.conversationId!;

    // Another instance answered a message of this conversation meanwhile: the row's state and seq moved on.
    const row = await server.services.db.conversation.findUniqueOrThrow({ where: { id }, select: { state: true, lastSeq: true } });
    const state = row.state as { engine: { answers: Record<string, unknown> }; handledSeq: number };
    await server.services.db.$transaction([
      server.services.db.message.create({
        data: { id: `m_other_${id}`, conversationId: id, businessId: (await server.services.db.conversation.findUniqueOrThrow({ where: { id } })).businessId, seq: row.lastSeq + 1, role: "bot", text: "Answered elsewhere" },
      }),
      // Its state differs too (a key this process never wrote): the kept guess is stale on both counts.
      server.services.db.conversation.update({ where: { id }, data: { lastSeq: row.lastSeq + 1, state: JSON.parse(JSON.stringify({ ...state, answeredElsewhere: true })) } }),
    ]);

    let reply = "";
    const statements = await counted(async () => {
      reply = (await visitor.say("20,000–50,000 sq ft")).text;
    });
    // The refused guess (1), then the usual two: the message stored, the reply stored with the state.
    expect(statements).toBe(3);
    expect(reply).not.toBe("");
    const messages = await storedMessages(id);
    expect(messages.filter((m) => m.text === "20,000–50,000 sq ft")).toHaveLength(1);
    // Seqs stay dense and unique: nothing was stored by the refused statement.
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => messages[0]!.seq + i));
    const answered = messages.filter((m) => m.role === "bot" && m.seq > row.lastSeq + 2);
    expect(answered.map((m) => m.text)).toContain(reply);

    // The next turn is back on the single statement: the usual path kept what it stored.
    expect(await counted(() => visitor.say("Daily"))).toBe(1);
  });

  it("stores a resent message once: the same clientMessageId on the single statement gets the first ack's message", async () => {
    const visitor = await openVisitor();
    await visitor.say("Regular Commercial Cleaning");
    await server.app.chat.idle();
    const first = await visitor.send("Weekly", "c_resent_once_on_the_fast_path");
    const again = await visitor.send("Weekly", "c_resent_once_on_the_fast_path");
    await server.app.chat.idle();
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.message.id).toBe(first.message.id);
    const messages = await storedMessages(visitor.conversationId!);
    expect(messages.filter((m) => m.role === "visitor" && m.text === "Weekly")).toHaveLength(1);
    // Answered once: one reply stored after the message.
    const after = messages.filter((m) => m.seq > first.message.seq);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((m) => m.role === "bot")).toBe(true);
  });

  it("leaves a chat a member joined to the member: no reply from the kept state", async () => {
    const visitor = await openVisitor();
    await visitor.say("Regular Commercial Cleaning");
    await server.app.chat.idle();
    const id = visitor.conversationId!;
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { siteKey }, select: { businessId: true } });
    const member = await server.services.db.membership.findFirstOrThrow({ where: { businessId: chatbot.businessId }, select: { userId: true } });
    await server.services.db.conversation.update({ where: { id }, data: { agentUserId: member.userId } });
    const ack = await visitor.send("We have three floors");
    await server.app.chat.idle();
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const messages = await storedMessages(id);
    expect(messages.at(-1)).toMatchObject({ role: "visitor", text: "We have three floors" });
  });
});
