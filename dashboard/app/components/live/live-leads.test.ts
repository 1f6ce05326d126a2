import { describe, expect, it } from "vitest";
import type { LeadSummary } from "#server/realtime/protocol.ts";
import { listReaction, patchRows } from "./live-leads.ts";
import { newestDetail } from "./use-live-lead.ts";

const summary = (id: string, extra: Partial<LeadSummary> = {}): LeadSummary => ({
  id,
  name: id,
  email: null,
  phone: null,
  company: null,
  score: 7,
  priority: "medium",
  status: "new",
  conversationId: null,
  isTest: false,
  createdAt: "2026-03-18T12:00:00.000Z",
  ...extra,
});

describe("live leads list", () => {
  it("patches the rows it shows with the pushed lead and keeps the row's other fields", () => {
    const rows = [{ ...summary("a"), source: "chatbot", overdueReminders: 2 }, { ...summary("b"), source: "manual", overdueReminders: 0 }];
    const patched = patchRows(rows, new Map([["a", summary("a", { status: "won", score: 9.1, priority: "high", name: "Ann" })]]));
    expect(patched[0]).toEqual({ ...rows[0], status: "won", score: 9.1, priority: "high", name: "Ann" });
    expect(patched[1]).toBe(rows[1]);
    expect(patchRows(rows, new Map())).toBe(rows);
    const hidden = [{ ...summary("h", { name: "Subscribe to see this lead" }), detailsHidden: true }];
    expect(patchRows(hidden, new Map([["h", summary("h", { name: "Real Name", email: "x@y.example", status: "won" })]]))[0]).toEqual({
      ...hidden[0],
      status: "won",
    });
  });

  it("reloads the first page, patches or counts on later pages", () => {
    expect(listReaction({ page: 1, event: "created", visible: false })).toBe("reload");
    expect(listReaction({ page: 1, event: "updated", visible: true })).toBe("reload");
    expect(listReaction({ page: 3, event: "updated", visible: true })).toBe("patch");
    expect(listReaction({ page: 3, event: "created", visible: false })).toBe("count-new");
    expect(listReaction({ page: 3, event: "updated", visible: false })).toBe("ignore");
  });
});

describe("live lead detail", () => {
  const detail = (id: string, loadedAt: number) => ({ loadedAt, lead: { id, conversationId: null } });
  it("keeps the newer of the route's data and the live reload, for the same lead only", () => {
    const route = detail("a", 100);
    expect(newestDetail(route, undefined)).toBe(route);
    const newer = detail("a", 200);
    expect(newestDetail(route, newer)).toBe(newer);
    expect(newestDetail(newer, route)).toBe(newer);
    expect(newestDetail(route, detail("b", 300))).toBe(route);
  });
});
