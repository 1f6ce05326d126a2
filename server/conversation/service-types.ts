// Which of the business's service types a visitor's words describe (spec §3: Regular Commercial
// Cleaning, Post-construction, Industrial, Medical Facility, Educational Facility, Move-in/Move-out).
// Words are matched whole (plural "s" and a few common misspellings allowed), never inside other
// words; the specific kinds of place ("dental office", "school office") win over the generic ones
// ("office"), so "our dental office" is a medical facility.

/** A kind of service: the visitor's words for it, and how the business's own type name is recognised. */
type ServiceKind = { id: string; words: RegExp; typeName: RegExp };

/** Plural "s"/"es" and possessive "'s" after a word. */
const PL = String.raw`(?:e?s|'s|s')?`;

function wordsPattern(alternatives: string[]): RegExp {
  return new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives.join("|")})${PL}(?![\p{L}\p{N}])`, "u");
}

/** Specific kinds first: the first kind whose words appear (and the business offers) wins. */
const SPECIFIC_KINDS: ServiceKind[] = [
  {
    id: "medical",
    words: wordsPattern([
      "medical", "medicle", "clinic", "clinc", "clinik", "dental", "dentel", "dentist", "denist", "dentistry",
      "orthodontist", "doctor", "docter", "doctors office", "gp practice", "medical practice", "hospital", "hospitol",
      "hosptial", "surgery", "surgical", "surgeries", "veterinary", "veterinarian", "vet", "vet clinic", "animal hospital",
      "lab", "laboratory", "labratory", "healthcare", "health care", "health centre", "health center", "urgent care",
      "pharmacy", "physiotherapy", "physio", "chiropractor", "chiropractic", "optometrist", "nursing home",
      "assisted living", "senior living", "care home", "physical therapy", "dialysis", "imaging cent(?:er|re)", "radiology",
      "pediatric", "pediatrics", "paediatric", "med ?spa", "outpatient", "operating room", "exam rooms?",
    ]),
    typeName: /medical|health|clinic/,
  },
  {
    id: "educational",
    words: wordsPattern([
      "school", "shcool", "scool", "schol", "college", "collage", "university", "univeristy", "universty", "campus",
      "campuses", "daycare", "day care", "day-care", "childcare", "child care", "preschool", "pre-school", "nursery school",
      "kindergarten", "classroom", "academy", "education", "educational", "tutoring centre", "tutoring center",
      "montessori", "learning cent(?:er|re)", "dorm", "dormitory", "dormitories", "lecture halls?",
    ]),
    typeName: /educat|school/,
  },
  {
    id: "industrial",
    words: wordsPattern([
      "industrial", "warehouse", "warehous", "wharehouse", "warehose", "factory", "factories", "factroy",
      "(?:manufacturing|processing|production|power|packing|bottling|our|the|a) plant",
      "manufacturing", "manufacturer", "distribution cent(?:er|re)", "fulfil?ment cent(?:er|re)", "logistics",
      "workshop", "production facility", "processing facility", "cold storage", "machine shop", "brewery", "breweries",
      "food processing", "data cent(?:er|re)", "assembly line", "loading docks?", "foundry", "mill",
    ]),
    typeName: /industrial|warehouse|factory/,
  },
  {
    id: "post-construction",
    words: wordsPattern([
      "construction", "constuction", "contruction", "post-construction", "post construction", "new build", "new-build",
      "newly built", "renovation", "renovaton", "renovated", "renovating", "remodel", "remodeled", "remodelled",
      "remodeling", "remodelling", "build-?out", "fit-?out", "contractor", "builders? clean", "after the builders",
      "construction site", "newly renovated", "punch list", "final clean", "rough clean", "drywall dust",
    ]),
    typeName: /construct|renovat|builder/,
  },
  {
    id: "move",
    words: wordsPattern([
      "move-?in", "move in", "move-?out", "move out", "moving in", "moving out", "moving", "tenant leaving",
      "tenants leaving", "tenant moving", "end of (?:the )?lease", "end of (?:the )?tenancy", "lease (?:is )?ending",
      "vacating", "vacated", "vacate", "turnover", "unit turn", "new tenants?", "moving day", "move-?out inspection",
    ]),
    typeName: /\bmov(?:e|ing)\b/,
  },
];

/** Generic commercial premises: a regular commercial cleaning unless a specific kind was named. */
const GENERIC_KIND: ServiceKind = {
  id: "regular",
  words: wordsPattern([
    "office", "regular", "routine", "janitorial", "janitor", "recurring", "general", "commercial",
    "retail", "store", "shop", "showroom", "restaurant", "restaraunt", "cafe", "bar", "gym", "fitness cent(?:er|re)",
    "bank", "salon", "church", "hotel", "lobby", "coworking", "co-working", "business premises",
  ]),
  typeName: /regular|janitorial|office|commercial/,
};

/** Words of a type name that say nothing about the kind of place. */
const GENERIC_SERVICE_WORDS = new Set(["cleaning", "clean", "commercial", "services", "service", "facility", "facilities", "and"]);

function plain(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The business's type for a kind of service, if it offers one. */
function offered(kind: ServiceKind, serviceTypes: readonly string[]): string | undefined {
  return serviceTypes.find((type) => kind.typeName.test(plain(type)));
}

/** Does the text name one of the type's own distinctive words ("Carpet Care" ← "carpets")? */
function namesTypeWord(t: string, type: string): boolean {
  const words = plain(type)
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 4 && !GENERIC_SERVICE_WORDS.has(w));
  return words.some((w) => wordsPattern([escapeRegExp(w)]).test(t));
}

/**
 * The business's service type that the visitor's words describe, or null. In order: the type's full
 * name in the text; a specific kind of place the business offers a type for (dental → Medical
 * Facility, school → Educational Facility, warehouse → Industrial, renovation → Post-construction,
 * end of lease → Move-in/Move-out); one of the type's own distinctive words; a generic commercial
 * premises (office, retail, restaurant, gym…) → the regular commercial type.
 */
export function matchServiceType(text: string, serviceTypes: readonly string[]): string | null {
  const t = plain(text).replace(/[.!?]+$/, "");
  if (!t) return null;
  for (const type of serviceTypes) if (plain(type) === t) return type;
  for (const type of serviceTypes) {
    if (wordsPattern([escapeRegExp(plain(type))]).test(t)) return type;
  }
  for (const kind of SPECIFIC_KINDS) {
    if (!kind.words.test(t)) continue;
    const type = offered(kind, serviceTypes);
    if (type) return type;
  }
  for (const type of serviceTypes) if (namesTypeWord(t, type)) return type;
  if (GENERIC_KIND.words.test(t)) return offered(GENERIC_KIND, serviceTypes) ?? null;
  return null;
}
