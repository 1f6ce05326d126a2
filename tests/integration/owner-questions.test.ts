// The owner's questions (issue 29 item 5, decision 0062) against the real server: saved from AI Chatbot
// → Settings (refused with field messages and nothing stored when invalid), asked at once in a visitor's
// chat with the owner's wording, and the custom answer stored on the lead, in the REST API, the
// `lead.created` webhook (payload version 1) and Leads → Export CSV; another business sees none of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_QUEUE } from "#server/jobs/queue/queues.ts";
import { defaultQuestions } from "#server/shared/conversation/questions.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startReceiver } from "../support/webhook-receiver.ts";
import { Visitor } from "../support/widget-client.ts";
import { addSupportMember, registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;
let receiver: ReturnType<typeof startReceiver>;
let receiverUrl: string;

beforeAll(async () => {
  receiver = startReceiver();
  receiverUrl = await receiver.listen();
  server = await startTestServer({
    seedDemo: false,
    env: { WEBHOOKS_ALLOW_LOOPBACK: "true" },
    widgetLimits: { connectionsPerIpPerMinute: 1000, messagesPerVisitorPerMinute: 60, messagesPerIpPerMinute: 1000 },
  });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

const SUPPLIES = "Do you need supplies included?";

function ownQuestions() {
  const q = defaultQuestions();
  q.questions.building_size = "How big is the building you'd like cleaned?";
  q.quickReplies.building_size = ["Small office", "Mid-size", "Large", "Campus"];
  q.company = "off";
  q.custom = [{ id: "q1", text: SUPPLIES, kind: "choice", choices: ["Yes", "No"] }];
  return q;
}

async function saveQuestions(owner: Owner, questions: unknown) {
  return owner.client.post("/app/chatbot?tab=settings", { intent: "questions", questions: JSON.stringify(questions) });
}

describe("the owner's questions", () => {
  let owner: Owner;
  let apiKey: string;
  let leadId: string;

  it("refuses invalid questions with each field's message and stores nothing", async () => {
    owner = await registerOwner(server, "Question Cleaning Co");
    const bad = { ...ownQuestions(), custom: [{ id: "q1", text: "", kind: "choice", choices: ["Yes"] }] } as Record<string, any>;
    bad.quickReplies.frequency = ["Daily", "Daily", "Weekly", "Monthly"];
    const res = await saveQuestions(owner, bad);
    expect(res.status).toBe(400);
    expect(res.text).toContain("The questions were not saved");
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    expect((chatbot.settings as Record<string, unknown>).qualificationQuestions).toBeUndefined();

    const wrongBand = ownQuestions() as Record<string, any>;
    wrongBand.quickReplies.timeline[0] = "In 6 months";
    const refused = await saveQuestions(owner, wrongBand);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("reads as another scoring band");
    const garbage = await owner.client.post("/app/chatbot?tab=settings", { intent: "questions", questions: "{not json" });
    expect(garbage.status).toBe(400);
    expect(garbage.text).toContain("The questions could not be read.");
  });

  it("saves them; support staff can't", async () => {
    const support = await addSupportMember(server, owner.businessId);
    const refused = await support.post("/app/chatbot?tab=settings", { intent: "questions", questions: JSON.stringify(ownQuestions()) });
    expect(refused.status).toBe(403);
    const untouched = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    expect((untouched.settings as Record<string, unknown>).qualificationQuestions).toBeUndefined();
    const res = await saveQuestions(owner, ownQuestions());
    expect(res.status).toBe(200);
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    expect((chatbot.settings as Record<string, any>).qualificationQuestions).toMatchObject({ version: 1, company: "off", custom: [{ id: "q1", text: SUPPLIES }] });
    const page = await owner.client.get("/app/chatbot?tab=settings");
    expect(page.text).toContain("How big is the building you&#x27;d like cleaned?");
  });

  it("a visitor is asked the owner's wording at once, and the custom answer reaches the lead, the API, the webhook and the CSV", async () => {
    await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Enterprise" } });
    const key = await owner.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "Questions test" });
    apiKey = /lb_live_[A-Za-z0-9_-]{43}/.exec(key.text)?.[0] ?? "";
    expect(apiKey).not.toBe("");
    const hook = await owner.client.post("/app/settings/integrations", { intent: "webhook-create", url: `${receiverUrl}/hooks/questions`, events: "lead.created" });
    expect(hook.status).toBe(200);

    const { siteKey } = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const v = new Visitor(server.url, { siteKey });
    await v.connect();
    expect((await v.open({ pageUrl: "https://customer.example/" })).ok).toBe(true);
    const size = await v.say("office cleaning");
    expect(size.text).toContain("How big is the building you'd like cleaned?");
    expect(size.quickReplies).toEqual(["Small office", "Mid-size", "Large", "Campus", "Skip"]);
    await v.say("Campus");
    await v.say("weekly");
    await v.say("$3,000 a month");
    const custom = await v.say("next month");
    expect(custom.text).toContain(SUPPLIES);
    expect(custom.quickReplies).toEqual(["Yes", "No", "Skip"]);
    const name = await v.say("yes please");
    expect(name.text).toContain("What's your name?");
    const reach = await v.say("Dana Reyes");
    expect(reach.text).not.toContain("company"); // the company question is off
    const before = receiver.received.length;
    await v.say("dana@reyes.example");
    await server.app.chat.idle();
    v.disconnect();

    const lead = await server.services.db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, email: "dana@reyes.example" } });
    leadId = lead.id;
    expect(lead).toMatchObject({ buildingSizeSqFt: 60_000, sizePoints: 10, company: null });
    expect(lead.customAnswers).toEqual([{ id: "q1", question: SUPPLIES, answer: "Yes" }]);

    const api = await fetch(new URL(`/api/v1/leads/${leadId}`, server.url), { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { data: Record<string, unknown> }).data.customAnswers).toEqual([{ id: "q1", question: SUPPLIES, answer: "Yes" }]);

    await server.services.jobs.idle([WEBHOOK_QUEUE]);
    const delivery = await receiver.until(before + 1);
    const body = JSON.parse(delivery.body) as { type: string; version: number; data: { lead: Record<string, unknown> } };
    expect(body).toMatchObject({ type: "lead.created", version: 1, data: { lead: { id: leadId, customAnswers: [{ id: "q1", question: SUPPLIES, answer: "Yes" }] } } });

    const csv = await owner.client.get("/app/leads/export");
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.trim().split("\n");
    expect(header?.split(",").at(-1)).toBe(SUPPLIES);
    expect(row).toContain("dana@reyes.example");
    expect(row?.endsWith(",Yes")).toBe(true);

    const detail = await owner.client.get(`/app/leads/${leadId}`);
    expect(detail.text).toContain(SUPPLIES);
  });

  it("another business sees none of it", async () => {
    const other = await registerOwner(server, "Other Cleaning Co");
    const csv = await other.client.get("/app/leads/export");
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain("dana@reyes.example");
    expect(csv.text).not.toContain(SUPPLIES);
    const page = await other.client.get("/app/chatbot?tab=settings");
    expect(page.text).not.toContain("How big is the building you&#x27;d like cleaned?");
    expect((await other.client.get(`/app/leads/${leadId}`)).status).toBe(404);
  });
});
