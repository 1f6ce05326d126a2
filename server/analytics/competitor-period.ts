// The competitor analysis page's period (?days=30|90|365, default 90) and the SQL pieces that price a
// lead at the business's market price (DESIGN §4), shared by the query and its tests. Pure.
import { VISITS_PER_MONTH, type FrequencyBand } from "../shared/scoring/score.ts";

export const PERIOD_DAYS = [30, 90, 365] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
export const DEFAULT_PERIOD_DAYS: PeriodDays = 90;

export const PERIOD_LABELS: Record<PeriodDays, string> = {
  30: "Last 30 days",
  90: "Last 90 days",
  365: "Last 12 months",
};

/** The period asked for in the URL; anything else falls back to the default (a hand-edited URL never breaks). */
export function parsePeriodDays(value: string | null | undefined): PeriodDays {
  const n = Number(value);
  return (PERIOD_DAYS as readonly number[]).includes(n) ? (n as PeriodDays) : DEFAULT_PERIOD_DAYS;
}

/** Visits a month in hundredths per frequency band (exact integers for the SQL comparison). */
export const VISITS_PER_MONTH_HUNDREDTHS = Object.fromEntries(
  Object.entries(VISITS_PER_MONTH).map(([band, visits]) => [band, Math.round(visits * 100)]),
) as Record<FrequencyBand, number>;

/** Win rate in whole percent (won ÷ (won + lost)), null when nothing was decided. */
export function winRatePercent(won: number, lost: number): number | null {
  return won + lost === 0 ? null : Math.round((100 * won) / (won + lost));
}
