// Plural forms and one-item ranges (issue 32 item 5), and a scan that catches the class: a count meeting a
// noun by hand (`n === 1 ? "" : "s"`, `${n} days`) instead of through plural.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDuration } from "../dashboard/periods.ts";
import { plural, pluralWord, showingRange } from "./plural.ts";

describe("plural", () => {
  it.each([
    [0, "0 seconds"],
    [1, "1 second"],
    [1.5, "1.5 seconds"],
    [2, "2 seconds"],
    [1300, "1,300 seconds"],
  ])("%d → %s", (count, text) => {
    expect(plural(count, "second")).toBe(text);
  });
  it("takes irregular forms", () => {
    expect(pluralWord(1, "has", "have")).toBe("has");
    expect(pluralWord(3, "has", "have")).toBe("have");
  });
  it("durations read '1 second', '1 minute', '1 hour'", () => {
    expect(formatDuration(1)).toBe("1 second");
    expect(formatDuration(60)).toBe("1 minute");
    expect(formatDuration(3600)).toBe("1 hour");
    expect(formatDuration(0.4)).toBe("0.4 seconds");
    expect(formatDuration(42)).toBe("42 seconds");
  });
});

describe("showingRange", () => {
  it("one item: 'Showing 1 of 1 lead'", () => {
    expect(showingRange({ first: 1, last: 1, total: 1, one: "lead" })).toBe("Showing 1 of 1 lead");
  });
  it("the last page holding one item of many", () => {
    expect(showingRange({ first: 26, last: 26, total: 26, one: "lead" })).toBe("Showing 26 of 26 leads");
  });
  it("a range, a capped total and an unknown total", () => {
    expect(showingRange({ first: 1, last: 25, total: 1300, one: "lead" })).toBe("Showing 1–25 of 1,300 leads");
    expect(showingRange({ first: 1, last: 25, total: 1000, capped: true, one: "lead" })).toBe("Showing 1–25 of 1,000+ leads");
    expect(showingRange({ first: 1, last: 25, total: null, one: "lead" })).toBe("Showing 1–25 of the matching leads");
  });
});

describe("the class: no hand-made plurals in the sources", () => {
  const root = path.resolve(import.meta.dirname, "../../..");
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (name === "node_modules" || name === "build" || name === "generated") return [];
      if (statSync(full).isDirectory()) return sources(full);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
    });
  }
  // `x === 1 ? "lead" : "leads"`, `n === 1 ? "" : "s"`, and a variable count glued to a plural noun.
  const handMade = [
    /[!=]== 1 \? "[a-z ]*"\s*:\s*"[a-z ]*s"/,
    /[!=]== 1 \? "s" : ""/,
    /\$\{(?![A-Z_]+\})[\w.!?[\]() ]+\} (seconds|minutes|hours|days|leads|messages|visitors|times|reminders)\b/,
  ];
  // A range ("2–3 times a week") is always plural; `plural-ok` marks a line checked by hand.
  const exempt = /–\$\{|plural-ok/;
  it("every count meets its noun through plural.ts", () => {
    const offenders: string[] = [];
    for (const file of ["server", "dashboard/app", "widget/src"].flatMap((dir) => sources(path.join(root, dir)))) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (!exempt.test(line) && handMade.some((pattern) => pattern.test(line))) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
