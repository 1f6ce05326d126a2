// Every colour utility the app and the widget use names a colour that exists: Tailwind's default
// palette or a shade defined in app.css's @theme. An undefined one (text-brand-800 before it was
// defined) silently produces no CSS: a white button on white.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TAILWIND_PALETTE = new Set([
  "slate", "gray", "zinc", "neutral", "stone", "red", "orange", "amber", "yellow", "lime", "green", "emerald", "teal",
  "cyan", "sky", "blue", "indigo", "violet", "purple", "fuchsia", "pink", "rose",
]);
const UTILITIES = "bg|text|border|border-[trblxy]|ring|ring-offset|from|to|via|fill|stroke|outline|divide|placeholder|decoration|accent|caret|shadow";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("colour classes", () => {
  const css = readFileSync(path.resolve("dashboard/app/styles/app.css"), "utf8");
  const themed = new Set([...css.matchAll(/--color-([a-z]+-\d+):/g)].map((m) => m[1]));

  it("names only defined colours", () => {
    const undefinedClasses: string[] = [];
    for (const file of [...sourceFiles(path.resolve("dashboard/app")), ...sourceFiles(path.resolve("widget/src"))]) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(new RegExp(`(?<![\\w-])(?:[a-z-]+:)*(?:${UTILITIES})-([a-z]+)-(\\d{2,3})(?![\\w-])`, "g"))) {
        const [whole, family, shade] = match;
        if (TAILWIND_PALETTE.has(family!)) continue;
        if (!themed.has(`${family}-${shade}`)) undefinedClasses.push(`${path.relative(process.cwd(), file)}: ${whole}`);
      }
    }
    expect(undefinedClasses).toEqual([]);
  });

  it("defines the brand shades the app uses, text-brand-800 included", () => {
    expect(themed.has("brand-800")).toBe(true);
  });
});
