// The Analytics page's report (spec §2.14, DESIGN §13): what server/analytics/analytics.server.ts computes
// and the browser's formatters (analytics-format.ts) and charts show. Pure types.
import type { AnalyticsPeriodKey } from "./analytics-period.ts";

export type Figure = { current: number; previous: number; change: number | null };
export type RateFigure = { current: number | null; previous: number | null; change: number | null };

export type FunnelStage = { stage: string; count: number; previousCount: number; /** Share of the stage before, percent. */ rate: number | null };
export type ChannelRow = { channel: string; label: string; leads: number; won: number; conversion: number | null; avgScore: number | null; revenueCents: number };
export type HourRow = { hour: number; botSeconds: number | null; teamMinutes: number | null };
export type MonthRow = { month: string; label: string; revenueCents: number };

export type AnalyticsReport = {
  period: { key: AnalyticsPeriodKey; label: string; from: string; to: string; previousFrom: string; previousTo: string; timeZone: string };
  kpis: {
    impressions: Figure;
    conversations: Figure;
    leads: Figure;
    won: Figure;
    /** Won ÷ leads of the period, percent; change in percentage points. */
    conversionRate: RateFigure;
    revenueCents: Figure;
    /** The value of the period's leads that are now Won (the channels' revenue adds up to it). */
    wonValueCents: Figure;
    /** The bot's average reply time in seconds; change in percent (negative is faster). */
    avgResponseSeconds: RateFigure;
  };
  funnel: FunnelStage[];
  leadsByDay: { date: string; leads: number }[];
  quality: { high: number; medium: number; low: number };
  responseByHour: HourRow[];
  revenueByMonth: MonthRow[];
  channels: ChannelRow[];
};
