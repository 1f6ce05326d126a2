// The Analytics page's figures as shown (the page and the CSV export write the same text). Pure.
import { formatCount, formatWholeDollars } from "../format/intl.ts";
import { formatDuration } from "../dashboard/periods.ts";
import { CONVERSION_DEFINITION, DEALS_CLOSED_DEFINITION, WON_DEALS_DEFINITION, WON_VALUE_DEFINITION } from "./definitions.ts";
import type { AnalyticsReport, Figure, RateFigure } from "./report.ts";

const trim1 = (value: number) => (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");

export function formatPercentValue(value: number | null): string {
  return value === null ? "—" : `${trim1(value)}%`;
}

/** "+12.5%", "-3%", "0%"; "—" with nothing to compare with. */
export function formatChange(change: number | null, unit: "%" | " pts" = "%"): string {
  if (change === null) return "—";
  return `${change > 0 ? "+" : ""}${trim1(change)}${unit}`;
}

export type KpiCard = {
  key: string;
  label: string;
  value: string;
  change: string;
  /** Whether the change is good news (null: neutral or none). */
  good: boolean | null;
  /** What the figure counts, shown under its name (issue 32). */
  definition?: string;
};

function direction(change: number | null, higherIsBetter: boolean): boolean | null {
  if (change === null || change === 0) return null;
  return change > 0 === higherIsBetter;
}

const countCard = (key: string, label: string, f: Figure, definition?: string): KpiCard => ({
  key,
  label,
  value: formatCount(f.current),
  change: formatChange(f.change),
  good: direction(f.change, true),
  ...(definition ? { definition } : {}),
});

const moneyCard = (key: string, label: string, f: Figure, definition: string): KpiCard => ({
  key,
  label,
  value: formatWholeDollars(f.current),
  change: formatChange(f.change),
  good: direction(f.change, true),
  definition,
});

export function kpiCards(report: AnalyticsReport): KpiCard[] {
  const k = report.kpis;
  const conversion: RateFigure = k.conversionRate;
  return [
    countCard("impressions", "Widget Impressions", k.impressions),
    countCard("conversations", "Conversations", k.conversations),
    countCard("leads", "Total Leads", k.leads, "Leads created in the period"),
    countCard("won", "Won Deals", k.won, WON_DEALS_DEFINITION),
    {
      key: "conversion",
      label: "Conversion Rate",
      value: formatPercentValue(conversion.current),
      change: formatChange(conversion.change, " pts"),
      good: direction(conversion.change, true),
      definition: `${CONVERSION_DEFINITION} (Won Deals ÷ Total Leads)`,
    },
    moneyCard("won-value", "Won Value", k.wonValueCents, WON_VALUE_DEFINITION),
    moneyCard("revenue", "Deals Closed", k.revenueCents, DEALS_CLOSED_DEFINITION),
    {
      key: "response",
      label: "Avg Response Time",
      value: formatDuration(k.avgResponseSeconds.current),
      change: formatChange(k.avgResponseSeconds.change),
      good: direction(k.avgResponseSeconds.change, false),
    },
  ];
}

export const formatScore = (score: number | null) => (score === null ? "—" : score.toFixed(1));
export const formatMinutes = (minutes: number | null) => formatDuration(minutes === null ? null : minutes * 60);
export const formatSeconds = formatDuration;
export const formatHour = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;

/** The funnel's stage between Leads and Proposal (issue 31). */
export const VISIT_BOOKED_STAGE = "Visit booked";

/** What the funnel's "Visit booked" stage counts: one definition, shown under the funnel and in the export. */
export const VISIT_BOOKED_DEFINITION =
  "Visit booked: the period's chatbot leads with a walkthrough visit booked and not cancelled (booked in the chat or by the team).";
