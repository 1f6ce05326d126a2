// Why a lead was lost (asked when it is moved to Lost) and the competitor involved: the raw data of
// competitor analysis. Available on every plan, so nothing is lost before a business upgrades. Pure.

export const LOST_REASONS = ["price", "competitor", "no_response", "timing", "other"] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: "Price",
  competitor: "Went with a competitor",
  no_response: "No response",
  timing: "Timing",
  other: "Other",
};

/** Longest competitor name kept (the column is VARCHAR(80)). */
export const COMPETITOR_NAME_MAX = 80;

/** A competitor name as stored: trimmed, inner runs of white space collapsed; null when empty. */
export function normalizeCompetitorName(raw: string | null | undefined): string | null {
  const name = (raw ?? "").replace(/\s+/g, " ").trim();
  return name ? name : null;
}

export function isLostReason(value: unknown): value is LostReason {
  return typeof value === "string" && (LOST_REASONS as readonly string[]).includes(value);
}
