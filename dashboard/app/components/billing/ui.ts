export { cardClass, focusRing, inputClass, labelClass } from "~/components/chatbot/ui";

export const errorBox = "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800";
export const successBox = "rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-semibold text-green-800";
