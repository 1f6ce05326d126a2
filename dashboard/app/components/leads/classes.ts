export const cardClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
export const cardTitleClass = "text-lg font-semibold text-slate-900";
export const smallInputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
export const linkClass = "font-medium text-brand-700 underline hover:text-brand-900";
