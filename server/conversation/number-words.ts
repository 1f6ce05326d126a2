// English number words → digits ("two" → "2", "twenty-five" → "25", "two thousand five hundred" →
// "2500"), so the parsers only have to understand digits. Standalone scale words ("a thousand",
// "1.5 million") are left alone: the parsers read them as multipliers.

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

type Kind = "unit" | "tens" | "scale";

function kindOf(word: string): Kind | null {
  if (word in UNITS) return "unit";
  if (word in TENS) return "tens";
  if (word in SCALES) return "scale";
  return null;
}

/** Can `next` continue a number whose last word was `prev` ("twenty" + "five", "two" + "hundred")? */
function continues(prev: { kind: Kind; value: number }, next: Kind, nextValue: number): boolean {
  if (next === "scale") return prev.kind !== "scale" || prev.value < nextValue;
  if (next === "unit") return (prev.kind === "tens" && nextValue < 10) || prev.kind === "scale";
  return prev.kind === "scale"; // tens after "hundred"/"thousand"
}

/** Replaces number words in lower-case text with digits. */
export function wordsToDigits(text: string): string {
  // Words, and the separators between them (kept so hyphenated phrases like "one-time" survive).
  const tokens = text.split(/([^a-z]+)/);
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] ?? "";
    const first = kindOf(token);
    if (first !== "unit" && first !== "tens") {
      out.push(token);
      i++;
      continue;
    }
    let total = 0;
    let current = 0;
    let last: { kind: Kind; value: number } = { kind: first, value: (first === "unit" ? UNITS[token] : TENS[token]) ?? 0 };
    current = last.value;
    let end = i; // index of the last word of the number
    let j = i + 1;
    while (j + 1 < tokens.length) {
      const separator = tokens[j] ?? "";
      if (separator !== " " && separator !== "-") break;
      let k = j + 1;
      let word = tokens[k] ?? "";
      // "two thousand and five hundred": "and" only inside a number that already has a scale.
      if (word === "and" && last.kind === "scale" && tokens[k + 1] === " ") {
        k += 2;
        word = tokens[k] ?? "";
      }
      const kind = kindOf(word);
      if (!kind) break;
      const value = (kind === "unit" ? UNITS[word] : kind === "tens" ? TENS[word] : SCALES[word]) ?? 0;
      if (!continues(last, kind, value)) break;
      if (kind === "scale") {
        if (value === 100) current = (current || 1) * 100;
        else {
          total += (current || 1) * value;
          current = 0;
        }
      } else current += value;
      last = { kind, value };
      end = k;
      j = k + 1;
    }
    out.push(String(total + current));
    i = end + 1;
  }
  return out.join("");
}
