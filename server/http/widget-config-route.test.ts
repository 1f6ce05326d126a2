import { describe, expect, it } from "vitest";
import { requestOrigin } from "./widget-config-route.server.ts";

const app = "https://app.leadbroom.example";
const origin = (headers: Record<string, string>) => requestOrigin({ headers }, app);

describe("the origin of a widget config request", () => {
  it("is the Origin header of a cross-origin request", () => {
    expect(origin({ origin: "https://www.customer.example", "sec-fetch-site": "cross-site" })).toBe("https://www.customer.example");
  });

  it("is the app's own for a same-origin request, which carries no Origin", () => {
    expect(origin({ "sec-fetch-site": "same-origin" })).toBe(app);
    // Browsers that send no Sec-Fetch-* headers (plain http): the Referer, only when it is the app's.
    expect(origin({ referer: `${app}/test-chatbot` })).toBe(app);
  });

  it("is unknown otherwise: no header, a cross-site request without Origin, an opaque origin, another site's Referer", () => {
    expect(origin({})).toBeUndefined();
    expect(origin({ "sec-fetch-site": "cross-site", referer: `${app}/test-chatbot` })).toBeUndefined();
    expect(origin({ origin: "null" })).toBeUndefined();
    expect(origin({ referer: "https://www.customer.example/page" })).toBeUndefined();
  });
});
