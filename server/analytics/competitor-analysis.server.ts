// Competitor analysis (a PRO feature, spec §1/§6): from the business's own leads closed (Won or Lost)
// in the chosen period: lost leads by reason, the competitors it loses to most (count, lost estimated
// value, win rate against each) and how the budgets leads stated compare with its market price, won
// versus lost. Aggregated in SQL over the (businessId, closedAt) index; test leads left out. The plan
// gate is the route's (requireFeature); this module only reads, scoped by businessId.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { LOST_REASON_LABELS, LOST_REASONS, type LostReason } from "../shared/leads/lost-reasons.ts";
import { DEFAULT_MARKET_PRICE_CENTS } from "../shared/scoring/score.ts";
import { VISITS_PER_MONTH_HUNDREDTHS, winRatePercent, type PeriodDays } from "./competitor-period.ts";

/** Competitors listed (most lost to first). */
export const COMPETITORS_LISTED = 20;

export type ReasonRow = {
  reason: LostReason | null;
  label: string;
  leads: number;
  /** Share of the period's lost leads, whole percent. */
  percent: number;
  estimatedValueCents: number;
};

export type CompetitorRow = {
  name: string;
  lost: number;
  won: number;
  /** Won ÷ (won + lost) against this competitor, whole percent. */
  winRate: number | null;
  /** Estimated monthly value of the leads lost to it. */
  lostEstimatedValueCents: number;
};

export type PriceRow = {
  /** Leads closed with this outcome in the period. */
  closed: number;
  /** Of those, leads that stated a monthly budget. */
  withBudget: number;
  /** Of those, leads whose size and frequency give a market estimate to compare with. */
  compared: number;
  averageBudgetCents: number | null;
  averageMarketCents: number | null;
  /** Stated budgets as a share of the market estimate (sum ÷ sum, over the compared leads), whole percent. */
  budgetToMarketPercent: number | null;
  belowMarket: number;
  atMarket: number;
  aboveMarket: number;
  /** Won only: the average deal value recorded. */
  averageDealCents: number | null;
};

export type CompetitorAnalysis = {
  periodDays: PeriodDays;
  since: string;
  until: string;
  /** The chatbot's market price per 1,000 sq ft per visit now (each lead is compared at the price it was scored with). */
  marketPriceCents: number;
  totals: { won: number; lost: number; winRate: number | null; lostEstimatedValueCents: number };
  lostByReason: ReasonRow[];
  competitors: CompetitorRow[];
  price: { won: PriceRow; lost: PriceRow };
};

type Num = bigint | number | string | null;
const n = (v: Num | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const orNull = (v: Num | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The market estimate of a lead's monthly cost, scaled by 100,000 (size × price × visits in hundredths),
 * so comparisons are exact: the same rule as scoring's budgetBandFor, at the market price the lead was
 * scored with (so "below / at / above market" here agrees with its budget points). NULL without size or
 * frequency.
 */
function expectedScaled(): Prisma.Sql {
  const visits = Prisma.join(
    Object.entries(VISITS_PER_MONTH_HUNDREDTHS).map(([band, h]) => Prisma.sql`WHEN ${band} THEN ${h}::numeric`),
    " ",
  );
  return Prisma.sql`("buildingSizeSqFt"::numeric * "marketPriceCents"::numeric * (CASE "frequency" ${visits} END))`;
}

/** The business's market price now (its chatbot's setting, the default without one), shown with the figures. */
async function marketPrice(db: Db, businessId: string): Promise<number> {
  const chatbot = await db.chatbot.findFirst({ where: { businessId }, orderBy: { createdAt: "asc" }, select: { marketPriceCents: true } });
  return chatbot?.marketPriceCents ?? DEFAULT_MARKET_PRICE_CENTS;
}

export async function competitorAnalysis(
  db: Db,
  input: { businessId: string; days: PeriodDays; now?: Date },
): Promise<CompetitorAnalysis> {
  const until = input.now ?? new Date();
  const since = new Date(until.getTime() - input.days * 86_400_000);
  const price = await marketPrice(db, input.businessId);
  const scaled = expectedScaled();
  // A lost lead's estimated monthly value: the budget it stated, else the market estimate.
  const estimate = Prisma.sql`COALESCE("budgetMonthlyCents"::numeric, ROUND(${scaled} / 100000))`;
  const closed = Prisma.sql`"businessId" = ${input.businessId} AND "isTest" = false
    AND "closedAt" >= ${since} AND "closedAt" < ${until}`;

  const [reasons, competitors, prices] = await Promise.all([
    db.$queryRaw<{ reason: string | null; leads: Num; value: Num }[]>`
      SELECT "lostReason"::text AS reason, COUNT(*) AS leads, COALESCE(SUM(${estimate}), 0) AS value
        FROM "Lead"
       WHERE ${closed} AND "status" = 'lost'
       GROUP BY "lostReason"`,
    // Names are grouped case-insensitively; the spelling used most is shown.
    db.$queryRaw<{ name: string; lost: Num; won: Num; value: Num }[]>`
      WITH named AS (
        SELECT CASE WHEN "status" = 'lost' THEN "lostTo" ELSE "wonAgainst" END AS name, "status"::text AS outcome,
               CASE WHEN "status" = 'lost' THEN ${estimate} END AS value
          FROM "Lead"
         WHERE ${closed} AND (("status" = 'lost' AND "lostTo" IS NOT NULL) OR ("status" = 'won' AND "wonAgainst" IS NOT NULL))
      )
      SELECT mode() WITHIN GROUP (ORDER BY name) AS name,
             COUNT(*) FILTER (WHERE outcome = 'lost') AS lost,
             COUNT(*) FILTER (WHERE outcome = 'won') AS won,
             COALESCE(SUM(value), 0) AS value
        FROM named
       GROUP BY lower(name)
       ORDER BY lost DESC, value DESC, won DESC, lower(name)
       LIMIT ${COMPETITORS_LISTED}`,
    db.$queryRaw<
      {
        outcome: string;
        closed: Num;
        with_budget: Num;
        compared: Num;
        avg_budget: Num;
        avg_market: Num;
        ratio: Num;
        below: Num;
        at: Num;
        above: Num;
        avg_deal: Num;
      }[]
    >`
      WITH priced AS (
        SELECT "status"::text AS outcome, "budgetMonthlyCents"::numeric AS budget, "valueCents", ${scaled} AS scaled
          FROM "Lead"
         WHERE ${closed} AND "status" IN ('won', 'lost')
      )
      SELECT outcome,
             COUNT(*) AS closed,
             COUNT(budget) AS with_budget,
             COUNT(*) FILTER (WHERE budget IS NOT NULL AND scaled > 0) AS compared,
             ROUND(AVG(budget)) AS avg_budget,
             ROUND(AVG(scaled / 100000) FILTER (WHERE budget IS NOT NULL AND scaled > 0)) AS avg_market,
             ROUND(100 * SUM(budget) FILTER (WHERE scaled > 0) / NULLIF(SUM(scaled / 100000) FILTER (WHERE budget IS NOT NULL AND scaled > 0), 0)) AS ratio,
             COUNT(*) FILTER (WHERE scaled > 0 AND budget * 1000000 < scaled * 9) AS below,
             COUNT(*) FILTER (WHERE scaled > 0 AND budget * 1000000 >= scaled * 9 AND budget * 1000000 <= scaled * 11) AS at,
             COUNT(*) FILTER (WHERE scaled > 0 AND budget * 1000000 > scaled * 11) AS above,
             ROUND(AVG("valueCents")) AS avg_deal
        FROM priced
       GROUP BY outcome`,
  ]);

  const lostTotal = reasons.reduce((sum, r) => sum + n(r.leads), 0);
  const lostValue = reasons.reduce((sum, r) => sum + n(r.value), 0);
  const reasonRow = (reason: LostReason | null): ReasonRow => {
    const row = reasons.find((r) => r.reason === reason);
    const leads = n(row?.leads);
    return {
      reason,
      label: reason ? LOST_REASON_LABELS[reason] : "Not given",
      leads,
      percent: lostTotal ? Math.round((100 * leads) / lostTotal) : 0,
      estimatedValueCents: n(row?.value),
    };
  };
  const priceRow = (outcome: "won" | "lost"): PriceRow => {
    const row = prices.find((r) => r.outcome === outcome);
    return {
      closed: n(row?.closed),
      withBudget: n(row?.with_budget),
      compared: n(row?.compared),
      averageBudgetCents: orNull(row?.avg_budget),
      averageMarketCents: orNull(row?.avg_market),
      budgetToMarketPercent: orNull(row?.ratio),
      belowMarket: n(row?.below),
      atMarket: n(row?.at),
      aboveMarket: n(row?.above),
      averageDealCents: outcome === "won" ? orNull(row?.avg_deal) : null,
    };
  };
  const price2 = { won: priceRow("won"), lost: priceRow("lost") };
  return {
    periodDays: input.days,
    since: since.toISOString(),
    until: until.toISOString(),
    marketPriceCents: price,
    totals: {
      won: price2.won.closed,
      lost: price2.lost.closed,
      winRate: winRatePercent(price2.won.closed, price2.lost.closed),
      lostEstimatedValueCents: lostValue,
    },
    lostByReason: [...LOST_REASONS.map((r) => reasonRow(r)), reasonRow(null)],
    competitors: competitors.map((c) => ({
      name: c.name,
      lost: n(c.lost),
      won: n(c.won),
      winRate: winRatePercent(n(c.won), n(c.lost)),
      lostEstimatedValueCents: n(c.value),
    })),
    price: price2,
  };
}
