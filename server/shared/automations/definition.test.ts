import { describe, expect, it } from "vitest";
import {
  AUTOMATION_TEMPLATES,
  automationInputSchema,
  conditionsHold,
  containsKeyword,
  renderPlaceholders,
  TEMPLATE_KEYS,
  type LeadFacts,
} from "./definition.ts";

const lead = (over: Partial<LeadFacts> = {}): LeadFacts => ({
  score: 9.4,
  priority: "high",
  serviceType: "Medical Facility",
  buildingSizeSqFt: 30000,
  status: "new",
  channel: "chatbot",
  ...over,
});

describe("the spec's templates", () => {
  it("are the four of spec §9, each a valid draft", () => {
    expect(TEMPLATE_KEYS.map((k) => AUTOMATION_TEMPLATES[k].name)).toEqual([
      "High-priority lead response",
      "Medium follow-up",
      "Appointment scheduler",
      "Lead nurturing",
    ]);
    for (const key of TEMPLATE_KEYS) {
      const parsed = automationInputSchema.parse(AUTOMATION_TEMPLATES[key]);
      expect(parsed.status).toBe("draft");
    }
    expect(AUTOMATION_TEMPLATES["medium-follow-up"].actions.map((a) => a.delay)).toEqual([0, 3, 7]);
    expect(AUTOMATION_TEMPLATES["appointment-scheduler"].triggerConfig.keyword).toBe("urgent");
  });

  it("match the score bands: high at 8 or more, medium from 5 to below 8, nurturing below 5", () => {
    const match = (key: keyof typeof AUTOMATION_TEMPLATES, score: number) => conditionsHold(lead({ score }), AUTOMATION_TEMPLATES[key].conditions);
    expect([match("high-priority", 8), match("high-priority", 7.9)]).toEqual([true, false]);
    expect([match("medium-follow-up", 5), match("medium-follow-up", 7.9), match("medium-follow-up", 8), match("medium-follow-up", 4.9)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([match("lead-nurturing", 4.9), match("lead-nurturing", 5)]).toEqual([true, false]);
  });
});

describe("conditions", () => {
  it("compare text case-insensitively and treat a missing fact as no match (but 'is not')", () => {
    expect(conditionsHold(lead(), [{ field: "priority", operator: "eq", value: "HIGH" }])).toBe(true);
    expect(conditionsHold(lead(), [{ field: "serviceType", operator: "contains", value: "medical" }])).toBe(true);
    expect(conditionsHold(lead({ serviceType: null }), [{ field: "serviceType", operator: "eq", value: "Medical Facility" }])).toBe(false);
    expect(conditionsHold(lead({ serviceType: null }), [{ field: "serviceType", operator: "neq", value: "Industrial" }])).toBe(true);
    expect(conditionsHold(lead({ buildingSizeSqFt: null }), [{ field: "buildingSize", operator: "gte", value: "1" }])).toBe(false);
    expect(conditionsHold(lead(), [{ field: "buildingSize", operator: "gt", value: "20000" }, { field: "channel", operator: "eq", value: "chatbot" }])).toBe(true);
    expect(conditionsHold(lead({ status: "won" }), [{ field: "status", operator: "neq", value: "won" }])).toBe(false);
  });

  it("are validated: numbers for numeric fields, no ordering on text", () => {
    const base = { name: "X", trigger: "lead_scored", actions: [{ type: "task", template: "Call", delay: 0 }] };
    expect(automationInputSchema.safeParse({ ...base, conditions: [{ field: "score", operator: "gte", value: "high" }] }).success).toBe(false);
    expect(automationInputSchema.safeParse({ ...base, conditions: [{ field: "priority", operator: "gte", value: "high" }] }).success).toBe(false);
    expect(automationInputSchema.safeParse({ ...base, actions: [{ type: "email", template: "Hi", delay: 0 }] }).success).toBe(false); // no subject
    expect(automationInputSchema.safeParse({ ...base, trigger: "lead_keyword" }).success).toBe(false); // no keyword
    expect(automationInputSchema.safeParse({ ...base, actions: [{ type: "task", template: "Call", delay: -1 }] }).success).toBe(false);
    expect(automationInputSchema.safeParse({ ...base, actions: [] }).success).toBe(false);
    expect(automationInputSchema.safeParse(base).success).toBe(true);
  });
});

describe("keywords", () => {
  it("match whole words, any case", () => {
    expect(containsKeyword("This is URGENT, please", "urgent")).toBe(true);
    expect(containsKeyword("urgent", "urgent")).toBe(true);
    expect(containsKeyword("not urgently needed", "urgent")).toBe(false);
    expect(containsKeyword("anything", "")).toBe(false);
    expect(containsKeyword("need a c++ quote", "c++")).toBe(true);
  });
});

describe("placeholders", () => {
  const values = { firstName: "Jane", name: "Jane Doe", company: "Acme <Ltd>", businessName: "Sparkle", bookingLink: "https://cal.example/sparkle" };
  it("fill known values and leave unknown braces", () => {
    expect(renderPlaceholders("Hi {firstName} of {company}, book at {bookingLink}. {unknown} — {businessName}", values)).toBe(
      "Hi Jane of Acme <Ltd>, book at https://cal.example/sparkle. {unknown} — Sparkle",
    );
  });
  it("read well when a value is missing", () => {
    expect(renderPlaceholders("Hi {firstName} at {company}", { ...values, firstName: null, company: "  " })).toBe("Hi there at your business");
    // A value is one line: a company with CR/LF cannot add a header line to a subject.
    expect(renderPlaceholders("Quote for {company}", { ...values, company: "Acme\r\nBcc: x@evil.test" })).toBe("Quote for Acme Bcc: x@evil.test");
    expect(renderPlaceholders("Hi {firstName}", { ...values, firstName: "\u0000\n" })).toBe("Hi there");
  });
});
