// What the model may contribute to the qualification: the answer to the current question, read from
// a free-text message the rules parser did not understand. The model fills a JSON schema (structured
// output); every value is validated here (Zod, plus the rules parser's own checks) before the engine
// sees it, and only the current step's answer is used. Pure: no model, no database.
import { plural } from "../shared/format/plural.ts";
import { z } from "zod";
import { parseCompany, parseEmail, parseName, parsePhone } from "../conversation/parser.ts";
import type { StepId } from "../conversation/engine.ts";
import { VISITS_PER_MONTH } from "../shared/scoring/score.ts";

/** The JSON schema sent as `response_format` (strict: every key present, null when not stated). */
export const EXTRACTION_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: [
    "serviceType",
    "buildingSizeSqFt",
    "visitsPerWeek",
    "budgetAmountUsd",
    "budgetPeriod",
    "budgetUnsure",
    "timelineDays",
    "name",
    "company",
    "email",
    "phone",
  ],
  properties: {
    serviceType: { type: ["string", "null"], description: "The kind of cleaning wanted, preferably one of the business's service types." },
    buildingSizeSqFt: { type: ["number", "null"], description: "Floor area to clean in square feet (convert square metres, floors × area, etc.)." },
    visitsPerWeek: { type: ["number", "null"], description: "Cleaning visits per week (daily on weekdays = 5, every other week = 0.5, monthly = 0.25)." },
    budgetAmountUsd: { type: ["number", "null"], description: "The budget amount in US dollars, as stated." },
    budgetPeriod: { type: ["string", "null"], enum: ["month", "week", "year", "visit", null], description: "What the budget amount is per." },
    budgetUnsure: { type: "boolean", description: "True when the visitor says they do not know their budget." },
    timelineDays: { type: ["number", "null"], description: "Days from today until the cleaning should start (ASAP = 0)." },
    name: { type: ["string", "null"], description: "The visitor's own name, exactly as written." },
    company: { type: ["string", "null"], description: "The visitor's company name, exactly as written." },
    email: { type: ["string", "null"], description: "An email address exactly as written." },
    phone: { type: ["string", "null"], description: "A phone number exactly as written." },
  },
} as const;

const nullableNumber = (min: number, max: number) => z.number().finite().min(min).max(max).nullable();
const nullableText = (max: number) => z.string().trim().min(1).max(max).nullable();

/**
 * The shape the model must return. Each field is checked on its own (`catch(null)`), so one bad
 * value does not throw away the others; `rejected` lists the fields that were dropped.
 */
const rawSchema = z.object({
  serviceType: z.unknown(),
  buildingSizeSqFt: z.unknown(),
  visitsPerWeek: z.unknown(),
  budgetAmountUsd: z.unknown(),
  budgetPeriod: z.unknown(),
  budgetUnsure: z.unknown(),
  timelineDays: z.unknown(),
  name: z.unknown(),
  company: z.unknown(),
  email: z.unknown(),
  phone: z.unknown(),
});

const FIELD_SCHEMAS = {
  serviceType: nullableText(100),
  // The rules parser's own bounds (100 sq ft – 100 million sq ft).
  buildingSizeSqFt: nullableNumber(100, 100_000_000),
  visitsPerWeek: nullableNumber(0.05, 21),
  budgetAmountUsd: nullableNumber(1, 10_000_000),
  budgetPeriod: z.enum(["month", "week", "year", "visit"]).nullable(),
  budgetUnsure: z.boolean(),
  timelineDays: nullableNumber(0, 1_095),
  name: nullableText(80),
  company: nullableText(100),
  email: nullableText(254),
  phone: nullableText(40),
} as const;

type FieldName = keyof typeof FIELD_SCHEMAS;

export type Extraction = {
  serviceType: string | null;
  buildingSizeSqFt: number | null;
  visitsPerWeek: number | null;
  budget: { amountUsd: number; period: "month" | "week" | "year" | "visit" } | null;
  budgetUnsure: boolean;
  timelineDays: number | null;
  name: string | null;
  company: string | null;
  email: string | null;
  phone: string | null;
};

export type ValidatedExtraction = { ok: true; value: Extraction; rejected: FieldName[] } | { ok: false; reason: string };

/** True when `needle` appears in the visitor's text (case and spacing aside): names are copied, not invented. */
function grounded(needle: string, text: string): boolean {
  const norm = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  return norm(text).includes(norm(needle));
}

/**
 * Validates the model's JSON text against the schema and the visitor's message. Numbers outside the
 * rules' ranges, wrong types, names, companies, emails or phones that are not in the message are dropped.
 */
export function validateExtraction(json: string, visitorText: string): ValidatedExtraction {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const shape = rawSchema.safeParse(parsed);
  if (!shape.success) return { ok: false, reason: "not an object with the schema's keys" };
  const rejected: FieldName[] = [];
  const field = <K extends FieldName>(key: K): z.output<(typeof FIELD_SCHEMAS)[K]> | null => {
    const result = FIELD_SCHEMAS[key].safeParse(shape.data[key]);
    if (result.success) return result.data as z.output<(typeof FIELD_SCHEMAS)[K]>;
    rejected.push(key);
    return null;
  };

  const serviceType = field("serviceType");
  const buildingSizeSqFt = field("buildingSizeSqFt");
  const visitsPerWeek = field("visitsPerWeek");
  const amountUsd = field("budgetAmountUsd");
  const period = field("budgetPeriod");
  const budgetUnsure = field("budgetUnsure") === true;
  const timelineDays = field("timelineDays");

  const name = field("name");
  const checkedName = name && grounded(name, visitorText) ? parseName(name) : null;
  if (name && !checkedName) rejected.push("name");

  const company = field("company");
  const parsedCompany = company && grounded(company, visitorText) ? parseCompany(company) : null;
  const checkedCompany = parsedCompany && "company" in parsedCompany ? parsedCompany.company : null;
  if (company && !checkedCompany) rejected.push("company");

  const email = field("email");
  const checkedEmail = email ? parseEmail(email) : null;
  const emailOk = checkedEmail !== null && parseEmail(visitorText) === checkedEmail;
  if (email && !emailOk) rejected.push("email");

  const phone = field("phone");
  const checkedPhone = phone ? parsePhone(phone) : null;
  const visitorDigits = visitorText.replace(/\D/g, "");
  const phoneOk = checkedPhone !== null && visitorDigits.includes(checkedPhone.replace(/\D/g, ""));
  if (phone && !phoneOk) rejected.push("phone");

  return {
    ok: true,
    rejected,
    value: {
      serviceType,
      buildingSizeSqFt: buildingSizeSqFt === null ? null : Math.round(buildingSizeSqFt),
      visitsPerWeek: visitsPerWeek === null ? null : Math.round(visitsPerWeek * 100) / 100,
      budget: amountUsd !== null && period !== null ? { amountUsd, period } : null,
      budgetUnsure,
      timelineDays: timelineDays === null ? null : Math.round(timelineDays),
      name: checkedName,
      company: checkedCompany,
      email: emailOk ? checkedEmail : null,
      phone: phoneOk ? checkedPhone : null,
    },
  };
}

/** Weeks a month, as the scoring prices a weekly visit. */
const WEEKS_PER_MONTH = VISITS_PER_MONTH.weekly;

/** Monthly budget in cents; a per-visit budget needs the visits a month (unknown → null). */
export function monthlyBudgetCents(budget: NonNullable<Extraction["budget"]>, visitsPerMonth: number | undefined): number | null {
  const cents = budget.amountUsd * 100;
  switch (budget.period) {
    case "month":
      return Math.round(cents);
    case "week":
      return Math.round(cents * WEEKS_PER_MONTH);
    case "year":
      return Math.round(cents / 12);
    case "visit":
      return visitsPerMonth === undefined ? null : Math.round(cents * visitsPerMonth);
  }
}

/** What the engine must hold after the canonical answer, to check it understood it as meant. */
export type Expected = { key: "serviceType" | "buildingSizeSqFt" | "visitsPerWeek" | "budgetMonthlyCents" | "budgetUnsure" | "timelineDays" | "name" | "company" | "email" | "phone"; value: string | number | boolean }[];

/**
 * The current step's answer as text the rules parser understands exactly ("12000 sq ft",
 * "2.5 times a week", "$2500 a month", "in 45 days"), with what the engine must then hold. Null when
 * the extraction has nothing for this step.
 */
export function canonicalAnswer(
  step: StepId,
  x: Extraction,
  context: { visitsPerMonth: number | undefined },
): { text: string; expected: Expected } | null {
  const contact = () => {
    const parts: string[] = [];
    const expected: Expected = [];
    if (x.email) {
      parts.push(x.email);
      expected.push({ key: "email", value: x.email });
    }
    if (x.phone) {
      parts.push(x.phone);
      expected.push({ key: "phone", value: x.phone });
    }
    return { parts, expected };
  };
  switch (step) {
    case "service_type":
      return x.serviceType ? { text: x.serviceType, expected: [] } : null;
    case "building_size":
      return x.buildingSizeSqFt === null ? null : { text: `${x.buildingSizeSqFt} sq ft`, expected: [{ key: "buildingSizeSqFt", value: x.buildingSizeSqFt }] };
    case "frequency":
      return x.visitsPerWeek === null ? null : { text: `${plural(x.visitsPerWeek, "time")} a week`, expected: [{ key: "visitsPerWeek", value: x.visitsPerWeek }] };
    case "budget": {
      if (x.budget) {
        const cents = monthlyBudgetCents(x.budget, context.visitsPerMonth);
        if (cents !== null && cents >= 100) {
          const dollars = (cents / 100).toFixed(2).replace(/\.00$/, "");
          return { text: `$${dollars} a month`, expected: [{ key: "budgetMonthlyCents", value: cents }] };
        }
      }
      return x.budgetUnsure ? { text: "Not sure", expected: [{ key: "budgetUnsure", value: true }] } : null;
    }
    case "timeline":
      return x.timelineDays === null ? null : { text: `in ${plural(x.timelineDays, "day")}`, expected: [{ key: "timelineDays", value: x.timelineDays }] };
    case "contact_name": {
      if (!x.name) return null;
      const { parts, expected } = contact();
      return { text: [x.name, ...parts].join(" "), expected: [{ key: "name", value: x.name }, ...expected] };
    }
    case "contact_company": {
      if (!x.company) return null;
      const { parts, expected } = contact();
      return { text: [x.company, ...parts].join(" "), expected: [{ key: "company", value: x.company }, ...expected] };
    }
    case "contact_reach": {
      const { parts, expected } = contact();
      return parts.length > 0 ? { text: parts.join(" "), expected } : null;
    }
    default:
      return null; // "done", and the custom questions (the rules engine reads those)
  }
}
