// Shared classes of the chatbot and conversations pages (same look as components/auth/AuthCard.tsx).
export { inputClass, labelClass } from "~/components/auth/AuthCard";

export const cardClass = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
export const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
