// Defaults for a new business's chatbot (spec §2.14, §9: hours 8:00 AM–6:00 PM, Monday to Friday).

export const DEFAULT_SERVICE_TYPES = [
  "Regular Commercial Cleaning",
  "Post-construction",
  "Industrial",
  "Medical Facility",
  "Educational Facility",
  "Move-in/Move-out",
] as const;

export function defaultWelcomeMessage(businessName: string): string {
  return `Hi! Welcome to ${businessName}. I can help you get a quote for commercial cleaning in about a minute. What type of cleaning are you looking for?`;
}
