// An expired trial without a subscription keeps its leads but hides their details (decision 0010): the
// dashboard's Recent Leads, Live Chat Preview and Recent Activity hide them exactly as the leads list
// does (and so do the conversations list and replay), and show them again once the business subscribes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { expireTrial, registerOwner } from "./billing-support.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterAll(async () => {
  await server?.close();
});

/** A lead from a conversation still in progress, with history and a due reminder: every dashboard card shows it. */
async function leadInEveryCard(businessId: string) {
  const db = server.services.db;
  const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId } });
  const conversation = await db.conversation.create({
    data: { businessId, chatbotId: chatbot.id, visitorId: "visitor-hidden", status: "open", lastSeq: 3, lastMessageAt: new Date() },
  });
  const texts = ["What's your name and e-mail?", "Harriet Hidden, harriet@hidden-facilities.example", "Thanks Harriet! We'll be in touch."];
  for (const [i, text] of texts.entries()) {
    await db.message.create({ data: { conversationId: conversation.id, businessId, seq: i + 1, role: i === 1 ? "visitor" : "bot", text } });
  }
  const lead = await db.lead.create({
    data: {
      businessId,
      conversationId: conversation.id,
      name: "Harriet Hidden",
      email: "harriet@hidden-facilities.example",
      phone: "555-0199",
      company: "Hidden Facilities Inc",
      score: 8.6,
      priority: "high",
    },
  });
  await db.leadEvent.create({ data: { leadId: lead.id, businessId, type: "created", data: { source: "chatbot" } } });
  await db.leadEvent.create({ data: { leadId: lead.id, businessId, type: "note", data: { text: "Call back" } } });
  await db.reminder.create({ data: { leadId: lead.id, businessId, dueAt: new Date(Date.now() - 60_000), note: "Call back" } });
  return lead;
}

const SECRETS = ["Harriet", "harriet@hidden-facilities.example", "Hidden Facilities Inc", "555-0199"];

describe("the dashboard of an expired trial", () => {
  it("hides lead details in Recent Leads, Live Chat Preview and Recent Activity until the business subscribes", async () => {
    const owner = await registerOwner(server, "Lapsed Cleaning Co");
    const lead = await leadInEveryCard(owner.businessId);

    // During the trial everything shows.
    const open = await owner.client.get("/app/dashboard");
    expect(open.status).toBe(200);
    for (const secret of SECRETS) expect(open.text, secret).toContain(secret);

    await expireTrial(server, owner.businessId);
    const hidden = await owner.client.get("/app/dashboard");
    expect(hidden.status).toBe(200);
    for (const secret of SECRETS) expect(hidden.text, secret).not.toContain(secret);
    // The rows are still there, as in the leads list.
    expect(hidden.text).toContain(`data-lead-id="${lead.id}"`);
    expect(hidden.text).toContain("Subscribe to see this lead");
    expect(hidden.text).toContain("Subscribe to see this conversation.");
    expect(hidden.text).toContain("New high-priority lead: Subscribe to see this lead, score 8.6");
    // The leads list hides the same lead the same way.
    const list = await owner.client.get("/app/leads");
    for (const secret of SECRETS) expect(list.text, secret).not.toContain(secret);
    // And a search cannot tell them apart (which leads match a name would say who they are): it is
    // not run while details are hidden, so a matching and a non-matching term list the same rows.
    const leadRows = (html: string) => [...html.matchAll(/href="\/app\/leads\/([^"?/]+)"/g)].map((m) => m[1]).filter((id) => id !== "new").sort();
    const matching = await owner.client.get("/app/leads?q=Harriet");
    const other = await owner.client.get("/app/leads?q=zzzz-no-such-lead");
    expect(leadRows(matching.text)).toEqual(leadRows(other.text));
    expect(leadRows(matching.text)).toContain(lead.id);
    // So do the conversations list and the replay (the conversation is kept, not shown).
    const conversations = await owner.client.get("/app/conversations");
    expect(conversations.status).toBe(200);
    for (const secret of SECRETS) expect(conversations.text, secret).not.toContain(secret);
    expect(conversations.text).toContain("Subscribe to see this conversation.");
    const replay = await owner.client.get(`/app/conversations/${lead.conversationId}`);
    expect(replay.status).toBe(200);
    for (const secret of SECRETS) expect(replay.text, secret).not.toContain(secret);
    expect(replay.text).toContain("subscribe to see it");
    expect((await owner.client.get("/app/conversations/not-a-conversation")).status).toBe(404);

    await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Starter" } });
    const back = await owner.client.get("/app/dashboard");
    for (const secret of SECRETS) expect(back.text, secret).toContain(secret);
    expect(back.text).not.toContain("Subscribe to see this conversation.");
    const replayBack = await owner.client.get(`/app/conversations/${lead.conversationId}`);
    expect(replayBack.text).toContain("Harriet Hidden, harriet@hidden-facilities.example");
  });
});
