// The chatbot settings' fixed option lists and the questions the chatbot asks, without the settings
// schema (zod): the public docs page (/docs/chatbot-configuration) shows them and ships only these.
import { questionText } from "../conversation/prompts.ts";

/** Spec §9: start options 6–9 AM (default 8:00 AM), end options 5–8 PM (default 6:00 PM). */
export const HOURS_START_OPTIONS = [
  { value: "06:00", label: "6:00 AM" },
  { value: "07:00", label: "7:00 AM" },
  { value: "08:00", label: "8:00 AM" },
  { value: "09:00", label: "9:00 AM" },
] as const;
export const HOURS_END_OPTIONS = [
  { value: "17:00", label: "5:00 PM" },
  { value: "18:00", label: "6:00 PM" },
  { value: "19:00", label: "7:00 PM" },
  { value: "20:00", label: "8:00 PM" },
] as const;

/** The read-only qualification questions the chatbot asks (the engine's steps, DESIGN §4). */
export const QUALIFICATION_QUESTIONS: readonly string[] = [
  questionText("service_type", {}),
  questionText("building_size", {}),
  questionText("frequency", {}),
  questionText("budget", {}),
  questionText("timeline", {}),
  "Then their name, company, and the best email or phone number to reach them.",
];
