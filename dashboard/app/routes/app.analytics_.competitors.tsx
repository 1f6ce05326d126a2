// Competitor analysis (a PRO feature with a Pro badge, spec §1/§6): why leads were lost, whom to, the
// win rate against each competitor and the stated budgets against the business's market price, for the
// last 30, 90 or 365 days. Gated on the server by requireFeature: below Pro (or after the trial) the
// loader answers 403 without any figures and the page shows the feature locked with Unlock.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireFeature } from "#server/billing/entitlements.server.ts";
import { billingConfigured } from "#server/billing/stripe-client.server.ts";
import { competitorAnalysis, type CompetitorAnalysis, type PriceRow } from "#server/analytics/competitor-analysis.server.ts";
import { parsePeriodDays, PERIOD_DAYS, PERIOD_LABELS } from "#server/analytics/competitor-period.ts";
import { LockedFeature } from "~/components/billing/LockedFeature";
import { cardClass, cardTitleClass, linkClass, smallInputClass } from "~/components/leads/classes";
import { formatCents } from "~/components/leads/format";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Competitor Analysis");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const days = parsePeriodDays(new URL(request.url).searchParams.get("days"));
  const { env, stripe, db } = context.services;
  const page = {
    days,
    isOwner: workspace.role === "owner",
    publishableKey: billingConfigured(env, stripe) ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
  try {
    requireFeature(workspace, "competitor_analysis");
  } catch (error) {
    // Locked: 403 and no figures; the page still renders so the owner can unlock it.
    if (error instanceof Response && error.status === 403) return data({ ...page, locked: true as const, analysis: null }, { status: 403 });
    throw error;
  }
  const analysis = await competitorAnalysis(db, { businessId: workspace.business.id, days });
  return data({ ...page, locked: false as const, analysis });
}

export default function CompetitorAnalysisPage() {
  const { locked, analysis, days, isOwner, publishableKey } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link to="/app/analytics" className={linkClass}>
        ← Analytics
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Competitor Analysis</h1>
            <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900">PRO</span>
          </div>
          <p className="mt-1 text-slate-600">Why you lose leads, who wins them, and how their budgets compare with your prices.</p>
        </div>
        {locked ? null : <PeriodPicker days={days} />}
      </header>
      {locked || !analysis ? (
        <LockedFeature
          feature="competitor_analysis"
          title="Competitor analysis"
          description="See why leads were lost, the competitors you lose to most with the value lost and your win rate against each, and how the budgets leads state compare with your market price."
          publishableKey={publishableKey}
          canUpgrade={isOwner}
        />
      ) : (
        <Figures analysis={analysis} />
      )}
    </div>
  );
}

function PeriodPicker({ days }: { days: number }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-end gap-2" onChange={(e) => submit(e.currentTarget)}>
      <label className="text-sm font-medium text-slate-800">
        Period
        <select name="days" defaultValue={String(days)} className={smallInputClass}>
          {PERIOD_DAYS.map((d) => (
            <option key={d} value={d}>{PERIOD_LABELS[d]}</option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold">Show</button>
      </noscript>
    </Form>
  );
}

const percent = (value: number | null) => (value === null ? "—" : `${value}%`);
const money = (cents: number | null) => (cents === null ? "—" : formatCents(cents));

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={cardClass}>
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900" data-stat={label}>{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}

function Figures({ analysis }: { analysis: CompetitorAnalysis }) {
  const { totals } = analysis;
  const period = PERIOD_LABELS[analysis.periodDays].toLowerCase();
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Leads won" value={totals.won.toLocaleString("en-US")} hint={`Closed in the ${period}`} />
        <Stat label="Leads lost" value={totals.lost.toLocaleString("en-US")} hint={`Closed in the ${period}`} />
        <Stat label="Win rate" value={percent(totals.winRate)} hint="Won ÷ (won + lost)" />
        <Stat label="Est. monthly value lost" value={formatCents(totals.lostEstimatedValueCents)} hint="Stated budget, else your market estimate" />
      </div>
      <ReasonsCard analysis={analysis} />
      <CompetitorsCard analysis={analysis} />
      <PriceCard analysis={analysis} />
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className={cardTitleClass}>{title}</h2>
      <div className="mt-4 overflow-x-auto">{children}</div>
    </section>
  );
}

const th = "py-2 pr-4 text-left font-semibold";
const td = "py-2 pr-4 tabular-nums text-slate-900";

function ReasonsCard({ analysis }: { analysis: CompetitorAnalysis }) {
  return (
    <Card id="lost-reasons" title="Why leads were lost">
      {analysis.totals.lost === 0 ? (
        <p className="text-sm text-slate-700">No leads were lost in this period. When you move a lead to Lost, say why and it shows here.</p>
      ) : (
        <table className="stack-table min-w-full text-sm">
          <thead>
            <tr className="text-slate-700">
              <th scope="col" className={th}>Reason</th>
              <th scope="col" className={th}>Leads</th>
              <th scope="col" className={th}>Share</th>
              <th scope="col" className={th}>Est. monthly value</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {analysis.lostByReason.map((row) => (
              <tr key={row.reason ?? "none"} data-reason={row.reason ?? "none"}>
                <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">{row.label}</th>
                <td data-label="Leads" className={td}>{row.leads}</td>
                <td data-label="Share" className={td}>
                  <span className="inline-flex items-center gap-2">
                    <span aria-hidden="true" className="inline-block h-2 rounded bg-brand-600" style={{ width: `${Math.max(row.percent, row.leads ? 2 : 0)}px` }} />
                    {row.percent}%
                  </span>
                </td>
                <td data-label="Est. monthly value" className={td}>{formatCents(row.estimatedValueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function CompetitorsCard({ analysis }: { analysis: CompetitorAnalysis }) {
  return (
    <Card id="competitors" title="Competitors you lose to most">
      {analysis.competitors.length === 0 ? (
        <p className="text-sm text-slate-700">
          No competitors named in this period. Choose “Went with a competitor” and enter their name when you mark a lead as Lost.
        </p>
      ) : (
        <table className="stack-table min-w-full text-sm">
          <thead>
            <tr className="text-slate-700">
              <th scope="col" className={th}>Competitor</th>
              <th scope="col" className={th}>Lost to them</th>
              <th scope="col" className={th}>Won against them</th>
              <th scope="col" className={th}>Your win rate</th>
              <th scope="col" className={th}>Est. monthly value lost</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {analysis.competitors.map((c) => (
              <tr key={c.name} data-competitor={c.name}>
                <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">{c.name}</th>
                <td data-label="Lost to them" className={td}>{c.lost}</td>
                <td data-label="Won against them" className={td}>{c.won}</td>
                <td data-label="Your win rate" className={td}>{percent(c.winRate)}</td>
                <td data-label="Est. monthly value lost" className={td}>{formatCents(c.lostEstimatedValueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function PriceCard({ analysis }: { analysis: CompetitorAnalysis }) {
  const rows: { key: string; label: string; row: PriceRow }[] = [
    { key: "won", label: "Won", row: analysis.price.won },
    { key: "lost", label: "Lost", row: analysis.price.lost },
  ];
  return (
    <Card id="price-comparison" title="Budgets against your market price">
      <p className="text-sm text-slate-700">
        Your market price: {formatCents(analysis.marketPriceCents)} per 1,000 sq ft per visit (Chatbot settings). Each lead's stated monthly
        budget is compared with its size × visits a month × the market price it was scored with (your price at the time); within 10%
        counts as at market.
      </p>
      <table className="stack-table mt-4 min-w-full text-sm">
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className={th}>Outcome</th>
            <th scope="col" className={th}>Leads with a budget</th>
            <th scope="col" className={th}>Avg. stated budget</th>
            <th scope="col" className={th}>Avg. market estimate</th>
            <th scope="col" className={th}>Budget vs market</th>
            <th scope="col" className={th}>Below / at / above market</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ key, label, row }) => (
            <tr key={key} data-outcome={key}>
              <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">{label}</th>
              <td data-label="Leads with a budget" className={td}>
                {row.withBudget} of {row.closed}
              </td>
              <td data-label="Avg. stated budget" className={td}>{money(row.averageBudgetCents)}</td>
              <td data-label="Avg. market estimate" className={td}>{money(row.averageMarketCents)}</td>
              <td data-label="Budget vs market" className={td}>{percent(row.budgetToMarketPercent)}</td>
              <td data-label="Below / at / above market" className={td}>
                {row.belowMarket} / {row.atMarket} / {row.aboveMarket}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {analysis.price.won.averageDealCents !== null ? (
        <p className="mt-3 text-sm text-slate-700">Won deals averaged {formatCents(analysis.price.won.averageDealCents)} in deal value.</p>
      ) : null}
    </Card>
  );
}
