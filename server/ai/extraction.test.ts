import { describe, expect, it } from "vitest";
import { handleVisitorMessage, initialState, type EngineState } from "../conversation/engine.ts";
import { testProfile } from "./test-profile.ts";
import { canonicalAnswer, monthlyBudgetCents, validateExtraction } from "./extraction.ts";

const PROFILE = testProfile({ serviceTypes: ["Regular Commercial Cleaning", "Medical Facility"] });
const NOW = new Date("2025-06-10T12:00:00Z");
const EMPTY = {
  serviceType: null, buildingSizeSqFt: null, visitsPerWeek: null, budgetAmountUsd: null, budgetPeriod: null,
  budgetUnsure: false, timelineDays: null, name: null, company: null, email: null, phone: null,
};
const json = (fields: Record<string, unknown>) => JSON.stringify({ ...EMPTY, ...fields });

function at(step: EngineState["step"]): EngineState {
  return { ...initialState(), step };
}

describe("validateExtraction", () => {
  it("keeps valid values and drops each bad one on its own", () => {
    const result = validateExtraction(json({ buildingSizeSqFt: 12000.4, visitsPerWeek: "daily", timelineDays: -3 }), "x");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.buildingSizeSqFt).toBe(12000);
    expect(result.value.visitsPerWeek).toBeNull();
    expect(result.value.timelineDays).toBeNull();
    expect(result.rejected).toEqual(["visitsPerWeek", "timelineDays"]);
  });

  it("refuses what is not the schema", () => {
    expect(validateExtraction("not json", "x")).toEqual({ ok: false, reason: "not JSON" });
    expect(validateExtraction("[1,2]", "x").ok).toBe(false);
  });

  it("accepts contact details only as the visitor wrote them", () => {
    const text = "jane doe here, mail JANE@Acme.example or call (555) 123-4567";
    const ok = validateExtraction(json({ name: "Jane Doe", email: "jane@acme.example", phone: "555-123-4567" }), text);
    expect(ok.ok && ok.value).toMatchObject({ name: "Jane Doe", email: "jane@acme.example", phone: "5551234567" });
    const invented = validateExtraction(json({ name: "John Smith", email: "john@x.example", phone: "555-999-0000" }), text);
    expect(invented.ok && invented.value).toMatchObject({ name: null, email: null, phone: null });
  });
});

describe("canonicalAnswer", () => {
  it("per-visit, weekly and yearly budgets become monthly", () => {
    expect(monthlyBudgetCents({ amountUsd: 300, period: "visit" }, 4.33)).toBe(129_900);
    expect(monthlyBudgetCents({ amountUsd: 300, period: "visit" }, undefined)).toBeNull();
    expect(monthlyBudgetCents({ amountUsd: 1000, period: "week" }, undefined)).toBe(433_000);
    expect(monthlyBudgetCents({ amountUsd: 12000, period: "year" }, undefined)).toBe(100_000);
  });

  // The canonical text must mean exactly the extracted value to the rules engine.
  it.each([
    ["building_size", { buildingSizeSqFt: 100 }, "buildingSizeSqFt", 100],
    ["building_size", { buildingSizeSqFt: 73_519 }, "buildingSizeSqFt", 73_519],
    ["frequency", { visitsPerWeek: 0.25 }, "visitsPerWeek", 0.25],
    ["frequency", { visitsPerWeek: 2.5 }, "visitsPerWeek", 2.5],
    ["frequency", { visitsPerWeek: 6 }, "visitsPerWeek", 6],
    ["budget", { budgetAmountUsd: 2345.67, budgetPeriod: "month" }, "budgetMonthlyCents", 234_567],
    ["budget", { budgetUnsure: true }, "budgetUnsure", true],
    ["timeline", { timelineDays: 0 }, "timelineDays", 0],
    ["timeline", { timelineDays: 45 }, "timelineDays", 45],
    ["timeline", { timelineDays: 400 }, "timelineDays", 400],
  ] as const)("%s %j is stored as is by the engine", (step, fields, key, value) => {
    const result = validateExtraction(json(fields), "whatever");
    if (!result.ok) throw new Error("invalid");
    const canonical = canonicalAnswer(step, result.value, { visitsPerMonth: undefined });
    expect(canonical).not.toBeNull();
    const turn = handleVisitorMessage(at(step), canonical!.text, PROFILE, NOW);
    expect((turn.state.answers as Record<string, unknown>)[key]).toBe(value);
    expect(turn.state.step).not.toBe(step);
  });

  it("has nothing for a step the extraction did not fill", () => {
    const result = validateExtraction(json({ buildingSizeSqFt: 5000 }), "x");
    if (!result.ok) throw new Error("invalid");
    expect(canonicalAnswer("frequency", result.value, { visitsPerMonth: undefined })).toBeNull();
  });
});
