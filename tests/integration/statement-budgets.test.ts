// @postgres: statement counts per driver.
// Statement budgets of the hot paths (issue 28, decision 0046), the way Django's assertNumQueries works:
// each path's SQL statements are counted at the database layer (every statement the app's Prisma client
// sends, through the driver adapter or the chat's direct line: server/db/statement-tap.ts), on PGlite and
// on PostgreSQL, and must equal the budget. A change that adds a statement to a hot path fails here;
// raise a budget only on purpose, and say why in its comment (a change that saves one lowers it).
//
// The job runner is stopped first: its polling is not the app's (and does not go through the tap), and
// the jobs a path writes (in its own statements) must not run meanwhile and add their handlers' statements.
// Each count ends when the path's effects are in and the database has then been quiet for a while
// (`quiet`): a statement the path leaves running in the background is counted too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { newClientMessageId, openedVisitor, type Visitor } from "../support/widget-client.ts";
import { connected, cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";
import type { Socket } from "socket.io-client";
import type { Message, TakeoverAck } from "#server/realtime/protocol.ts";
import { createSandbox, prepareSandbox } from "#server/demo/sandbox.server.ts";

let server: TestServer;
let owner: Owner;
let siteKey: string;
const visitors: Visitor[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  // The chatbot profile is cached for 2 s (decision 0007): a turn that comes later reloads it, one
  // statement that is a refresh, not the turn's own. On a loaded machine two turns can be 2 s apart
  // (CI saw "a turn after the lead exists" run 3), so the cache outlives the test here.
  server = await startTestServer({ seedDemo: false, chatbotCacheTtlMs: 10 * 60_000 });
  owner = await registerOwner(server, "Budget Cleaning Co");
  siteKey = (await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } })).siteKey;
  await server.services.jobs.stop();
});

afterAll(async () => {
  server?.database.statements.listen(null);
  for (const v of visitors) v.disconnect();
  for (const s of sockets) s.disconnect();
  await server?.close();
});

const QUIET_MS = 600;

/** The statements the app sends while `run` runs and until the database has been quiet for QUIET_MS. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  let last = Date.now();
  server.database.statements.listen((text) => {
    seen.push(text.replace(/\s+/g, " ").replace(/^\/\* lb:prepared \*\/ /, "").slice(0, 90));
    last = Date.now();
  });
  try {
    await run();
    last = Date.now();
    await new Promise<void>((resolve) => {
      const check = () => (Date.now() - last >= QUIET_MS ? resolve() : setTimeout(check, 50));
      check();
    });
  } finally {
    server.database.statements.listen(null);
  }
  return seen;
}

function expectBudget(statements: string[], budget: number) {
  // LB_PRINT_STATEMENTS=1 lists each path's statements even when it keeps its budget.
  if (process.env.LB_PRINT_STATEMENTS) console.log(`statements (${budget}):\n${statements.join("\n")}`);
  expect(statements.length, `statements run:\n${statements.join("\n")}`).toBe(budget);
}

/** A visitor of the business with an open conversation, the bot's first question asked. */
async function openVisitor(): Promise<Visitor> {
  const visitor = await openedVisitor(server.url, siteKey, { pageUrl: "https://budget-cleaning.example/quote" });
  visitors.push(visitor);
  return visitor;
}

describe("statement budgets of the hot paths", () => {
  it("a visitor turn: the message stored and the bot's reply stored", async () => {
    const visitor = await openVisitor();
    await visitor.say("Regular Commercial Cleaning"); // a first turn warms the chatbot cache
    await server.app.chat.idle();
    const statements = await statementsOf(async () => {
      await visitor.say("20,000–50,000 sq ft");
      await server.app.chat.idle();
    });
    // 1 (decision 0079): the visitor's message, the bot's replies and the new conversation state in one CTE
    // statement, checked against the state this process stored last turn (ownership, open/active, dedupe,
    // seq). Was 2 (decision 0007): the message stored, then the replies with the state. The chatbot's
    // settings come from the process's cache.
    expectBudget(statements, 1);
  });

  it("a new conversation's first message", async () => {
    const warm = await openVisitor();
    await warm.say("Regular Commercial Cleaning"); // warms the chatbot cache
    await server.app.chat.idle();
    const visitor = await openVisitor();
    let replies: Message[] = [];
    const statements = await statementsOf(async () => {
      const ack = await visitor.send("Regular Commercial Cleaning");
      // The replies come in the message's ack (decision 0085), stored with it.
      replies = ack.ok ? (ack.replies ?? []) : [];
      await server.app.chat.idle();
    });
    expect(replies.map((m) => m.role)).toContain("bot");
    expect(await server.services.db.message.count({ where: { conversationId: visitor.conversationId! } })).toBe(replies.at(-1)!.seq);
    // 1 (decision 0104): the conversation, its welcome, the visitor's message, the bot's replies and the
    // state that answered it in one CTE statement. Was 2: the conversation stored with the message, then
    // the replies with the state (decision 0007).
    expectBudget(statements, 1);
  });

  it("the turn that captures the lead", async () => {
    const visitor = await openVisitor();
    for (const answer of ["Regular Commercial Cleaning", "20,000–50,000 sq ft", "Daily", "$5,000–$10,000", "Immediately", "Tess Tran", "Tran Towers"]) {
      await visitor.say(answer);
    }
    await server.app.chat.idle();
    const statements = await statementsOf(async () => {
      await visitor.say("tess@trantowers.example");
      await server.app.chat.idle();
    });
    expect(await server.services.db.lead.count({ where: { conversationId: visitor.conversationId! } })).toBe(1);
    // 2 (decision 0105): the visitor's message, the bot's closing reply and the state that says the lead is
    // due in one statement, as any turn (decision 0079); then, after the ack, the lead captured in one CTE
    // statement (lead, 'created' event, follow-up reminder, the conversation state's leadId, the team's
    // notification, the lead.created job and the lead.quota job: capture-lead.server.ts). Was 3: the message
    // stored and acknowledged first, then the reply (decision 0007). Was 4 before that: the lead was counted
    // against the plan's limit in a statement of its own (LeadUsage upsert), which every capture of the
    // business waited for; the lead.quota job counts it now, off the chat's path (decision 0103; the job
    // runner is stopped here).
    expectBudget(statements, 2);
  });

  it("a turn after the lead exists", async () => {
    const visitor = await openVisitor();
    // The contact details come with the first answer: the lead exists from then on.
    await visitor.say("office cleaning for about 30,000 sq ft, reach me at lee@budget-lead.example");
    await server.app.chat.idle();
    expect(await server.services.db.lead.count({ where: { conversationId: visitor.conversationId! } })).toBe(1);
    const statements = await statementsOf(async () => {
      await visitor.say("Daily");
      await server.app.chat.idle();
    });
    // 2 (decisions 0060, 0079): the turn's 1 (above); the lead's answers and score updated together with the
    // turn's message.received (and, once scored, lead.scored) event jobs in one statement. Was 4: the turn's
    // 2, a Prisma lead.update and a pg-boss insert of the events.
    expectBudget(statements, 2);
  });

  it("an agent's message in a live takeover", async () => {
    const visitor = await openVisitor();
    await visitor.say("Regular Commercial Cleaning");
    await server.app.chat.idle();
    const socket = workspaceSocket(server.url, cookieHeader(owner.client));
    sockets.push(socket);
    await connected(socket);
    const emit = <T extends object>(event: string, payload: object) => socket.timeout(15_000).emitWithAck(event, payload) as Promise<TakeoverAck<T>>;
    const conversationId = visitor.conversationId!;
    expect((await emit("conversation:join", { conversationId })).ok).toBe(true);
    expect((await emit("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "Hello from the team" })).ok).toBe(true);
    const statements = await statementsOf(async () => {
      const sent = await emit<{ message: Message }>("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "How can I help?" });
      expect(sent.ok).toBe(true);
    });
    // 2 (decision 0045): the member's access to the business, its name and the conversation's takeover
    // state read in one statement, then one statement that checks the conversation is still joined by this
    // member, moves its seq on, sets agentActiveAt, inserts the message (deduplicated on clientMessageId)
    // and writes the lead.team_replied event when the chat has a lead. The idle check is one job per
    // conversation, written at the join, not per message (decision 0043). It was 9 with an interactive
    // transaction holding PGlite's only connection.
    // Two-way SMS (issue 33) cost a third, whether the conversation goes on by text; since decision 0077 a
    // business that cannot text (the cached flag of server/sms/availability.server.ts, read once per TTL)
    // writes nothing more, and one that can writes the SMS job after the message (one insert).
    expectBudget(statements, 2);
  });

  it("the turn that captures the lead with a phone number, in a business that cannot text", async () => {
    const visitor = await openVisitor();
    for (const answer of ["Regular Commercial Cleaning", "20,000–50,000 sq ft", "Daily", "$5,000–$10,000", "Immediately", "Pat Park", "Park Place"]) {
      await visitor.say(answer);
    }
    await server.app.chat.idle();
    expect(await server.services.smsAvailability.canText(owner.businessId)).toBe(false); // the flag, read once per TTL
    const statements = await statementsOf(async () => {
      await visitor.say("617-555-0188");
      await server.app.chat.idle();
    });
    expect(await server.services.db.lead.findFirst({ where: { conversationId: visitor.conversationId! }, select: { phone: true } })).toEqual({ phone: "+16175550188" });
    // 2, as the capture with an e-mail (above): asking for SMS consent costs nothing without Twilio (it read
    // the Twilio connection for every phone given).
    expectBudget(statements, 2);
  });

  it("a visitor leaving (the socket closes) with a conversation open", async () => {
    const visitor = await openVisitor();
    await visitor.say("Regular Commercial Cleaning");
    await server.app.chat.idle();
    const statements = await statementsOf(async () => {
      visitor.disconnect();
    });
    // 0: the continue-by-SMS job is written with the consent and follows the visitor's last message from
    // there (server/sms/inbound.server.ts), so leaving reads nothing (it read the conversation and its lead).
    expectBudget(statements, 0);
  });

  it("GET /widget/config from the business's website (with its impression)", async () => {
    const get = () => fetch(`${server.url}/widget/config?key=${siteKey}`, { headers: { Origin: "https://budget-cleaning.example" } });
    expect((await get()).status).toBe(200); // the first records the installation
    const statements = await statementsOf(async () => {
      const res = await get();
      expect(res.status).toBe(200);
      await res.json();
    });
    // 2: the chatbot by site key with its business's zone and installation state (one statement), and
    // the impression appended after the answer is sent (one insert of its own row, decision 0046).
    expectBudget(statements, 2);
  });

  it("the demo button's sandbox, one prepared ahead (decision 0046)", async () => {
    expect(await prepareSandbox(server.services.db)).not.toBeNull();
    let made: { businessId: string } | undefined;
    const statements = await statementsOf(async () => {
      made = await createSandbox({ db: server.services.db, jobs: server.services.jobs });
    });
    expect((await server.services.db.business.findUniqueOrThrow({ where: { id: made!.businessId } })).sandboxPreparedAt).toBeNull();
    // 5: one transaction: BEGIN, the prepared sandbox claimed with its expiry (one statement), its eight
    // sample leads moved to now with their history and reminders (one CTE statement), its deletion job and
    // the next preparation's job (one pg-boss insert), COMMIT. (The password hash is off the database.)
    expectBudget(statements, 5);
  });

  it("the leads page (/app/leads)", async () => {
    expect((await owner.client.get("/app/leads")).status).toBe(200);
    const statements = await statementsOf(async () => {
      const page = await owner.client.get("/app/leads");
      expect(page.status).toBe(200);
    });
    // 5: the session (1) and the member with the business (1) for the workspace layout, its unread
    // notifications (1), the first page of leads (1) and its overdue reminders counted (1). Below the
    // list's page size no separate COUNT runs (list-leads.server.ts).
    expectBudget(statements, 5);
  });
});
