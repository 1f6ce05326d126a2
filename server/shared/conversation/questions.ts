// The owner's qualification questions (issue 29 item 5, decision 0062): the wording of every question
// and of the scored factors' quick replies, the order of the contact questions, whether the company
// and phone are asked, and up to three custom questions. Stored as `qualificationQuestions` in the
// chatbot's settings JSON (version 1); what is not stored falls back to the product's own wording.
// The four scored factors (DESIGN §4) are always asked and their quick replies stay one per scoring
// band, in band order: the owner rewords a band's label, never its meaning. Pure: the browser's
// editor, the server's action and the conversation engine share it.
import { z } from "zod";
import { BUDGET_CHOICES, FREQUENCY_CHOICES, NOT_SURE_CHOICE, SIZE_CHOICES, SKIP_CHOICE, SOMETHING_ELSE_CHOICE, TIMELINE_CHOICES, choiceKey, questionText }  from "./prompts.ts";

/** The questions every chatbot asks (the four scored factors among them), in the engine's step ids. */
export const CORE_QUESTIONS = ["service_type", "building_size", "frequency", "budget", "timeline", "contact_name", "contact_company", "contact_reach"] as const;
export type CoreQuestion = (typeof CORE_QUESTIONS)[number];

/** The scored factors (weights 30/25/25/20, DESIGN §4): reworded, never removed. */
export const SCORED_FACTORS = ["building_size", "frequency", "budget", "timeline"] as const;
export type ScoredFactor = (typeof SCORED_FACTORS)[number];

export const CONTACT_QUESTIONS = ["contact_name", "contact_company", "contact_reach"] as const;
export type ContactQuestion = (typeof CONTACT_QUESTIONS)[number];

export const CUSTOM_STEPS = ["custom_1", "custom_2", "custom_3"] as const;
export type CustomStep = (typeof CUSTOM_STEPS)[number];

export const MAX_CUSTOM_QUESTIONS = 3;
export const MAX_CUSTOM_CHOICES = 6;
export const MAX_QUESTION_LENGTH = 200;
export const MAX_CHOICE_LENGTH = 40;

export type AskMode = "optional" | "off";
export type CustomQuestion = { id: string; text: string; kind: "text" | "choice"; choices: string[] };

/** Everything the engine asks with: the stored config merged over the defaults. */
export type QualificationQuestions = {
  version: 1;
  questions: Record<CoreQuestion, string>;
  /** One label per scoring band, in band order (SIZE_CHOICES, FREQUENCY_CHOICES, BUDGET_CHOICES, TIMELINE_CHOICES). */
  quickReplies: Record<ScoredFactor, string[]>;
  contactOrder: ContactQuestion[];
  company: AskMode;
  phone: AskMode;
  custom: CustomQuestion[];
};

export const QUESTION_LABELS: Record<CoreQuestion, string> = {
  service_type: "Type of cleaning",
  building_size: "Building size",
  frequency: "Cleaning frequency",
  budget: "Monthly budget",
  timeline: "Start date",
  contact_name: "Name",
  contact_company: "Company",
  contact_reach: "Email or phone",
};

/** The scoring band each quick reply stands for, as the editor shows it beside the owner's label. */
export const BAND_LABELS: Record<ScoredFactor, string[]> = {
  building_size: SIZE_CHOICES.map((c) => c.label),
  frequency: FREQUENCY_CHOICES.map((c) => c.label),
  budget: BUDGET_CHOICES.map((c) => c.label),
  timeline: TIMELINE_CHOICES.map((c) => c.label),
};

export function defaultQuestions(): QualificationQuestions {
  const questions = Object.fromEntries(CORE_QUESTIONS.map((q) => [q, questionText(q, {})])) as Record<CoreQuestion, string>;
  return {
    version: 1,
    questions,
    quickReplies: {
      building_size: [...BAND_LABELS.building_size],
      frequency: [...BAND_LABELS.frequency],
      budget: [...BAND_LABELS.budget],
      timeline: [...BAND_LABELS.timeline],
    },
    contactOrder: [...CONTACT_QUESTIONS],
    company: "optional",
    phone: "optional",
    custom: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Validation (the editor in the browser, the action, and every read of stored JSON)

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function line(what: string, max: number) {
  return z
    .string({ error: `${what} must be text.` })
    .transform((v) => v.normalize("NFC").replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, `${what} can't be empty.`)
        .max(max, `${what} must be at most ${max} characters.`)
        .refine((v) => !CONTROL.test(v), `${what} can't contain control characters.`),
    );
}

/** Labels the engine gives a meaning of its own: an owner's quick reply may not take them. */
const RESERVED = [SKIP_CHOICE, NOT_SURE_CHOICE, SOMETHING_ELSE_CHOICE].map(choiceKey);

function bandLabels(factor: ScoredFactor) {
  const what = QUESTION_LABELS[factor];
  const count = BAND_LABELS[factor].length;
  return z
    .array(z.unknown(), { error: `${what}: quick replies are missing.` })
    .length(count, `${what} needs exactly ${count} quick replies, one for each scoring band.`)
    .transform((items, ctx) => {
      const out: string[] = [];
      items.forEach((item, i) => {
        const parsed = line(`${what} quick reply ${i + 1} (${BAND_LABELS[factor][i]})`, MAX_CHOICE_LENGTH).safeParse(item);
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Invalid quick reply.", path: [i] });
          return;
        }
        out.push(parsed.data);
      });
      return out;
    })
    .superRefine((labels, ctx) => {
      const seen = new Set<string>();
      labels.forEach((label, i) => {
        const key = choiceKey(label);
        if (RESERVED.includes(key)) ctx.addIssue({ code: "custom", path: [i], message: `${what} quick reply ${i + 1}: "${label}" is reserved for the chatbot's own button.` });
        else if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i], message: `${what} quick reply ${i + 1}: "${label}" is used twice; each scoring band needs its own label.` });
        seen.add(key);
      });
    });
}

const customQuestionSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,24}$/, "A custom question's id is invalid.")
      .optional(),
    text: line("The custom question", MAX_QUESTION_LENGTH),
    kind: z.enum(["text", "choice"], { error: "Choose whether the answer is free text or a choice." }),
    choices: z.array(line("Each choice", MAX_CHOICE_LENGTH)).max(MAX_CUSTOM_CHOICES, `A custom question can offer at most ${MAX_CUSTOM_CHOICES} choices.`).default([]),
  })
  .superRefine((q, ctx) => {
    if (q.kind === "choice" && q.choices.length < 2) ctx.addIssue({ code: "custom", path: ["choices"], message: "A choice question needs at least 2 choices." });
    const keys = q.choices.map(choiceKey);
    keys.forEach((key, i) => {
      if (keys.indexOf(key) !== i) ctx.addIssue({ code: "custom", path: ["choices", i], message: `The choice "${q.choices[i]}" is listed twice.` });
      if (RESERVED.includes(key)) ctx.addIssue({ code: "custom", path: ["choices", i], message: `"${q.choices[i]}" is reserved for the chatbot's own button.` });
    });
  });

export const qualificationQuestionsSchema = z
  .object({
    version: z.literal(1, { error: "Unknown question settings version." }).default(1),
    questions: z.object(Object.fromEntries(CORE_QUESTIONS.map((q) => [q, line(`The ${QUESTION_LABELS[q].toLowerCase()} question`, MAX_QUESTION_LENGTH)])) as Record<CoreQuestion, ReturnType<typeof line>>),
    quickReplies: z.object({
      building_size: bandLabels("building_size"),
      frequency: bandLabels("frequency"),
      budget: bandLabels("budget"),
      timeline: bandLabels("timeline"),
    }),
    contactOrder: z
      .array(z.enum(CONTACT_QUESTIONS, { error: "Unknown contact question." }))
      .refine((order) => order.length === CONTACT_QUESTIONS.length && new Set(order).size === order.length, "List each contact question once."),
    company: z.enum(["optional", "off"], { error: "Choose whether to ask for the company." }),
    phone: z.enum(["optional", "off"], { error: "Choose whether to ask for a phone number." }),
    custom: z.array(customQuestionSchema).max(MAX_CUSTOM_QUESTIONS, `Add at most ${MAX_CUSTOM_QUESTIONS} custom questions.`),
  })
  .transform((value, ctx): QualificationQuestions => {
    const ids = new Set<string>();
    const custom = value.custom.map((q, i) => {
      let id = q.id ?? `q${i + 1}`;
      while (ids.has(id)) id = `${id}-${i + 1}`.slice(-24);
      ids.add(id);
      return { id, text: q.text, kind: q.kind, choices: q.kind === "choice" ? q.choices : [] };
    });
    const texts = custom.map((q) => q.text.toLowerCase());
    texts.forEach((t, i) => {
      if (texts.indexOf(t) !== i) ctx.addIssue({ code: "custom", path: ["custom", i, "text"], message: "Two custom questions have the same wording." });
    });
    return { ...value, version: 1, custom };
  });

export type QuestionsInput = z.input<typeof qualificationQuestionsSchema>;

export const QUESTIONS_SAVED = "Questions saved. Your chatbot asks them from now on.";

/** A refused save's form-level message: how many fields to fix, and the first one's message. */
export function questionsSaveFailed(errors: QuestionErrors): string {
  const messages = Object.values(errors);
  const more = messages.length > 1 ? ` (and ${messages.length - 1} more to fix)` : "";
  return `The questions were not saved: ${messages[0] ?? "check them"}${more}`;
}

/** The editor's posted JSON (one form field), parsed; at most 20,000 characters. */
export function readQuestionsField(value: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  if (typeof value !== "string" || !value.trim()) return { ok: false, error: "The questions are missing from the form. Please reload the page." };
  if (value.length > 20_000) return { ok: false, error: "The questions are too long to save." };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false, error: "The questions could not be read. Please reload the page." };
  }
}

/** One message per field, keyed by its dotted path ("quickReplies.budget.2", "custom.0.text"). */
export type QuestionErrors = Record<string, string>;

export function validateQuestions(input: unknown): { ok: true; value: QualificationQuestions } | { ok: false; errors: QuestionErrors } {
  const parsed = qualificationQuestionsSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: QuestionErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * The questions a chatbot asks, from its settings JSON: the stored `qualificationQuestions` when they
 * are valid (else the defaults: a hand-edited or older row never breaks a conversation).
 */
export function questionsFromSettings(settings: unknown): QualificationQuestions {
  const stored = settings && typeof settings === "object" && !Array.isArray(settings) ? (settings as Record<string, unknown>).qualificationQuestions : undefined;
  if (stored === undefined || stored === null || typeof stored !== "object") return sharedDefaults();
  // The chat's cached chatbot keeps one settings object: each turn reuses its validated questions.
  const known = validated.get(stored);
  if (known) return known;
  const checked = validateQuestions(stored);
  const questions = checked.ok ? checked.value : sharedDefaults();
  validated.set(stored, questions);
  return questions;
}

const validated = new WeakMap<object, QualificationQuestions>();

let defaults: QualificationQuestions | undefined;
/** One frozen default set for every chatbot without its own questions (read at every turn). */
function sharedDefaults(): QualificationQuestions {
  if (!defaults) {
    const q = defaultQuestions();
    Object.freeze(q.questions);
    Object.values(q.quickReplies).forEach((labels) => Object.freeze(labels));
    Object.freeze(q.quickReplies);
    Object.freeze(q.contactOrder);
    Object.freeze(q.custom);
    defaults = Object.freeze(q);
  }
  return defaults;
}

/** The custom question a custom step asks ("custom_2" → the second), if there is one. */
export function customQuestionFor(questions: QualificationQuestions | undefined, step: string): CustomQuestion | undefined {
  const index = (CUSTOM_STEPS as readonly string[]).indexOf(step);
  return index < 0 ? undefined : questions?.custom[index];
}

/** The steps of the qualification in order for these questions: the core ones, the custom ones, then contact. */
export function stepsFor(questions: QualificationQuestions | undefined): readonly string[] {
  if (!questions) return DEFAULT_STEPS;
  // Asked at every turn: one list per questions object (the cached chatbot's).
  const known = stepLists.get(questions);
  if (known) return known;
  const contact = questions.contactOrder.filter((step) => !(step === "contact_company" && questions.company === "off"));
  const steps = ["service_type", ...SCORED_FACTORS, ...CUSTOM_STEPS.slice(0, questions.custom.length), ...contact, "done"];
  stepLists.set(questions, steps);
  return steps;
}

const DEFAULT_STEPS: readonly string[] = ["service_type", ...SCORED_FACTORS, ...CONTACT_QUESTIONS, "done"];
const stepLists = new WeakMap<QualificationQuestions, readonly string[]>();

/** A custom answer as stored on the lead: the question as worded when the visitor answered it. */
export type CustomAnswer = { id: string; question: string; answer: string };

/** The custom answers of a lead's JSON column (anything else is dropped). */
export function customAnswersOf(value: unknown): CustomAnswer[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is CustomAnswer =>
      typeof a === "object" && a !== null && typeof (a as CustomAnswer).id === "string" && typeof (a as CustomAnswer).question === "string" && typeof (a as CustomAnswer).answer === "string",
  ).map(({ id, question, answer }) => ({ id, question, answer }));
}

/** The questions as the customisation modal lists them (read-only): in order, the contact ones last. */
export function questionList(questions: QualificationQuestions | null): string[] {
  const q = questions ?? defaultQuestions();
  return stepsFor(q)
    .filter((step) => step !== "done")
    .map((step) => customQuestionFor(q, step)?.text ?? questionText(step as CoreQuestion, {}, q));
}
