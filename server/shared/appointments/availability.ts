// Settings → Scheduling (DESIGN §18, issue 31): the business's availability for walkthrough visits,
// in its own time zone. Pure: the settings form (browser) and the server share this schema.
import { z } from "zod";

export const WEEKDAY_KEYS = ["0", "1", "2", "3", "4", "5", "6"] as const;
/** Sunday first, as JavaScript's getUTCDay numbers them. */
export const WEEKDAY_LABELS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export type TimeWindow = { start: string; end: string };
export type OfferTo = "high_medium" | "high";

export type Availability = {
  enabled: boolean;
  offerTo: OfferTo;
  /** Weekday ("0" Sunday … "6" Saturday) → its windows, each "HH:MM"–"HH:MM" local time. */
  windows: Partial<Record<(typeof WEEKDAY_KEYS)[number], TimeWindow[]>>;
  visitMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  maxPerDay: number;
  /** Local dates "YYYY-MM-DD" with no visits. */
  daysOff: string[];
  /** User ids of the members who take visits. */
  memberIds: string[];
};

export const DEFAULT_AVAILABILITY: Availability = {
  enabled: false,
  offerTo: "high_medium",
  windows: { "1": [{ start: "09:00", end: "17:00" }], "2": [{ start: "09:00", end: "17:00" }], "3": [{ start: "09:00", end: "17:00" }], "4": [{ start: "09:00", end: "17:00" }], "5": [{ start: "09:00", end: "17:00" }] },
  visitMinutes: 45,
  bufferMinutes: 15,
  minNoticeHours: 24,
  horizonDays: 21,
  maxPerDay: 4,
  daysOff: [],
  memberIds: [],
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const windowSchema = z
  .object({ start: z.string().regex(HHMM, "Use HH:MM (24-hour) times"), end: z.string().regex(HHMM, "Use HH:MM (24-hour) times") })
  .refine((w) => minutesOf(w.end) > minutesOf(w.start), { message: "A window must end after it starts" });

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const availabilitySchema = z.object({
  enabled: z.boolean(),
  offerTo: z.enum(["high_medium", "high"]),
  windows: z
    .partialRecord(z.enum(WEEKDAY_KEYS), z.array(windowSchema).max(4, "At most four windows a day"))
    .refine(
      (days) =>
        Object.values(days).every((ws) => {
          const sorted = [...(ws ?? [])].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
          return sorted.every((w, i) => i === 0 || minutesOf(w.start) >= minutesOf(sorted[i - 1]!.end));
        }),
      { message: "Windows of the same day must not overlap" },
    ),
  visitMinutes: z.number().int().min(15, "A visit lasts at least 15 minutes").max(480, "A visit lasts at most 8 hours"),
  bufferMinutes: z.number().int().min(0, "The buffer cannot be negative").max(240, "The buffer is at most 4 hours"),
  minNoticeHours: z.number().int().min(0, "Notice cannot be negative").max(336, "Notice is at most 14 days"),
  horizonDays: z.number().int().min(1, "Book at least 1 day ahead").max(90, "Book at most 90 days ahead"),
  maxPerDay: z.number().int().min(1, "Allow at least one visit a day").max(50, "At most 50 visits a day"),
  daysOff: z.array(z.string().refine(isRealDate, "Use dates like 2026-12-24")).max(200),
  memberIds: z.array(z.string().min(1)).max(100),
});

/** Stored columns (Json windows, any shape) → a valid Availability; anything unreadable falls back to the default. */
export function readAvailability(row: Record<string, unknown> | null | undefined): Availability {
  if (!row) return DEFAULT_AVAILABILITY;
  const parsed = availabilitySchema.safeParse(row);
  return parsed.success ? (parsed.data as Availability) : { ...DEFAULT_AVAILABILITY, ...pickValid(row) };
}

function pickValid(row: Record<string, unknown>): Partial<Availability> {
  const out: Partial<Availability> = {};
  for (const key of Object.keys(availabilitySchema.shape) as (keyof Availability)[]) {
    const field = availabilitySchema.shape[key].safeParse(row[key]);
    if (field.success) (out as Record<string, unknown>)[key] = field.data;
  }
  return out;
}

/** "09:00-12:00, 13:00-17:00" → windows (an unreadable part is kept as given, for the schema to refuse). */
export function parseWindowsText(text: string): TimeWindow[] {
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [start = "", end = ""] = part.split(/\s*(?:-|–|to)\s*/);
      const pad = (t: string) => (/^\d:\d\d$/.test(t) ? `0${t}` : t);
      return { start: pad(start.trim()), end: pad(end.trim()) };
    });
}

export const windowsText = (windows: TimeWindow[] | undefined) => (windows ?? []).map((w) => `${w.start}-${w.end}`).join(", ");

/** The Settings → Scheduling form's fields → the object the schema checks. */
export function availabilityFromForm(form: { get(name: string): unknown; getAll(name: string): unknown[] }): unknown {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const int = (name: string) => (text(name) === "" ? Number.NaN : Number(text(name)));
  const windows: Record<string, TimeWindow[]> = {};
  for (const day of WEEKDAY_KEYS) {
    const parsed = parseWindowsText(text(`day${day}`));
    if (parsed.length) windows[day] = parsed;
  }
  return {
    enabled: form.get("enabled") === "on" || form.get("enabled") === "true",
    offerTo: text("offerTo") || "high_medium",
    windows,
    visitMinutes: int("visitMinutes"),
    bufferMinutes: int("bufferMinutes"),
    minNoticeHours: int("minNoticeHours"),
    horizonDays: int("horizonDays"),
    maxPerDay: int("maxPerDay"),
    daysOff: text("daysOff").split(/[\s,;]+/).filter(Boolean),
    memberIds: form.getAll("memberIds").map(String),
  };
}
