// Answers to a visitor's question from the business description the owner wrote ("Are you insured
// and bonded?" → "We are fully licensed, bonded and insured."). Deterministic: the question's topics
// (insurance, bonding, licences, green products, vetted staff, weekends, supplies…) and, failing
// those, its distinctive words are matched against the description's sentences; only sentences
// that match are quoted, so an answer is never made up.

/** Topics a visitor asks about, each with the words that mean it in a question or a sentence. */
const TOPICS: RegExp[] = [
  /\binsur(?:ed|ance|ances|e)\b|\bliability\b|\bworkers'? comp(?:ensation)?\b/,
  /\bbond(?:ed|ing)?\b/,
  /\blicen[cs](?:e|ed|es|ing)\b/,
  /\bgreen\b|\beco\b|\beco[\s-]?friendly\b|\benvironment(?:al|ally)?\b|\bnon[\s-]?toxic\b|\bbiodegradable\b|\bsustainab\w*|\bchemicals?\b|\borganic\b/,
  /\bbackground[\s-]?(?:check(?:ed|s)?|screen(?:ed|ing)?)\b|\bvetted\b|\bscreened\b|\bcriminal (?:record|check)s?\b|\btrustworthy\b|\bbackground\b/,
  /\bweekends?\b|\bsaturdays?\b|\bsundays?\b/,
  /\bsupplies\b|\bequipment\b|\bproducts\b|\bmaterials\b|\bvacuums?\b|\bbring (?:your|their) own\b/,
  /\btrain(?:ed|ing)\b|\bcertifi(?:ed|cation|cations)\b|\bqualified\b/,
  /\bexperience[ds]?\b|\byears\b|\bfounded\b|\bestablished\b|\bsince \d{4}\b|\bfamily[\s-]owned\b/,
  /\bdisinfect\w*|\bsaniti[sz]\w*|\bcovid\b|\bgerms?\b/,
  /\bafter[\s-]hours\b|\bovernight\b|\bnights?\b|\bevenings?\b/,
  /\bguarantee[ds]?\b|\bsatisfaction\b|\bwarrant(?:y|ies)\b|\bre-?clean\b/,
  /\buniforms?\b|\bbadges?\b|\bid cards?\b/,
  /\bcontracts?\b|\block[\s-]?in\b|\bcommitment\b|\bcancel\w*/,
  /\bemergenc(?:y|ies)\b|\bsame[\s-]day\b|\b24\/7\b|\bon[\s-]call\b/,
  /\bkeys?\b|\balarms?\b|\bsecurity\b/,
  /\bcovid\b|\bpandemic\b|\bppe\b/,
  /\bemployees?\b|\bstaff\b|\bcleaners\b|\bsubcontract\w*/,
];

/** Words too common in a cleaning business's description to show that a sentence answers a question. */
const COMMON_WORDS = new Set(
  (
    "about above after again also always another because been before being between both business businesses clean cleaned " +
    "cleaner cleaning cleanings client clients commercial company could customers does doing every facilities facility from " +
    "have having here into just like make many more most need office offices offer offered offering offers other ours over " +
    "please provide provided provides providing quality really service services should some such team than that their them " +
    "there these they this those through very want what when where which while will with would your yours you're we're"
  ).split(" "),
);

function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u2010-\u2015]/g, "-");
}

/** The description's sentences. */
function sentencesOf(description: string): string[] {
  return description
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
}

/** Distinctive words (5+ letters, not common), with a plural or past "s"/"ed"/"ing" taken off. */
function distinctiveWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of normalise(text).match(/\p{L}[\p{L}'-]*/gu) ?? []) {
    if (word.length < 5 || COMMON_WORDS.has(word)) continue;
    words.add(word.replace(/(?:'s|ings?|ed|es|s)$/, ""));
  }
  return words;
}

/** The sentences of the description that answer the question ("" when none does); at most three. */
export function answerFromDescription(question: string, description: string | null | undefined): string {
  const text = description?.trim();
  if (!text) return "";
  const q = normalise(question);
  const sentences = sentencesOf(text);
  const topics = TOPICS.filter((topic) => topic.test(q));
  let matched: string[];
  if (topics.length > 0) {
    matched = sentences.filter((sentence) => topics.some((topic) => topic.test(normalise(sentence))));
  } else {
    const asked = distinctiveWords(q);
    matched = asked.size === 0 ? [] : sentences.filter((sentence) => [...distinctiveWords(sentence)].some((word) => asked.has(word)));
  }
  return matched.slice(0, 3).join(" ");
}
