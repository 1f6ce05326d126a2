import type { StatCard } from "../../../../server/dashboard/dashboard.server.ts";

function changeText(card: StatCard): { text: string; tone: "good" | "bad" | "flat" } {
  if (card.change === null) return { text: "No prior data", tone: "flat" };
  if (card.change === 0) return { text: `No change ${card.comparison}`, tone: "flat" };
  const sign = card.change > 0 ? "+" : "−";
  const amount = Math.abs(card.change).toFixed(1).replace(/\.0$/, "");
  const unit = card.changeUnit === "pts" ? " pts" : "%";
  const better = card.higherIsBetter ? card.change > 0 : card.change < 0;
  return { text: `${sign}${amount}${unit} ${card.comparison}`, tone: better ? "good" : "bad" };
}

const ICONS: Record<StatCard["key"], string> = {
  "new-leads": "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M19 8v6M22 11h-6",
  "conversion-rate": "M22 7 13.5 15.5 8.5 10.5 2 17M16 7h6v6",
  "response-time": "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20M12 6v6l4 2",
  revenue: "M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6",
};

/** The four stat cards (spec §2.14), each with its change against the prior period. */
export function StatCards({ stats }: { stats: StatCard[] }) {
  return (
    <section aria-label="Key numbers">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map((card) => {
          const change = changeText(card);
          return (
            <div key={card.key} data-stat={card.key} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              {/* A dl group holds only dt and dd (axe: definition-list): the icon sits inside the dt. */}
              <dt className="flex items-start justify-between gap-3 text-sm font-medium text-slate-600">
                <span>{card.label}</span>
                <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                    <path d={ICONS[card.key]} />
                  </svg>
                </span>
              </dt>
              <dd className="mt-2">
                <span data-stat-value className="text-3xl font-bold tracking-tight text-slate-900">
                  {card.display}
                </span>
                <span
                  data-stat-change
                  className={`mt-1 block text-sm font-medium ${
                    change.tone === "good" ? "text-emerald-700" : change.tone === "bad" ? "text-red-700" : "text-slate-600"
                  }`}
                >
                  {change.text}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
