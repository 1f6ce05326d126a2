// The conversation corpus (tests/conversation-corpus, README there) played through the rules engine:
// the floor of issue 29 — at least 95 % of conversations with every field right and 99.5 % of fields —
// and every reply expectation of the honesty groups met. `npm run eval:conversation` prints the figures.
import { describe, expect, it } from "vitest";
import { CORPUS } from "../../tests/conversation-corpus/corpus.ts";
import { evaluate } from "../../tests/conversation-corpus/play.ts";

describe("conversation corpus", () => {
  it("has at least 400 conversations covering every group of the issue", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(400);
    const groups = new Set(CORPUS.map((c) => c.group));
    for (const group of [
      "titles",
      "corrections",
      "corrections after the closing",
      "timelines",
      "numbers and units: size",
      "numbers and units: budget",
      "names and companies",
      "names and companies: company given early",
      "honesty: are you a bot",
      "honesty: a person when nobody is there",
      "service areas",
      "quotes use the visitor's count",
      "typos and lowercase",
      "several facts in one message",
      "answers before the question",
      "hedges",
      "refusals",
      "nonsense",
      "hostile input",
      "off-script questions mid-flow",
    ]) {
      expect(groups, group).toContain(group);
    }
  });

  it("keeps the floor: ≥ 95 % of conversations all right, ≥ 99.5 % of fields, honest replies", async () => {
    const summary = await evaluate(CORPUS);
    const failing = summary.results.filter((r) => r.wrong.length > 0).map((r) => `${r.id}: ${r.wrong.map((w) => `${w.field} ${JSON.stringify(w.got)} ≠ ${JSON.stringify(w.want)}`).join("; ")}`);
    expect(summary.allRight / summary.conversations, failing.slice(0, 10).join("\n")).toBeGreaterThanOrEqual(0.95);
    expect(summary.fieldsRight / summary.fieldsTotal).toBeGreaterThanOrEqual(0.995);
    expect(summary.expectationsMet / summary.expectationsTotal).toBeGreaterThanOrEqual(0.95);
    // Honesty is not a percentage: every such reply expectation holds.
    const dishonest = summary.results.filter((r) => r.group.startsWith("honesty") && r.expectations.failed.length > 0).map((r) => `${r.id}: ${r.expectations.failed.join("; ")}`);
    expect(dishonest).toEqual([]);
  }, 60_000);
});
