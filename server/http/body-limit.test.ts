import { describe, expect, it } from "vitest";
import { bodyLimitFor, bodyRouteOf, DEFAULT_BODY_LIMIT } from "./body-limit.server.ts";

describe("body limits keyed on the route", () => {
  it("gives every spelling of a route the route's key", () => {
    for (const path of ["/app/outreach", "/app/outreach.data", "/app/outreach/", "/app/outreach/.data", "/APP/Outreach.data", "/app//outreach", "/app/%6Futreach.data"]) {
      expect(bodyRouteOf(path), path).toBe("/app/outreach");
    }
    expect(bodyRouteOf("/_root.data")).toBe("/");
    expect(bodyRouteOf("/")).toBe("/");
    expect(bodyRouteOf("/%E0%A4%A")).toBe("/%e0%a4%a"); // a malformed escape keys the default limit
  });

  it("applies the upload limits to single-fetch posts", () => {
    expect(bodyLimitFor("/app/outreach.data")).toBe(bodyLimitFor("/app/outreach"));
    expect(bodyLimitFor("/app/outreach.data")).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimitFor("/app/settings/profile.data")).toBeGreaterThan(2 * 1024 * 1024);
    expect(bodyLimitFor("/app/settings/profile/")).toBe(bodyLimitFor("/app/settings/profile"));
    expect(bodyLimitFor("/app/leads.data")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/app/outreach_/export.data")).toBe(DEFAULT_BODY_LIMIT);
  });
});
