// Conversations list and replay over HTTP: filters (lead, test/real, date), business scoping (another
// business's conversation id answers 404) and access for support staff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/password.server.ts";
import { appendMessage } from "#server/chat/conversations.server.ts";
import { getTranscript } from "#server/chat/transcripts.server.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
const password = "CleanFloors1";
let counter = 0;

type Owner = { client: HttpClient; businessId: string; chatbotId: string };

async function registerOwner(businessName: string): Promise<Owner> {
  counter += 1;
  const email = `conv-owner${counter}-${Date.now()}@example.com`;
  const client = new HttpClient(server.url);
  const res = await client.post("/register", { displayName: "Test Owner", businessName, email, password, confirmPassword: password, acceptTerms: "on" });
  expect(res.status).toBe(302);
  const membership = await server.services.db.membership.findFirstOrThrow({ where: { user: { email } } });
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: membership.businessId } });
  return { client, businessId: membership.businessId, chatbotId: chatbot.id };
}

async function seedConversation(owner: Owner, options: { isTest?: boolean; withLead?: boolean; at: Date; visitorText: string }) {
  const db = server.services.db;
  const conversation = await db.conversation.create({
    data: {
      businessId: owner.businessId,
      chatbotId: owner.chatbotId,
      visitorId: `v_${Math.random().toString(36).slice(2, 14)}`,
      isTest: options.isTest ?? false,
      createdAt: options.at,
      state: {},
    },
  });
  const t = (s: number) => new Date(options.at.getTime() + s * 1000);
  const base = { conversationId: conversation.id, businessId: owner.businessId };
  await appendMessage(db, { ...base, role: "bot", text: "What type of cleaning are you looking for?", quickReplies: ["Industrial", "Something else"], now: t(0) });
  await appendMessage(db, { ...base, role: "visitor", text: options.visitorText, now: t(3) });
  await appendMessage(db, { ...base, role: "bot", text: "Thanks! What's your name?", now: t(4) });
  if (options.withLead) {
    await db.lead.create({
      data: {
        businessId: owner.businessId,
        conversationId: conversation.id,
        name: "Maria Lopez",
        score: 7.9,
        priority: "medium",
        isTest: options.isTest ?? false,
        createdAt: t(5),
      },
    });
    await appendMessage(db, { ...base, role: "bot", text: "Thanks, the team will be in touch.", now: t(6) });
  }
  return conversation.id;
}

let alice: Owner;
let bob: Owner;
const ids = {} as { withLead: string; withoutLead: string; test: string; january: string; bobs: string };

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  alice = await registerOwner("Alice Cleaning Co");
  bob = await registerOwner("Bob Facility Services");
  const now = new Date();
  ids.withLead = await seedConversation(alice, { withLead: true, at: new Date(now.getTime() - 60_000), visitorText: "Industrial please" });
  ids.withoutLead = await seedConversation(alice, { at: new Date(now.getTime() - 120_000), visitorText: "Just browsing" });
  ids.test = await seedConversation(alice, { isTest: true, at: new Date(now.getTime() - 180_000), visitorText: "Testing my bot" });
  // 10 January 2026, 15:00 UTC = 10:00 in New York (the business's default time zone).
  ids.january = await seedConversation(alice, { at: new Date("2026-01-10T15:00:00Z"), visitorText: "An old January chat" });
  ids.bobs = await seedConversation(bob, { withLead: true, at: now, visitorText: "Bob's visitor" });
});

afterAll(async () => {
  await server?.close();
});

function listed(html: string): string[] {
  return [...html.matchAll(/href="\/app\/conversations\/([A-Za-z0-9_-]+)"/g)].map((m) => m[1]!);
}

describe("conversation list", () => {
  it("lists the business's conversations, newest first, and none of another business", async () => {
    const res = await alice.client.get("/app/conversations");
    expect(res.status).toBe(200);
    expect(listed(res.text)).toEqual([ids.withLead, ids.withoutLead, ids.test, ids.january]);
    expect(res.text).not.toContain("Bob&#x27;s visitor");
  });

  it.each([
    ["lead=with", () => [ids.withLead]],
    ["lead=without", () => [ids.withoutLead, ids.test, ids.january]],
    ["kind=test", () => [ids.test]],
    ["kind=real", () => [ids.withLead, ids.withoutLead, ids.january]],
    ["kind=real&lead=without", () => [ids.withoutLead, ids.january]],
    ["from=2026-01-10&to=2026-01-10", () => [ids.january]],
    ["from=2026-01-11&to=2026-01-31", () => []],
  ])("filters with %s", async (query, expected) => {
    const res = await alice.client.get(`/app/conversations?${query}`);
    expect(res.status).toBe(200);
    expect(listed(res.text)).toEqual(expected());
  });

  it("explains an invalid filter and shows everything instead", async () => {
    const res = await alice.client.get("/app/conversations?from=2026-02-30x&lead=with");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Use a date like 2026-01-31.");
    expect(listed(res.text)).toHaveLength(4);
  });

  it("sends a signed-out visitor to the login page", async () => {
    const res = await new HttpClient(server.url).get("/app/conversations?lead=with");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?redirectTo=%2Fapp%2Fconversations%3Flead%3Dwith");
  });
});

describe("replay", () => {
  it("shows the transcript to the owner, with where the lead was created", async () => {
    const res = await alice.client.get(`/app/conversations/${ids.withLead}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Conversation replay");
    const transcript = await getTranscript(server.services.db, alice.businessId, ids.withLead);
    expect(transcript?.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(transcript?.messages[0]?.quickReplies).toEqual(["Industrial", "Something else"]);
    expect(transcript?.leadAfterSeq).toBe(3);
    expect(transcript?.lead?.name).toBe("Maria Lopez");
  });

  it("answers 404 for another business's conversation id and for an unknown id", async () => {
    expect((await alice.client.get(`/app/conversations/${ids.bobs}`)).status).toBe(404);
    expect((await bob.client.get(`/app/conversations/${ids.withLead}`)).status).toBe(404);
    expect((await alice.client.get("/app/conversations/does-not-exist")).status).toBe(404);
    expect(await getTranscript(server.services.db, bob.businessId, ids.withLead)).toBeNull();
  });

  it("is open to support staff of the business", async () => {
    counter += 1;
    const email = `conv-support${counter}-${Date.now()}@example.com`;
    await server.services.db.user.create({
      data: {
        email,
        passwordHash: await hashPassword(password),
        displayName: "Sam Support",
        memberships: { create: { businessId: alice.businessId, role: "support" } },
      },
    });
    const support = new HttpClient(server.url);
    expect((await support.post("/login", { intent: "login", email, password })).status).toBe(302);
    expect(listed((await support.get("/app/conversations?lead=with")).text)).toEqual([ids.withLead]);
    expect((await support.get(`/app/conversations/${ids.withLead}`)).status).toBe(200);
    expect((await support.get(`/app/conversations/${ids.bobs}`)).status).toBe(404);
  });
});
