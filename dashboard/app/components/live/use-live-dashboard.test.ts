import { describe, expect, it } from "vitest";
import type { LeadSummary, Message } from "#server/realtime/protocol.ts";
import type { LiveChat } from "#server/dashboard/dashboard.server.ts";
import { applyMessage, mergeLeads } from "./use-live-dashboard.ts";

function lead(id: string, priority: LeadSummary["priority"], minute: number, extra: Partial<LeadSummary> = {}): LeadSummary {
  return {
    id,
    name: id,
    email: null,
    phone: null,
    company: null,
    score: priority === "high" ? 9 : priority === "medium" ? 7 : 5,
    priority,
    status: "new",
    conversationId: null,
    isTest: false,
    createdAt: new Date(Date.UTC(2026, 2, 18, 12, minute)).toISOString(),
    ...extra,
  };
}

describe("live merge of leads", () => {
  const base = { all: [lead("b", "medium", 2), lead("a", "high", 1)], high: [lead("a", "high", 1)], followUp: [lead("b", "medium", 2)] };

  it("prepends a new lead to the tabs it belongs to", () => {
    const merged = mergeLeads(base, [lead("c", "high", 3)]);
    expect(merged.all.map((l) => l.id)).toEqual(["c", "b", "a"]);
    expect(merged.high.map((l) => l.id)).toEqual(["c", "a"]);
    expect(merged.followUp.map((l) => l.id)).toEqual(["b"]);
  });

  it("moves an updated lead between tabs, ignores test leads and keeps the limit", () => {
    const merged = mergeLeads(base, [lead("b", "high", 2), lead("t", "high", 9, { isTest: true })], 2);
    expect(merged.all.map((l) => l.id)).toEqual(["b", "a"]);
    expect(merged.high.map((l) => l.id)).toEqual(["b", "a"]);
    expect(merged.followUp).toEqual([]);
  });

  it("drops a lead from Needs Follow-up once it is Won or Lost (closed leads need no follow-up)", () => {
    const won = mergeLeads(base, [lead("b", "medium", 2, { status: "won" })]);
    expect(won.all.map((l) => l.id)).toEqual(["b", "a"]);
    expect(won.followUp).toEqual([]);
    const lost = mergeLeads(base, [lead("c", "medium", 3, { status: "lost" }), lead("d", "medium", 4, { status: "proposal" })]);
    expect(lost.followUp.map((l) => l.id)).toEqual(["d", "b"]);
  });
});

describe("live chat preview", () => {
  const message = (conversationId: string, seq: number, minute: number): Message => ({
    id: `${conversationId}-${seq}`,
    conversationId,
    seq,
    role: seq % 2 ? "bot" : "visitor",
    text: `m${seq}`,
    createdAt: new Date(Date.UTC(2026, 2, 18, 12, minute)).toISOString(),
  });
  const chat = (id: string, minute: number, seqs: number[]): LiveChat => ({
    conversationId: id,
    lastMessageAt: new Date(Date.UTC(2026, 2, 18, 12, minute)).toISOString(),
    pageUrl: null,
    lead: null,
    messages: seqs.map((s) => message(id, s, minute)),
  });

  it("appends to a known conversation, keeps the last three and moves it to the top", () => {
    const chats = [chat("x", 5, [1, 2, 3]), chat("y", 1, [1, 2])];
    const next = applyMessage(chats, message("y", 3, 6))!;
    expect(next.map((c) => c.conversationId)).toEqual(["y", "x"]);
    expect(next[0]!.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    const again = applyMessage(next, message("y", 4, 7))!;
    expect(again[0]!.messages.map((m) => m.seq)).toEqual([2, 3, 4]);
  });

  it("keeps live messages out of a conversation whose details are hidden (expired trial)", () => {
    const hidden: LiveChat = { ...chat("x", 5, []), detailsHidden: true };
    const next = applyMessage([hidden], message("x", 2, 6))!;
    expect(next[0]!.messages).toEqual([]);
  });

  it("returns null for a conversation it does not show", () => {
    expect(applyMessage([chat("x", 5, [1])], message("z", 1, 6))).toBeNull();
  });
});
