// axe-core in a Playwright page: the accessibility violations of the whole document, or of the part a
// CSS selector names.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";

const axePath = path.resolve("node_modules/axe-core/axe.min.js");
let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(axePath, "utf8"));

export type AxeViolation = { id: string; impact: string; help: string; nodes: { target: unknown[] }[] };

export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol rather than added as a <script>: the pages' Content-Security-
  // Policy (rightly) refuses an inline script without their nonce.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await axeSource());
  return page.evaluate(async (within) => {
    type Run = (context: Document | string, options: object) => Promise<{ violations: AxeViolation[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const result = await axe.run(within ?? document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, selector);
}
