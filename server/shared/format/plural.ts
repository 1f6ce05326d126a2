// Plural forms through Intl.PluralRules (issue 32 item 5): "1 second", "2 seconds", "1.5 hours", and list
// ranges that read well with one item ("Showing 1 of 1 lead"). The one place a count meets a noun:
// never a hand-made plural (plural-ok) (plural.test.ts scans the sources for that). Pure, shared with the browser.
import { numberFormat } from "./intl.ts";

const rules = new Intl.PluralRules("en-US");

/** The noun's form for `count`: `one` for 1 ("1 lead"), else `other` (default: one + "s"). */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === "one" ? one : other;
}

/** "1 lead", "1,300 leads", "1.5 hours": the count formatted (up to 2 decimals) and its noun. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${numberFormat("en-US", { maximumFractionDigits: 2 }).format(count)} ${pluralWord(count, one, other)}`;
}

/**
 * "Showing 1 of 1 lead", "Showing 26–50 of 300 leads", "Showing 1–25 of 1,000+ leads". `total` null: the
 * total is unknown ("Showing 1–25 of the matching leads").
 */
export function showingRange(args: { first: number; last: number; total: number | null; capped?: boolean; one: string; other?: string }): string {
  const other = args.other ?? `${args.one}s`;
  const count = (n: number) => numberFormat("en-US", { maximumFractionDigits: 0 }).format(n);
  const range = args.first === args.last ? count(args.first) : `${count(args.first)}–${count(args.last)}`;
  if (args.total === null) return `Showing ${range} of the matching ${other}`;
  const noun = args.capped ? other : pluralWord(args.total, args.one, other);
  return `Showing ${range} of ${count(args.total)}${args.capped ? "+" : ""} ${noun}`;
}
