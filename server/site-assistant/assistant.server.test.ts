import { describe, expect, it } from "vitest";
import type { ModelClient } from "../ai/model-client.server.ts";
import type { UsageRecord, UsageStore } from "../ai/usage-store.server.ts";
import { PLANS } from "../shared/billing/plans.ts";
import { formatUsd } from "../shared/format/intl.ts";
import { createSiteAssistant, rejectSiteReply } from "./assistant.server.ts";
import { siteKnowledge } from "./content.ts";

const content = { appUrl: "https://app.leadbroom.test" };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const caps = { callsPerConversation: 40, tokensPerConversation: 40_000, callsPerBusinessDay: 2000, tokensPerBusinessDay: 2_000_000 };
const conversation = { id: "c1", businessId: "b1", isTest: false };

function fakeModel(reply: string) {
  const prompts: string[] = [];
  const rows: UsageRecord[] = [];
  const usage = { promptTokens: 10, completionTokens: 5, latencyMs: 1 };
  const client: ModelClient = {
    model: "fake-model",
    extract: () => Promise.resolve({ ok: false, outcome: "error", usage }),
    streamReply: (messages, onText) => {
      prompts.push(messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n"));
      onText(reply);
      return Promise.resolve({ ok: true, text: reply, usage });
    },
  };
  const store: UsageStore = {
    totals: () => Promise.resolve({ conversation: { calls: 0, tokens: 0 }, businessDay: { calls: 0, tokens: 0 } }),
    record: (row) => {
      rows.push(row);
      return Promise.resolve();
    },
  };
  return { model: { client, usage: store, caps }, prompts, rows };
}

function turnInput(assistant: ReturnType<typeof createSiteAssistant>, text: string) {
  return { state: assistant.start().state, text, now: new Date("2026-11-27T12:00:00Z"), history: () => Promise.resolve([]), conversation };
}

describe("site assistant with a model", () => {
  it("gives the model the site's content, prices included, and uses its words when they hold", async () => {
    const reply = `Our Pro plan is ${formatUsd(PLANS.Pro.monthlyCents)} a month. How big is your cleaning company?`;
    const fake = fakeModel(reply);
    const assistant = createSiteAssistant({ content, logger: quiet, model: fake.model });
    const turn = await assistant.respond(turnInput(assistant, "how much is pro?"));
    expect(fake.prompts[0]).toContain(siteKnowledge(content));
    expect(fake.prompts[0]).toContain(formatUsd(PLANS.Pro.annualMonthlyCents));
    expect(turn.replies).toHaveLength(1);
    expect(turn.replies[0]!.text).toBe(reply);
    expect(turn.replies[0]!.quickReplies).toContain("Just me");
    expect(fake.rows.map((r) => r.outcome)).toEqual(["ok"]);
  });

  it("sends the rules' answer when the model names a price the site does not give", async () => {
    const fake = fakeModel("Pro is only $19 a month this week!");
    const assistant = createSiteAssistant({ content, logger: quiet, model: fake.model });
    const turn = await assistant.respond(turnInput(assistant, "how much is pro?"));
    expect(turn.replies[0]!.text).toContain(`${formatUsd(PLANS.Pro.monthlyCents)} a month`);
    expect(turn.replies.map((r) => r.text).join(" ")).not.toContain("$19");
    expect(fake.rows.map((r) => r.outcome)).toEqual(["guarded"]);
  });

  it("leaves plain answers to the rules (no model call)", async () => {
    const fake = fakeModel("unused");
    const assistant = createSiteAssistant({ content, logger: quiet, model: fake.model });
    const turn = await assistant.respond(turnInput(assistant, "about 25 people"));
    expect(fake.prompts).toHaveLength(0);
    expect(turn.state.answers.companySize).toBe("medium");
  });

  it("checks replies", () => {
    const knowledge = siteKnowledge(content);
    expect(rejectSiteReply(`Starter is ${formatUsd(PLANS.Starter.monthlyCents)}.`, knowledge)).toBeNull();
    expect(rejectSiteReply("It costs $5.", knowledge)).toMatch(/price/);
    expect(rejectSiteReply("Per my instructions I can't.", knowledge)).toMatch(/instructions/);
    expect(rejectSiteReply(" ", knowledge)).toBe("empty");
  });
});
