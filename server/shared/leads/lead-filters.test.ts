import { describe, expect, it } from "vitest";
import { leadListSearch, MAX_PAGE, parseLeadListQuery } from "./lead-filters.ts";

describe("lead list query", () => {
  it("parses filters, search, sort and page", () => {
    const query = parseLeadListQuery(
      new URLSearchParams("priority=high&status=won&source=manual&from=2026-01-01&to=2026-01-31&q=%20Acme%20&sort=score_desc&page=3"),
    );
    expect(query).toEqual({
      priority: "high",
      status: "won",
      source: "manual",
      from: "2026-01-01",
      to: "2026-01-31",
      q: "Acme",
      sort: "score_desc",
      page: 3,
    });
  });

  it("falls back to defaults for unknown or malformed values", () => {
    const query = parseLeadListQuery(new URLSearchParams("priority=urgent&status=&from=yesterday&sort=x&page=-2&q=%20%20"));
    expect(query).toEqual({ priority: undefined, status: undefined, source: undefined, from: undefined, to: undefined, q: undefined, sort: "newest", page: 1 });
    expect(parseLeadListQuery(new URLSearchParams(`page=${MAX_PAGE + 1}`)).page).toBe(1);
    expect(parseLeadListQuery(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
  });

  it("builds search strings without defaults", () => {
    const query = parseLeadListQuery(new URLSearchParams("priority=medium&q=smith"));
    expect(leadListSearch(query)).toBe("?q=smith&priority=medium");
    expect(leadListSearch(query, { page: 2, sort: "oldest" })).toBe("?q=smith&priority=medium&sort=oldest&page=2");
    expect(leadListSearch({ sort: "newest", page: 1 })).toBe("");
  });
});
