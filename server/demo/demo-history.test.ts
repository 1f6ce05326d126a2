// The demo business's year of history (demo-history.ts): deterministic, within the year before today,
// transcripts that are the rules engine's own words, scores the scorer gives for the stored answers, and
// the team's work in a consistent order.
import { describe, expect, it } from "vitest";
import { buildDemoHistory, teamFirstActions, type DemoHistory } from "./demo-history.ts";
import { questionText } from "../shared/conversation/prompts.ts";
import { DEFAULT_SERVICE_TYPES } from "../shared/chatbots/defaults.ts";
import { scoreLead } from "../shared/scoring/score.ts";
import { localIsoDate } from "../shared/time/calendar.ts";
import type { BusinessProfile } from "../conversation/engine.ts";

const profile: BusinessProfile = {
  businessName: "Sparkle Commercial Cleaning",
  welcomeMessage: "Hi! Welcome to Sparkle Commercial Cleaning. What type of cleaning are you looking for?",
  serviceTypes: [...DEFAULT_SERVICE_TYPES],
  serviceAreas: ["Springfield", "Chatham"],
  description: null,
  hours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] },
  timeZone: "America/New_York",
  afterHoursMessage: "Our office is closed right now, but we'll get back to you first thing next business day.",
  marketPriceCents: 1000,
  phone: "(555) 010-2030",
  email: "hello@sparkle-cleaning.example",
};

const NOW = new Date("2026-11-25T15:30:00Z");
const build = (now = NOW): DemoHistory =>
  buildDemoHistory({ now, profile, takenNames: new Set(["Sarah Mitchell"]) });
const history = build();
const outline = (h: DemoHistory) => h.leads.map((l) => [l.name, l.score, l.priority, l.status, l.channel, l.valueCents]);

describe("the demo business's year", () => {
  it("is the same at any hour of the same day, and only covers the complete days of the year before it", () => {
    expect(outline(build(new Date("2026-11-25T05:10:00Z")))).toEqual(outline(history));
    const today = localIsoDate(NOW, profile.timeZone);
    const yearAgo = Date.parse("2025-11-25T00:00:00Z");
    for (const row of [...history.leads, ...history.conversations, ...history.messages, ...history.events]) {
      expect(localIsoDate(new Date(row.createdAt), profile.timeZone) < today).toBe(true);
      expect(Date.parse(row.createdAt)).toBeGreaterThan(yearAgo);
    }
    expect(history.impressions).toHaveLength(364);
    expect(new Set(history.leads.map((l) => l.name)).size).toBe(history.leads.length);
    expect(history.leads.map((l) => l.name)).not.toContain("Sarah Mitchell");
  });

  it("has leads from every web channel and from manual, import and outreach, at every stage", () => {
    const channels = new Set(history.leads.map((l) => l.channel));
    for (const c of ["direct", "organic_search", "paid", "social", "referral", "email", "manual", "import", "outreach"]) expect(channels).toContain(c);
    const statuses = new Set(history.leads.map((l) => l.status));
    for (const s of ["new", "contacted", "qualified", "proposal", "won", "lost"]) expect(statuses).toContain(s);
    expect(history.leads.length).toBeGreaterThan(250);
    expect(history.conversations.length).toBeGreaterThan(history.leads.filter((l) => l.source === "chatbot").length);
  });

  it("scores every lead as the scorer does from its stored answers", () => {
    for (const lead of history.leads) {
      const scored = scoreLead({
        buildingSizeSqFt: lead.buildingSizeSqFt,
        frequency: lead.frequency,
        budgetMonthlyCents: lead.budgetMonthlyCents,
        timeline: lead.timeline,
        marketPriceCents: profile.marketPriceCents,
      });
      expect([lead.score, lead.priority, lead.incomplete, lead.sizePoints, lead.budgetPoints]).toEqual([
        scored.score,
        scored.priority,
        scored.incomplete,
        scored.sizePoints,
        scored.budgetPoints,
      ]);
    }
    const priorities = new Set(history.leads.map((l) => l.priority));
    expect([...priorities].sort()).toEqual(["high", "low", "medium"]);
  });

  it("backs each chatbot lead with a transcript in the chatbot's own words, ending with the contact details", () => {
    const byConversation = new Map<string, DemoHistory["messages"]>();
    for (const m of history.messages) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m]);
    const chatbotLeads = history.leads.filter((l) => l.source === "chatbot");
    for (const lead of chatbotLeads) {
      const messages = byConversation.get(lead.conversationId!)!;
      expect(messages[0]).toMatchObject({ role: "bot", text: profile.welcomeMessage, seq: 1 });
      expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
      const bot = messages.filter((m) => m.role === "bot").map((m) => m.text).join("\n");
      for (const step of ["building_size", "frequency", "timeline", "contact_name", "contact_reach"] as const) {
        expect(bot).toContain(questionText(step, {}).replace(/^Almost done! /, ""));
      }
      const visitor = messages.filter((m) => m.role === "visitor").map((m) => m.text);
      expect(visitor).toContain(lead.name);
      expect(visitor.some((t) => (lead.email && t.includes(lead.email)) || (lead.phone && t.replace(/\D/g, "").includes(lead.phone.replace(/\D/g, "").slice(-7))))).toBe(true);
      // The bot answers each visitor message within a couple of seconds.
      for (let i = 1; i < messages.length; i++) {
        if (messages[i - 1]!.role === "visitor") expect(Date.parse(messages[i]!.createdAt) - Date.parse(messages[i - 1]!.createdAt)).toBeLessThan(3_000);
      }
      const conversation = history.conversations.find((c) => c.id === lead.conversationId)!;
      expect(conversation.channel).toBe(lead.channel);
      expect(conversation.state).toMatchObject({ engine: { completed: true }, handledSeq: conversation.lastSeq, leadId: lead.id });
    }
    // Conversations that never became a lead: the visitor left before the contact details.
    const leadless = history.conversations.filter((c) => !chatbotLeads.some((l) => l.conversationId === c.id));
    expect(leadless.length).toBeGreaterThan(100);
    for (const c of leadless) expect(c.state.engine.answers.email ?? c.state.engine.answers.phone).toBeUndefined();
  });

  it("records the team's work in order, by a member, with Won deals' values and Lost reasons", () => {
    const events = new Map<string, DemoHistory["events"]>();
    for (const e of history.events) events.set(e.leadId, [...(events.get(e.leadId) ?? []), e]);
    for (const lead of history.leads) {
      const own = events.get(lead.id)!;
      expect(own[0]).toMatchObject({ type: "created", createdAt: lead.createdAt });
      const changes = own.filter((e) => e.type === "status_changed");
      expect(changes.every((e) => e.actor)).toBe(true);
      let from = "new";
      let at = Date.parse(lead.createdAt);
      for (const change of changes) {
        expect(change.data.from).toBe(from);
        expect(Date.parse(change.createdAt)).toBeGreaterThan(at);
        from = change.data.to as string;
        at = Date.parse(change.createdAt);
      }
      expect(from).toBe(lead.status);
      if (lead.status === "won") expect(lead.valueCents).toBeGreaterThan(0);
      if (lead.status === "lost") expect(lead.lostReason).not.toBeNull();
      expect(lead.closedAt !== null).toBe(lead.status === "won" || lead.status === "lost");
    }
    // Won deals close in every month of the year.
    const months = new Set(history.leads.filter((l) => l.status === "won").map((l) => l.closedAt!.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
  });

  it("counts more widget impressions each day than conversations started", () => {
    const started = new Map<string, number>();
    for (const c of history.conversations) {
      const day = localIsoDate(new Date(c.createdAt), profile.timeZone);
      started.set(day, (started.get(day) ?? 0) + 1);
    }
    for (const day of history.impressions) expect(day.count).toBeGreaterThanOrEqual(10 * (started.get(day.day) ?? 0));
  });

  it("gives each worked lead its team's first action: the earliest of its events written by a member", () => {
    const first = teamFirstActions(history.events);
    const byLead = new Map<string, number[]>();
    for (const e of history.events) if (e.actor) byLead.set(e.leadId, [...(byLead.get(e.leadId) ?? []), Date.parse(e.createdAt)]);
    // Leads the team worked more than once: the first action is not just any of them.
    expect([...byLead.values()].filter((times) => new Set(times).size > 1).length).toBeGreaterThan(10);
    expect(first.size).toBe(byLead.size);
    for (const [leadId, times] of byLead) expect(Date.parse(first.get(leadId)!), leadId).toBe(Math.min(...times));
  });
});
