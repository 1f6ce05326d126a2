// Analytics (spec §2.14, DESIGN §13): real figures from the business's stored rows for Last 7 Days, 30
// Days (default), 90 Days or Last Year in its time zone, each against the period before: KPI cards, the
// funnel, leads by day, lead quality, response time by hour, revenue growth and Performance by Channel.
// Every chart has its table (charts load lazily in the browser; the tables render everywhere). Owners
// and support staff both see it (decision 0034). A failed load shows the spec's message with Retry.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation, useRouteError } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import type { AnalyticsReport } from "#shared/analytics/report.ts";
import { ANALYTICS_PERIODS, conversionTone, parseAnalyticsPeriod, type AnalyticsPeriodKey } from "#shared/analytics/analytics-period.ts";
import { formatHour, formatMinutes, formatPercentValue, formatScore, formatSeconds, kpiCards, VISIT_BOOKED_DEFINITION, VISIT_BOOKED_STAGE } from "#shared/analytics/analytics-format.ts";
import { formatCount, formatWholeDollars } from "#shared/format/intl.ts";
import type { ChartKind } from "~/components/analytics/AnalyticsCharts";
import { Download, RotateCw } from "lucide-react";
import { cardClass, cardTitleClass } from "~/components/leads/classes";
import { buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { focusRing } from "~/components/forms";
import { TableHead } from "~/components/ui/TableHead";

export const meta = workspaceMeta("Analytics");

const LOAD_FAILED = "Failed to load analytics data. Please try again.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const period = parseAnalyticsPeriod(new URL(request.url).searchParams.get("period"));
  try {
    const report = await analyticsReport(context.services.db, { businessId: workspace.business.id, timeZone: workspace.business.timeZone, period });
    return data({ report }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    context.services.logger.error("[analytics] the report failed", error);
    throw data({ message: LOAD_FAILED }, { status: 500 });
  }
}

const AnalyticsChart = lazy(() => import("~/components/analytics/AnalyticsCharts"));

export default function AnalyticsPage() {
  const { report } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/app/analytics";
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Header period={report.period.key} />
      <p role="status" className="text-sm text-slate-600">
        {loading ? "Loading analytics…" : `${report.period.label}: ${report.period.from} to ${report.period.to}, compared with ${report.period.previousFrom} to ${report.period.previousTo} (${report.period.timeZone}).`}
      </p>
      <div aria-busy={loading} className={loading ? "space-y-6 opacity-60 transition-opacity" : "space-y-6"}>
        <Figures report={report} />
      </div>
      <Link
        to="/app/analytics/competitors"
        className={`block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 ${focusRing}`}
      >
        <span className="flex items-center gap-2">
          <span className="text-lg font-semibold text-slate-900">Competitor analysis</span>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">PRO</span>
        </span>
        <span className="mt-1 block text-sm text-slate-700">Why leads were lost, the competitors you lose to most and your win rate against each, and budgets against your market price.</span>
      </Link>
    </div>
  );
}

function Header({ period }: { period: AnalyticsPeriodKey }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Analytics</h1>
        <p className="mt-1 text-slate-600">See where your leads come from and how quickly you convert them.</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <nav aria-label="Period">
          <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
            {ANALYTICS_PERIODS.map((p) => (
              <li key={p.key}>
                <Link
                  to={`?period=${p.key}`}
                  preventScrollReset
                  aria-current={p.key === period ? "page" : undefined}
                  className={`block rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 ${
                    p.key === period ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900"
                  }`}
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a href={`/app/analytics/export?period=${period}`} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
          <Icon icon={Download} className="h-4 w-4" />
          Export
        </a>
      </div>
    </header>
  );
}

function Figures({ report }: { report: AnalyticsReport }) {
  const mounted = useMounted();
  const chart = (kind: ChartKind) =>
    mounted ? (
      <Suspense fallback={<div className="h-56 sm:h-64" />}>
        <AnalyticsChart kind={kind} report={report} />
      </Suspense>
    ) : (
      <div className="h-56 sm:h-64" />
    );
  const total = report.quality.high + report.quality.medium + report.quality.low;
  return (
    <>
      <section aria-label="Key figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {kpiCards(report).map((card) => (
          <div key={card.key} data-kpi={card.key} className={cardClass}>
            <p className="text-sm font-medium text-slate-600">{card.label}</p>
            <p data-kpi-value className="mt-1 text-2xl font-bold text-slate-900">{card.value}</p>
            {card.definition ? <p className="mt-0.5 text-xs text-slate-600">{card.definition}</p> : null}
            <p className={`mt-1 text-sm ${card.good === null ? "text-slate-600" : card.good ? "text-green-800" : "text-red-800"}`}>
              {card.change} <span className="text-slate-600">vs previous period</span>
            </p>
          </div>
        ))}
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ChartCard title="Lead Generation" chart={chart("leads")}>
          <DataTable caption="Leads by day" head={["Date", "Leads"]} rows={report.leadsByDay.map((d) => [d.date, formatCount(d.leads)])} />
        </ChartCard>
        <ChartCard title="Conversion Funnel" chart={chart("funnel")} summary={report.funnel.some((s) => s.stage === VISIT_BOOKED_STAGE) ? <p className="mt-1 text-sm text-slate-600">{VISIT_BOOKED_DEFINITION}</p> : undefined}>
          <DataTable
            caption="Funnel"
            head={["Stage", "Count", "From previous stage"]}
            rows={report.funnel.map((s) => [s.stage, formatCount(s.count), formatPercentValue(s.rate)])}
          />
        </ChartCard>
        <ChartCard
          title="Lead Quality Distribution"
          chart={chart("quality")}
          summary={
            <ul className="mt-2 flex flex-wrap gap-4 text-sm text-slate-800">
              {(["high", "medium", "low"] as const).map((q) => (
                <li key={q}>
                  <span className="font-semibold capitalize">{q}</span>: {formatCount(report.quality[q])} ({formatPercentValue(total ? (report.quality[q] / total) * 100 : null)})
                </li>
              ))}
            </ul>
          }
        />
        <ChartCard title="Response Time by Hour" chart={chart("response")}>
          <DataTable
            caption="Response time by hour of day"
            head={["Hour", "Chatbot reply", "Team first action"]}
            rows={report.responseByHour.map((h) => [formatHour(h.hour), formatSeconds(h.botSeconds), formatMinutes(h.teamMinutes)])}
          />
        </ChartCard>
        <ChartCard title="Revenue Growth" chart={chart("revenue")} summary={<p className="mt-1 text-sm text-slate-600">Deals closed each month: value of leads marked Won in it.</p>}>
          <DataTable caption="Deals closed by month" head={["Month", "Deals closed"]} rows={report.revenueByMonth.map((m) => [m.label, formatWholeDollars(m.revenueCents)])} />
        </ChartCard>
      </div>

      <section className={cardClass} aria-labelledby="channels-title">
        <h2 id="channels-title" className={cardTitleClass}>
          Performance by Channel
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Leads created in the period by channel; revenue is their won value, so the column adds up to Won Value ({formatWholeDollars(report.kpis.wonValueCents.current)}).
        </p>
        {report.channels.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No leads in this period yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="group" aria-label="Performance by Channel table">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <TableHead className="text-slate-600" columns={["Channel", "Leads", "Conversion", "Avg Score", "Revenue"]} />
              <tbody className="divide-y divide-slate-100 text-slate-900">
                {report.channels.map((c) => (
                  <tr key={c.channel}>
                    <th scope="row" className="py-2 pr-4 font-medium">{c.label}</th>
                    <td className="py-2 pr-4">{formatCount(c.leads)}</td>
                    <td className="py-2 pr-4">
                      <span data-tone={conversionTone(c.conversion)} className={`rounded-full px-2 py-0.5 font-semibold ${TONE_CLASS[conversionTone(c.conversion)]}`}>
                        {formatPercentValue(c.conversion)}
                      </span>
                    </td>
                    <td className="py-2 pr-4">{formatScore(c.avgScore)}</td>
                    <td className="py-2">{formatWholeDollars(c.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-300 font-semibold text-slate-900">
                <tr data-testid="channel-total">
                  <th scope="row" className="py-2 pr-4">Total</th>
                  <td className="py-2 pr-4">{formatCount(report.kpis.leads.current)}</td>
                  <td className="py-2 pr-4">{formatPercentValue(report.kpis.conversionRate.current)}</td>
                  <td className="py-2 pr-4" />
                  <td className="py-2">{formatWholeDollars(report.kpis.wonValueCents.current)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

const TONE_CLASS = { green: "bg-green-100 text-green-900", amber: "bg-amber-100 text-amber-900", red: "bg-red-100 text-red-900" } as const;

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function ChartCard({ title, chart, summary, children }: { title: string; chart: ReactNode; summary?: ReactNode; children?: ReactNode }) {
  return (
    <section className={cardClass}>
      <h2 className={cardTitleClass}>{title}</h2>
      {summary}
      <div className="mt-3">{chart}</div>
      {children ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Show as table</summary>
          {children}
        </details>
      ) : null}
    </section>
  );
}

function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 font-medium">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-900">
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (i === 0 ? <th key={i} scope="row" className="py-1 pr-3 font-normal">{cell}</th> : <td key={i} className="py-1 pr-3">{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A failed load: the spec's message and Retry (loads the same address again; works without JavaScript too). */
export function ErrorBoundary() {
  useRouteError();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-3xl">
      <section role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">Analytics</h1>
        <p className="mt-2 text-slate-700">{LOAD_FAILED}</p>
        <p className="mt-4">
          <Link to={`${location.pathname}${location.search}`} className={buttonClasses({ variant: "secondary" })}>
            <Icon icon={RotateCw} className="h-4 w-4" />
            Retry
          </Link>
        </p>
      </section>
    </div>
  );
}
