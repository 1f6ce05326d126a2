import type { ChatbotStats, DailyPoint } from "#server/chatbots/stats.server.ts";
import { plural } from "#shared/format/plural.ts";
import type { AssistantSummary, MonthlyAiUsage } from "#server/ai/usage-view.server.ts";
import { cardClass } from "./ui";

function formatSeconds(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  return `${(seconds / 60).toFixed(1)} min`;
}

export function OverviewPanel({ stats }: { stats: ChatbotStats }) {
  const cards = [
    { label: "Conversations", value: stats.conversations.toLocaleString("en-US") },
    { label: "Response rate", value: stats.responseRate === null ? "—" : `${stats.responseRate}%` },
    { label: "Qualified leads", value: stats.qualifiedLeads.toLocaleString("en-US") },
    { label: "Avg. response time", value: formatSeconds(stats.avgResponseTime) },
    { label: "Conversations today", value: stats.conversationsToday.toLocaleString("en-US") },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map((card) => (
          <div key={card.label} className={cardClass}>
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{card.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="top-questions" className={cardClass}>
        <h2 id="top-questions" className="text-lg font-semibold text-slate-900">
          Top questions
        </h2>
        {stats.topQuestions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No visitor questions yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100">
            {stats.topQuestions.map((q) => (
              <li key={q.question} className="flex items-center justify-between gap-4 py-2 text-sm">
                <span className="text-slate-800">{q.question}</span>
                <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">
                  {plural(q.count, "time")}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p className="text-sm text-slate-600">Statistics count real conversations only; test conversations are left out.</p>
    </div>
  );
}

function BarSeries({ title, points, field, colour }: { title: string; points: DailyPoint[]; field: "conversations" | "qualifiedLeads"; colour: string }) {
  const max = Math.max(1, ...points.map((p) => p[field]));
  const total = points.reduce((sum, p) => sum + p[field], 0);
  const headingId = `chart-${field}`;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="flex items-baseline justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{total.toLocaleString("en-US")} in 30 days</p>
      </div>
      <div aria-hidden="true" className="mt-4 flex h-40 items-end gap-1">
        {points.map((p) => (
          <div key={p.date} className="flex h-full flex-1 items-end" title={`${p.date}: ${p[field]}`}>
            <div className={`w-full rounded-t ${colour}`} style={{ height: `${(p[field] / max) * 100}%`, minHeight: p[field] ? 2 : 0 }} />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{points[0]?.date}</span>
        <span>{points.at(-1)?.date}</span>
      </div>
      {/* The figures for screen readers. The wrapper is what is visually hidden: a table ignores the
          1px box and overflow of sr-only, so a hidden table of 30 rows added ~700 px of blank scroll. */}
      <div className="sr-only">
        <table>
          <caption>{`${title} per day`}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <td>{p.date}</td>
                <td>{p[field]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function AnalyticsPanel({ series }: { series: DailyPoint[] }) {
  return (
    <div className="space-y-6">
      <BarSeries title="Conversations" points={series} field="conversations" colour="bg-brand-600" />
      <BarSeries title="Qualified leads" points={series} field="qualifiedLeads" colour="bg-green-600" />
    </div>
  );
}

/** Settings tab: which assistant answers visitors, and this month's model usage. */
export function AssistantPanel({ assistant, usage }: { assistant: AssistantSummary; usage: MonthlyAiUsage }) {
  const cards = [
    { label: "Model calls", value: usage.calls.toLocaleString("en-US") },
    { label: "Tokens", value: (usage.promptTokens + usage.completionTokens).toLocaleString("en-US") },
    { label: "Answered by rules after a model problem", value: usage.fallbacks.toLocaleString("en-US") },
  ];
  return (
    <section aria-labelledby="assistant-heading" className={cardClass}>
      <h2 id="assistant-heading" className="text-lg font-semibold text-slate-900">
        Assistant
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="active-assistant">
        {assistant.kind === "model" ? (
          <>
            Active: AI model <span className="font-semibold text-slate-900">{assistant.model}</span>, with the qualification rules behind it.
          </>
        ) : (
          <>
            Active: <span className="font-semibold text-slate-900">Rules</span> (no AI model is configured).
          </>
        )}
      </p>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Usage this month (since {usage.since}, UTC)</h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-0.5 text-lg font-bold text-slate-900">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
