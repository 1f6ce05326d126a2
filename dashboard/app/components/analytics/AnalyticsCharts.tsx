// The Analytics page's charts (recharts 2). Loaded lazily in the browser only (React.lazy from the
// page): recharts and its d3 parts are the largest code of the workspace, needed on this page alone,
// and the page's tables (always rendered, also on the server) carry the same figures for screen
// readers and for the first paint. The charts are therefore hidden from assistive technology.
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsReport } from "#shared/analytics/report.ts";
import { formatHour } from "#shared/analytics/analytics-format.ts";

export type ChartKind = "leads" | "funnel" | "quality" | "response" | "revenue";

const BRAND = "#1d64d8";
const QUALITY_COLOURS = { High: "#15803d", Medium: "#b45309", Low: "#b91c1c" } as const;

const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;

export default function AnalyticsChart({ kind, report }: { kind: ChartKind; report: AnalyticsReport }) {
  return (
    // `inert`: nothing inside can take focus (recharts makes some parts focusable) or be read out.
    <div aria-hidden="true" {...{ inert: "" }} className="h-56 w-full sm:h-64">
      <ResponsiveContainer width="100%" height="100%">
        {chart(kind, report)}
      </ResponsiveContainer>
    </div>
  );
}

function chart(kind: ChartKind, report: AnalyticsReport) {
  switch (kind) {
    case "leads":
      return (
        <AreaChart data={report.leadsByDay} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} minTickGap={24} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip labelFormatter={(d) => shortDate(String(d))} />
          <Area type="monotone" dataKey="leads" name="Leads" stroke={BRAND} fill={BRAND} fillOpacity={0.15} isAnimationActive={false} />
        </AreaChart>
      );
    case "funnel":
      return (
        <BarChart data={report.funnel} layout="vertical" margin={{ top: 8, right: 16, left: 24, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis type="category" dataKey="stage" width={110} fontSize={12} />
          <Tooltip />
          <Bar dataKey="count" name="Count" fill={BRAND} isAnimationActive={false} />
        </BarChart>
      );
    case "quality": {
      const data = [
        { name: "High", value: report.quality.high },
        { name: "Medium", value: report.quality.medium },
        { name: "Low", value: report.quality.low },
      ] as const;
      return (
        <PieChart>
          <Pie data={[...data]} dataKey="value" nameKey="name" innerRadius="50%" outerRadius="80%" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.name} fill={QUALITY_COLOURS[d.name]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      );
    }
    case "response":
      return (
        <BarChart data={report.responseByHour} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="hour" tickFormatter={formatHour} fontSize={12} interval={2} />
          <YAxis yAxisId="bot" fontSize={12} unit="s" />
          <YAxis yAxisId="team" orientation="right" fontSize={12} unit="m" />
          <Tooltip labelFormatter={(h) => formatHour(Number(h))} />
          <Legend />
          <Bar yAxisId="bot" dataKey="botSeconds" name="Chatbot reply (seconds)" fill={BRAND} isAnimationActive={false} />
          <Bar yAxisId="team" dataKey="teamMinutes" name="Team first action (minutes)" fill="#0f766e" isAnimationActive={false} />
        </BarChart>
      );
    case "revenue":
      return (
        <BarChart data={report.revenueByMonth} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" fontSize={12} minTickGap={8} />
          <YAxis tickFormatter={dollars} fontSize={12} width={72} />
          <Tooltip formatter={(v) => dollars(Number(v))} />
          <Bar dataKey="revenueCents" name="Revenue" fill="#15803d" isAnimationActive={false} />
        </BarChart>
      );
  }
}
