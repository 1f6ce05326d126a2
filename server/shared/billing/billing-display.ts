// How the billing screen shows a subscription (spec §4): status labels and colours, the plan label,
// the detail line and long US dates. Pure, shared with the browser.
import { dateTimeFormat } from "../format/intl.ts";

export type StatusDisplay = { label: "Active" | "Trial" | "Canceled" | "Inactive"; className: string };

export function statusDisplay(status: string | null | undefined): StatusDisplay {
  switch (status) {
    case "active":
      return { label: "Active", className: "bg-green-100 text-green-800" };
    case "trial":
      return { label: "Trial", className: "bg-blue-100 text-blue-800" };
    case "canceled":
      return { label: "Canceled", className: "bg-orange-100 text-orange-800" };
    default:
      return { label: "Inactive", className: "bg-slate-100 text-slate-700" };
  }
}

export function planLabel(plan: string | null | undefined): string {
  return plan && plan.trim() !== "" ? plan : "Free Trial";
}

/** Long US format ("March 15, 2025"); an empty date shows 'N/A'. */
export function formatLongDate(date: Date | string | null | undefined, timeZone = "UTC"): string {
  if (date === null || date === undefined || date === "") return "N/A";
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return "N/A";
  return dateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone }).format(value);
}

export function detailLine(
  subscription: { status: string; trialEnd: Date | string | null; currentPeriodEnd: Date | string | null },
  timeZone = "UTC",
): string {
  if (subscription.status === "trial") return `Trial ends on ${formatLongDate(subscription.trialEnd, timeZone)}`;
  if (subscription.status === "active") return `Next billing date: ${formatLongDate(subscription.currentPeriodEnd, timeZone)}`;
  return "No active subscription";
}

/** The spec §8 texts of the payment and billing forms. */
export const BILLING_ERRORS = {
  cardElementNotFound: "Card element not found",
  paymentMethodFallback: "An error occurred with your payment method",
  paymentFallback: "An error occurred with your payment",
  addPaymentMethodFailed: "Failed to add payment method",
  unexpected: "An unexpected error occurred. Please try again.",
  loadSubscription: "Failed to load subscription information",
  portal: "Failed to open customer portal",
  notConfigured: "Billing is not configured on this server yet. Your free trial continues; please contact us to subscribe.",
} as const;
