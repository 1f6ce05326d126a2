// The Analytics export (spec: analytics-{date}.csv): one section per table of the page, values as
// shown, written by csv-stringify (quoting and escaping). Cells that a spreadsheet would run as a
// formula (=, +, -, @, tab, carriage return first) are prefixed with an apostrophe (CSV injection),
// except plain signed numbers such as "-12.5%" or "+3 pts". Pure.
import { stringify } from "csv-stringify/sync";
import { formatCount, formatWholeDollars } from "../shared/format/intl.ts";
import type { AnalyticsReport } from "../shared/analytics/report.ts";
import { formatHour, formatMinutes, formatPercentValue, formatScore, formatSeconds, kpiCards } from "../shared/analytics/analytics-format.ts";

const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]\d[\d,]*(\.\d+)?( ?(%|pts))?$/;

/** A cell a spreadsheet shows as text, never runs. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) && !SIGNED_NUMBER.test(value) ? `'${value}` : value;
}

/** The file name for an export made on a local date ("YYYY-MM-DD"). */
export function analyticsFileName(localDate: string): string {
  return `analytics-${localDate}.csv`;
}

export function analyticsCsv(report: AnalyticsReport): string {
  const rows: string[][] = [];
  const section = (title: string, header: string[], body: string[][]) => {
    if (rows.length) rows.push([]);
    rows.push([title], header, ...body);
  };
  const p = report.period;
  section("Analytics", ["Period", "From", "To", "Compared with"], [[p.label, p.from, p.to, `${p.previousFrom} to ${p.previousTo}`]]);
  section("Key figures", ["Figure", "Value", "Change"], kpiCards(report).map((c) => [c.label, c.value, c.change]));
  section("Funnel", ["Stage", "Count", "Rate from previous stage"], report.funnel.map((s) => [s.stage, formatCount(s.count), formatPercentValue(s.rate)]));
  section("Leads by day", ["Date", "Leads"], report.leadsByDay.map((d) => [d.date, formatCount(d.leads)]));
  section("Lead quality", ["Quality", "Leads"], [
    ["High", formatCount(report.quality.high)],
    ["Medium", formatCount(report.quality.medium)],
    ["Low", formatCount(report.quality.low)],
  ]);
  section(
    "Response time by hour",
    ["Hour", "Chatbot reply", "Team first action"],
    report.responseByHour.map((h) => [formatHour(h.hour), formatSeconds(h.botSeconds), formatMinutes(h.teamMinutes)]),
  );
  section("Revenue growth", ["Month", "Revenue"], report.revenueByMonth.map((m) => [m.label, formatWholeDollars(m.revenueCents)]));
  section(
    "Performance by Channel",
    ["Channel", "Leads", "Conversion", "Avg Score", "Revenue"],
    report.channels.map((c) => [c.label, formatCount(c.leads), formatPercentValue(c.conversion), formatScore(c.avgScore), formatWholeDollars(c.revenueCents)]),
  );
  return stringify(rows.map((row) => row.map(neutralizeCell)), { record_delimiter: "\r\n" });
}
