// What each figure the dashboard and Analytics both show counts (issue 32: one definition per figure,
// named where it is shown). Pure: the browser reaches it.

/** Conversion: leads created in the period that are now Won, out of all leads created in it (a cohort). */
export const CONVERSION_DEFINITION = "Leads created in the period that are now Won";
/** Won deals: the leads created in the period that are now Won. */
export const WON_DEALS_DEFINITION = "Leads created in the period that are now Won";
/** Won value: the value of those leads; Performance by Channel's revenue column adds up to it. */
export const WON_VALUE_DEFINITION = "Won value of leads created in the period";
/** Deals closed: the value of leads marked Won in the period, whenever they were created. */
export const DEALS_CLOSED_DEFINITION = "Deals closed in the period: value of leads marked Won in it";

/** Conversion in percent, one decimal; null of no leads. */
export function conversionPercent(won: number, leads: number): number | null {
  return leads === 0 ? null : Math.round((won / leads) * 1000) / 10;
}
