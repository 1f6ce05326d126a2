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

/** True when Intl knows the IANA time zone. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    dateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
