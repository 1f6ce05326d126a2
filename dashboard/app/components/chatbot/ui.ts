// Shared classes of the chatbot and conversations pages (the form classes come from components/forms.tsx).
export { focusRing, inputClass, labelClass, selectClass } from "~/components/forms";

export const cardClass = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
