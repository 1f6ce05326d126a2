import { Clock, DollarSign, TrendingUp, UserPlus } from "lucide-react";
import type { StatCard } from "#server/dashboard/dashboard.server.ts";
import { Icon, type LucideIcon } from "~/components/ui/Icon";

function changeText(card: StatCard): { text: string; tone: "good" | "bad" | "flat" } {
  if (card.change === null) return { text: "No prior data", tone: "flat" };
  if (card.change === 0) return { text: `No change ${card.comparison}`, tone: "flat" };
  const sign = card.change > 0 ? "+" : "−";
  const amount = Math.abs(card.change).toFixed(1).replace(/\.0$/, "");
  const unit = card.changeUnit === "pts" ? " pts" : "%";
  const better = card.higherIsBetter ? card.change > 0 : card.change < 0;
  return { text: `${sign}${amount}${unit} ${card.comparison}`, tone: better ? "good" : "bad" };
}

const ICONS: Record<StatCard["key"], LucideIcon> = {
  "new-leads": UserPlus,
  "conversion-rate": TrendingUp,
  "response-time": Clock,
  revenue: DollarSign,
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
                  <Icon icon={ICONS[card.key]} />
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
                <span data-stat-definition className="mt-1 block text-xs text-slate-600">
                  {card.definition}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
