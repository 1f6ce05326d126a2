// Leads this billing period against the plan's limit (spec §6, §9): overage leads are still captured.
import { formatLongDate } from "#shared/billing/billing-display.ts";
import { formatUsd } from "#shared/billing/plans.ts";
import { ProgressBar } from "~/components/ui/ProgressBar";

export function UsageMeter({
  usage,
  limitText,
  overageFeeCents,
  timeZone,
}: {
  usage: { count: number; limit: number | null; periodStart: string; periodEnd: string };
  /** The plan's limit in words ("Unlimited leads"); null without a plan (billing-card.ts). */
  limitText: string | null;
  overageFeeCents: number;
  timeZone: string;
}) {
  const { count, limit } = usage;
  const percent = limit ? Math.min(100, Math.round((count / limit) * 100)) : 0;
  const over = limit !== null && count > limit;
  return (
    <div data-testid="lead-usage">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">Leads this period</span>
        <span className="text-slate-700">
          {limit !== null
            ? `${count.toLocaleString("en-US")} of ${limit.toLocaleString("en-US")}`
            : `${count.toLocaleString("en-US")} · ${limitText ?? "no plan: leads wait for a subscription"}`}
        </span>
      </div>
      {limit !== null ? (
        <ProgressBar
          className="mt-2 w-full"
          label="Leads used this period"
          value={Math.min(count, limit)}
          max={limit}
          percent={percent}
          barClassName={over ? "bg-orange-500" : "bg-brand-600"}
        />
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        Period {formatLongDate(usage.periodStart, timeZone)} to {formatLongDate(new Date(Date.parse(usage.periodEnd) - 1), timeZone)}.
        {limit !== null
          ? ` Leads over your limit are still captured and billed at ${formatUsd(overageFeeCents)} each on a paid plan.`
          : ""}
        {over ? ` ${(count - limit).toLocaleString("en-US")} over the limit so far.` : ""}
      </p>
    </div>
  );
}
