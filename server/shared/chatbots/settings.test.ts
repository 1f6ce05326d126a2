import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, parseChatbotSettings, parseOrigin, splitServiceAreas } from "./settings.ts";

const valid = {
  businessName: "Acme",
  welcomeMessage: "Hi!",
  serviceAreas: "A, B",
  hoursStart: "08:00",
  hoursEnd: "18:00",
  hoursDays: ["5", "1", "1"],
  timeZone: "America/New_York",
  afterHoursMessage: "Closed.",
  serviceTypes: ["Industrial"],
  marketPrice: "10",
  allowedOrigins: "",
};

describe("chatbot settings schema", () => {
  it("splits service areas on commas and trims them", () => {
    expect(splitServiceAreas(" Springfield ,, Chatham ,")).toEqual(["Springfield", "Chatham"]);
  });

  it("normalises origins and refuses paths, queries and other schemes", () => {
    expect(parseOrigin("https://Example.COM:443/")).toBe("https://example.com");
    expect(parseOrigin("http://localhost:4000")).toBe("http://localhost:4000");
    expect(parseOrigin("https://example.com/page")).toBeNull();
    expect(parseOrigin("https://example.com/?q=1")).toBeNull();
    expect(parseOrigin("javascript:alert(1)")).toBeNull();
    expect(parseOrigin("example.com")).toBeNull();
  });

  it("reads dollar amounts into cents", () => {
    expect(dollarsToCents("$1,250.5")).toBe(125_050);
    expect(dollarsToCents("10")).toBe(1000);
    expect(dollarsToCents("0")).toBeNull();
    expect(dollarsToCents("-3")).toBeNull();
    expect(dollarsToCents("1.234")).toBeNull();
    expect(centsToDollars(1250)).toBe("12.50");
    expect(centsToDollars(1000)).toBe("10");
  });

  it("accepts a valid form, sorting and de-duplicating days", () => {
    const parsed = parseChatbotSettings(valid);
    expect(parsed).toMatchObject({ ok: true, value: { hoursDays: [1, 5], marketPrice: 1000, serviceAreas: ["A", "B"], allowedOrigins: [] } });
  });

  it("keeps hours within the spec's options", () => {
    expect(parseChatbotSettings({ ...valid, hoursStart: "05:00" })).toMatchObject({ ok: false, errors: { hoursStart: expect.any(String) } });
    expect(parseChatbotSettings({ ...valid, hoursEnd: "21:00" })).toMatchObject({ ok: false, errors: { hoursEnd: expect.any(String) } });
    expect(parseChatbotSettings({ ...valid, hoursDays: ["8"] })).toMatchObject({ ok: false, errors: { hoursDays: expect.any(String) } });
  });
});
