// Intl formatters, built once per locale and options and then reused. Building a DateTimeFormat costs
// about 150 µs here and formatting with a built one about 2 µs; per row of a list or per chat turn that
// adds up (a CPU profile of tests/bench/leads-page.ts found 5.5 ms of every leads page in it). Pure and
// shared with the browser. The cache holds immutable formatters only, no request or user state, and is
// bounded (time zones × option sets in use is small).
const MAX_CACHED = 500;
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const hit = cache.get(key) as T | undefined;
  if (hit) return hit;
  const made = make(); // throws (RangeError) on an unknown time zone or currency: nothing is cached then
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, made);
  return made;
}

/** `new Intl.DateTimeFormat(locale, options)`, reused. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, reused. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

// Money and numbers: the one place they are formatted (US English, US dollars, amounts in cents).

/** "1,300". */
export function formatCount(value: number): string {
  return numberFormat("en-US", { maximumFractionDigits: 0 }).format(value);
}

/** "$1,300" from cents, rounded to whole dollars. */
export function formatWholeDollars(cents: number): string {
  return numberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(Math.round(cents / 100));
}

/** "$49" or "$49.50" from cents: whole dollars without a fraction, otherwise to the cent. */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return numberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(cents / 100);
}

/** "$980", "$12.4K", "$1.2M" from cents (a dashboard figure). */
export function formatCompactDollars(cents: number): string {
  const dollars = Math.round(cents / 100);
  if (dollars < 1_000) return formatWholeDollars(cents);
  return numberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(dollars);
}

/** True when Intl knows the IANA time zone. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    dateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
