// What an automation is (DESIGN §11, spec §2.14 and §9): its trigger, conditions and actions, the
// four templates of the spec, the condition matching and the placeholder rendering. Pure: shared by
// the domain module, the job handlers and the page's forms.
import { firstNameOf as firstNameOfName } from "../conversation/names.ts";
import { z } from "zod";
import type { Parsed } from "../forms/action-result.ts";
import { singleLine } from "../format/single-line.ts";

export const TRIGGERS = ["lead_scored", "lead_keyword", "lead_status_changed", "no_response", "appointment_booked"] as const;
export type Trigger = (typeof TRIGGERS)[number];
export const TRIGGER_LABELS: Record<Trigger, string> = {
  lead_scored: "Lead scored",
  lead_keyword: "Visitor message contains a word",
  lead_status_changed: "Lead status changed",
  no_response: "No status change for some days",
  appointment_booked: "Walkthrough booked",
};

export const ACTION_TYPES = ["email", "sms", "notification", "task"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const ACTION_LABELS: Record<ActionType, string> = {
  email: "Send email",
  sms: "Send SMS",
  notification: "Notify the team",
  task: "Create a follow-up task",
};

export const STATUSES = ["draft", "active", "paused"] as const;
/** How a step's status reads on the page and the lead's card. */
export const RUN_STATUS_TEXT = { scheduled: "Pending", sent: "Sent", failed: "Failed", skipped: "Skipped", cancelled: "Cancelled" } as const;
export type AutomationStatus = (typeof STATUSES)[number];

export const CONDITION_FIELDS = ["score", "priority", "serviceType", "buildingSize", "status", "channel"] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];
export const CONDITION_FIELD_LABELS: Record<ConditionField, string> = {
  score: "Score",
  priority: "Priority",
  serviceType: "Service type",
  buildingSize: "Building size (sq ft)",
  status: "Status",
  channel: "Channel",
};
const NUMERIC_FIELDS: readonly ConditionField[] = ["score", "buildingSize"];

export const OPERATORS = ["gte", "gt", "lte", "lt", "eq", "neq", "contains"] as const;
export type Operator = (typeof OPERATORS)[number];
export const OPERATOR_LABELS: Record<Operator, string> = {
  gte: "is at least",
  gt: "is more than",
  lte: "is at most",
  lt: "is below",
  eq: "is",
  neq: "is not",
  contains: "contains",
};

export const LEAD_STATUSES = ["new", "contacted", "qualified", "proposal", "won", "lost"] as const;

/** The longest delay of a step: a year. */
export const MAX_DELAY_DAYS = 365;
export const MAX_ACTIONS = 10;
export const MAX_CONDITIONS = 10;

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max, `At most ${max} characters`);

export const conditionSchema = z
  .object({
    field: z.enum(CONDITION_FIELDS, { message: "Choose a field" }),
    operator: z.enum(OPERATORS, { message: "Choose an operator" }),
    value: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  })
  .superRefine((c, ctx) => {
    if (c.value === "") ctx.addIssue({ code: "custom", message: "Enter a value", path: ["value"] });
    else if (NUMERIC_FIELDS.includes(c.field) && !Number.isFinite(Number(c.value)))
      ctx.addIssue({ code: "custom", message: "Enter a number", path: ["value"] });
    else if (!NUMERIC_FIELDS.includes(c.field) && ["gte", "gt", "lte", "lt"].includes(c.operator))
      ctx.addIssue({ code: "custom", message: "Compare numbers only on score and building size", path: ["operator"] });
  });
export type Condition = z.output<typeof conditionSchema>;

export const actionSchema = z
  .object({
    type: z.enum(ACTION_TYPES, { message: "Choose an action" }),
    subject: z.string().trim().max(200, "At most 200 characters").optional().default(""),
    template: text(5000, "Write the message"),
    delay: z.coerce.number({ message: "Enter a delay in days" }).min(0, "The delay cannot be negative").max(MAX_DELAY_DAYS, `At most ${MAX_DELAY_DAYS} days`),
  })
  .superRefine((a, ctx) => {
    if (a.type === "email" && !a.subject) ctx.addIssue({ code: "custom", message: "Write the email's subject", path: ["subject"] });
    if (a.type === "sms" && a.template.length > 640) ctx.addIssue({ code: "custom", message: "An SMS is at most 640 characters", path: ["template"] });
  });
export type Action = z.output<typeof actionSchema>;

export const triggerConfigSchema = z
  .object({
    keyword: z.string().trim().max(60, "At most 60 characters").optional(),
    status: z.enum(LEAD_STATUSES).optional(),
    days: z.coerce.number().int("Whole days").min(1, "At least 1 day").max(MAX_DELAY_DAYS, `At most ${MAX_DELAY_DAYS} days`).optional(),
  })
  .default({});
export type TriggerConfig = z.output<typeof triggerConfigSchema>;

export const automationInputSchema = z
  .object({
    name: text(100, "Enter a name"),
    description: z.string().trim().max(500, "At most 500 characters").default(""),
    trigger: z.enum(TRIGGERS, { message: "Choose a trigger" }),
    triggerConfig: triggerConfigSchema,
    conditions: z.array(conditionSchema).max(MAX_CONDITIONS, `At most ${MAX_CONDITIONS} conditions`).default([]),
    actions: z.array(actionSchema).min(1, "Add at least one action").max(MAX_ACTIONS, `At most ${MAX_ACTIONS} actions`),
    status: z.enum(STATUSES).default("draft"),
  })
  .superRefine((a, ctx) => {
    if (a.trigger === "lead_keyword" && !a.triggerConfig.keyword)
      ctx.addIssue({ code: "custom", message: "Enter the word to look for", path: ["triggerConfig", "keyword"] });
    if (a.trigger === "no_response" && !a.triggerConfig.days)
      ctx.addIssue({ code: "custom", message: "Enter after how many days", path: ["triggerConfig", "days"] });
  });
export type AutomationInput = z.output<typeof automationInputSchema>;

/**
 * The edit modal's check, the same in the browser and on the server: the first message per field,
 * keyed by its full path ("actions.0.delay": the editor shows it beside that step), and the first
 * message as the form-level error.
 */
export function parseAutomationInput(input: unknown): Parsed<AutomationInput> {
  const parsed = automationInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return { ok: false, error: parsed.error.issues[0]?.message ?? "Please check the form", fieldErrors };
}

/** The type shown for an automation: its first action's. */
export function automationType(actions: Action[]): ActionType {
  return actions[0]?.type ?? "email";
}

// ---- The four templates of spec §9 ------------------------------------------------------------------

export type TemplateKey = "high-priority" | "medium-follow-up" | "appointment-scheduler" | "lead-nurturing";

const signOff = "\n\nBest regards,\n{businessName}";

export const AUTOMATION_TEMPLATES: Record<TemplateKey, AutomationInput> = {
  "high-priority": {
    name: "High-priority lead response",
    description: "Email a lead scored 8 or more at once.",
    trigger: "lead_scored",
    triggerConfig: {},
    conditions: [{ field: "score", operator: "gte", value: "8" }],
    actions: [
      {
        type: "email",
        subject: "Your cleaning quote request with {businessName}",
        template:
          "Hi {firstName},\n\nThank you for telling us about {company}'s cleaning needs. We will be in touch within the hour with next steps." +
          signOff,
        delay: 0,
      },
    ],
    status: "draft",
  },
  "medium-follow-up": {
    name: "Medium follow-up",
    description: "Three emails at 0, 3 and 7 days to a lead scored 5 or more and below 8.",
    trigger: "lead_scored",
    triggerConfig: {},
    conditions: [
      { field: "score", operator: "gte", value: "5" },
      { field: "score", operator: "lt", value: "8" },
    ],
    actions: [
      {
        type: "email",
        subject: "Thanks for contacting {businessName}",
        template: "Hi {firstName},\n\nThanks for your interest in cleaning for {company}. Reply to this email with any questions." + signOff,
        delay: 0,
      },
      {
        type: "email",
        subject: "Following up on your cleaning request",
        template: "Hi {firstName},\n\nWe would be glad to prepare a quote for {company}. When would suit you for a short call?" + signOff,
        delay: 3,
      },
      {
        type: "email",
        subject: "Still looking for a cleaning partner?",
        template: "Hi {firstName},\n\nA last note from us: if you are still comparing cleaning services, we are happy to help." + signOff,
        delay: 7,
      },
    ],
    status: "draft",
  },
  "appointment-scheduler": {
    name: "Appointment scheduler",
    description: "Send a calendar link when a visitor's message contains 'urgent'.",
    trigger: "lead_keyword",
    triggerConfig: { keyword: "urgent" },
    conditions: [],
    actions: [
      {
        type: "email",
        subject: "Book a time with {businessName}",
        template: "Hi {firstName},\n\nWe understand it is urgent. Pick a time that suits you here: {bookingLink}" + signOff,
        delay: 0,
      },
    ],
    status: "draft",
  },
  "lead-nurturing": {
    name: "Lead nurturing",
    description: "Add a lead scored below 5 to a nurture sequence.",
    trigger: "lead_scored",
    triggerConfig: {},
    conditions: [{ field: "score", operator: "lt", value: "5" }],
    actions: [
      {
        type: "email",
        subject: "Cleaning tips from {businessName}",
        template: "Hi {firstName},\n\nThanks for stopping by. Whenever you are ready to talk about cleaning for {company}, we are here." + signOff,
        delay: 1,
      },
      {
        type: "email",
        subject: "How often should an office be cleaned?",
        template: "Hi {firstName},\n\nMost offices are cleaned two to three times a week. Reply and we will suggest a plan for {company}." + signOff,
        delay: 14,
      },
    ],
    status: "draft",
  },
};
export const TEMPLATE_KEYS = Object.keys(AUTOMATION_TEMPLATES) as TemplateKey[];

// ---- Matching --------------------------------------------------------------------------------------

/** The lead facts conditions look at. */
export type LeadFacts = {
  score: number;
  priority: string;
  serviceType: string | null;
  buildingSizeSqFt: number | null;
  status: string;
  channel: string | null;
};

function factOf(lead: LeadFacts, field: ConditionField): string | number | null {
  switch (field) {
    case "score":
      return lead.score;
    case "buildingSize":
      return lead.buildingSizeSqFt;
    case "priority":
      return lead.priority;
    case "serviceType":
      return lead.serviceType;
    case "status":
      return lead.status;
    case "channel":
      return lead.channel;
  }
}

/** Whether one condition holds; a missing fact never matches (except "is not"). */
export function conditionHolds(lead: LeadFacts, condition: Condition): boolean {
  const fact = factOf(lead, condition.field);
  if (fact === null || fact === undefined) return condition.operator === "neq";
  if (typeof fact === "number") {
    const value = Number(condition.value);
    if (!Number.isFinite(value)) return false;
    switch (condition.operator) {
      case "gte":
        return fact >= value;
      case "gt":
        return fact > value;
      case "lte":
        return fact <= value;
      case "lt":
        return fact < value;
      case "eq":
        return fact === value;
      case "neq":
        return fact !== value;
      case "contains":
        return String(fact).includes(condition.value);
    }
  }
  const a = fact.toLowerCase();
  const b = condition.value.toLowerCase();
  switch (condition.operator) {
    case "eq":
      return a === b;
    case "neq":
      return a !== b;
    case "contains":
      return a.includes(b);
    default:
      return false;
  }
}

export function conditionsHold(lead: LeadFacts, conditions: Condition[]): boolean {
  return conditions.every((c) => conditionHolds(lead, c));
}

/** Whether a visitor's text contains the keyword as a word (case-insensitive). */
export function containsKeyword(text: string, keyword: string): boolean {
  const word = keyword.trim().toLowerCase();
  if (!word) return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "iu").test(text);
}

// ---- Placeholders ------------------------------------------------------------------------------------

export type PlaceholderValues = {
  firstName: string | null;
  name: string | null;
  company: string | null;
  businessName: string;
  bookingLink: string | null;
};

export const PLACEHOLDERS = ["{firstName}", "{name}", "{company}", "{businessName}", "{bookingLink}"] as const;

/** What a missing value reads as, so a sentence still reads well. */
const FALLBACKS: Record<keyof PlaceholderValues, string> = {
  firstName: "there",
  name: "there",
  company: "your business",
  businessName: "our team",
  bookingLink: "",
};

/**
 * Fills `{firstName}`, `{name}`, `{company}`, `{businessName}`, `{bookingLink}`; unknown braces are
 * left as written. The result is plain text: the e-mail renderer escapes it as HTML.
 */
export function renderPlaceholders(template: string, values: PlaceholderValues): string {
  return template.replace(/\{(firstName|name|company|businessName|bookingLink)\}/g, (_, key: keyof PlaceholderValues) => {
    // A value is one line (a lead's company may carry CR/LF into a subject): control characters go.
    const value = values[key] ? singleLine(values[key]).trim() : "";
    return value ? value : FALLBACKS[key];
  });
}

export function firstNameOf(name: string | null): string | null {
  // Never a title: "Dr. Priya Nair" → "Priya"; "Dr. Patel" → none ("Hi there,").
  return name ? (firstNameOfName(name.trim().replace(/\s+/g, " ")) ?? null) : null;
}
