// Names as the bot uses them: titles and honorifics are part of the full name ("Dr. Priya Nair") but
// never the first name the bot greets with ("Thanks, Priya!", never "Thanks, Dr.!").

/** Titles and honorifics: kept in the full name, never used as the first name. */
export const NAME_TITLES = new Set([
  "dr", "doctor", "mr", "mrs", "ms", "miss", "mx", "prof", "professor", "pastor", "principal", "rev", "reverend",
  "father", "fr", "sister", "brother", "coach", "sir", "dame", "lady", "lord", "capt", "captain", "judge", "rabbi",
  "imam", "officer", "sgt", "sergeant", "dean", "chef", "bishop", "deacon", "elder", "madam", "madame", "mme",
  "herr", "frau", "sr", "sra", "srta", "dra",
]);
/** Titles used with a first name ("Pastor Mike", "Sister Mary", "Coach Dave"), not a surname. */
const FIRST_NAME_TITLES = new Set(["pastor", "father", "fr", "sister", "brother", "coach", "rabbi", "imam", "elder", "deacon", "chef"]);

export function isTitle(word: string): boolean {
  return NAME_TITLES.has(word.toLowerCase().replace(/\.$/, ""));
}

/** The first name of a full name: never a title ("Dr. Priya Nair" → "Priya"; "Dr. Patel" → none). */
export function firstNameOf(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const words = name.split(" ").filter(Boolean);
  let i = 0;
  while (i < words.length && isTitle(words[i] ?? "")) i++;
  if (i === words.length) return undefined;
  // "Mr. Thompson": a title and one name is a surname ("Pastor Mike" is a first name).
  if (i > 0 && words.length - i === 1 && !FIRST_NAME_TITLES.has((words[i - 1] ?? "").toLowerCase().replace(/\.$/, ""))) return undefined;
  const first = words[i];
  // "K. Patel": an initial is no name to greet with.
  if (!first || /^\p{L}\.?$/u.test(first)) return undefined;
  return first;
}

