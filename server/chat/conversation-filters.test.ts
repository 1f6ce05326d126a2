import { describe, expect, it } from "vitest";
import { parseConversationFilters } from "./conversation-filters.ts";

describe("conversation filters", () => {
  it("defaults to everything, page 1", () => {
    expect(parseConversationFilters(new URLSearchParams(""))).toEqual({ ok: true, filters: { lead: "all", kind: "all", page: 1 } });
    expect(parseConversationFilters(new URLSearchParams("lead=&kind=&from=&to="))).toMatchObject({ ok: true, filters: { lead: "all" } });
  });

  it("reads lead, kind, dates and page", () => {
    expect(parseConversationFilters(new URLSearchParams("lead=with&kind=test&from=2026-01-01&to=2026-01-31&page=2"))).toEqual({
      ok: true,
      filters: { lead: "with", kind: "test", from: "2026-01-01", to: "2026-01-31", page: 2 },
    });
  });

  it("refuses unknown values, malformed dates and a reversed range", () => {
    expect(parseConversationFilters(new URLSearchParams("lead=maybe")).ok).toBe(false);
    expect(parseConversationFilters(new URLSearchParams("from=01/02/2026")).ok).toBe(false);
    expect(parseConversationFilters(new URLSearchParams("from=2026-02-01&to=2026-01-01"))).toMatchObject({
      ok: false,
      error: "The start date must be on or before the end date.",
    });
  });
});
