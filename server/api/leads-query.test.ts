import { describe, expect, it } from "vitest";
import { parseApiLeadQuery } from "./leads-query.ts";

const parse = (search: string) => parseApiLeadQuery(new URLSearchParams(search));

describe("parseApiLeadQuery", () => {
  it("defaults to the first page of 25, no filters", () => {
    expect(parse("")).toEqual({ ok: true, value: { page: 1, limit: 25, priority: undefined, status: undefined } });
    expect(parse("page=&limit=")).toEqual({ ok: true, value: { page: 1, limit: 25, priority: undefined, status: undefined } });
  });

  it("reads page, limit up to 100 and the filters (any case)", () => {
    expect(parse("page=3&limit=100&priority=HIGH&status=won&q=ignored")).toEqual({
      ok: true,
      value: { page: 3, limit: 100, priority: "high", status: "won" },
    });
  });

  it("refuses bad values, each with its message", () => {
    expect(parse("page=0&limit=101&priority=urgent&status=closed")).toEqual({
      ok: false,
      fields: {
        page: "page must be a whole number from 1 to 10,000",
        limit: "limit must be a whole number from 1 to 100",
        priority: "priority must be one of high, medium, low",
        status: "status must be one of new, contacted, qualified, proposal, won, lost",
      },
    });
    expect(parse("limit=2.5")).toMatchObject({ ok: false, fields: { limit: expect.any(String) } });
    expect(parse("page=-1")).toMatchObject({ ok: false, fields: { page: expect.any(String) } });
    expect(parse("page=10001")).toMatchObject({ ok: false, fields: { page: expect.any(String) } });
  });
});
