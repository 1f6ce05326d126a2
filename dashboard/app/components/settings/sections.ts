// The settings menu of spec §2.14: one entry per section, in menu order. Each section is the nested
// route `routes/app.settings.<path>.tsx` (its own loader and action) shown inside the layout
// `routes/app.settings.tsx`; adding a section is that route file plus one entry here (decision 0064).
// `tab` is the section's old address (/app/settings?tab=…), which still redirects to it.
export const SETTINGS_SECTIONS = [
  { path: "profile", label: "Business Profile" },
  { path: "users", label: "User Access" },
  { path: "email", label: "Email Settings" },
  { path: "notifications", label: "Notifications" },
  { path: "integrations", label: "Integrations" },
  { path: "sms", label: "SMS & Calls" },
  { path: "scheduling", label: "Scheduling" },
  { path: "billing", label: "Billing & Subscription" },
  { path: "api-keys", label: "API Keys", tab: "api" },
  { path: "privacy", label: "Data & privacy" },
] as const satisfies readonly { path: string; label: string; tab?: string }[];

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_PATH = "/app/settings";

/** The address of a section: `/app/settings/<path>`. */
export const settingsHref = (path: SettingsSection["path"]) => `${SETTINGS_PATH}/${path}`;

/**
 * Where an old address (/app/settings?tab=x&…) now lives: the section's own URL with the other
 * query parameters kept (the billing tab's plan and period); an unknown or missing tab → the first.
 */
export function sectionUrlOf(search: URLSearchParams): string {
  const tab = search.get("tab");
  const section = SETTINGS_SECTIONS.find((s) => ("tab" in s ? s.tab : s.path) === tab || s.path === tab) ?? SETTINGS_SECTIONS[0];
  const rest = new URLSearchParams(search);
  rest.delete("tab");
  const query = rest.toString();
  return `${settingsHref(section.path)}${query ? `?${query}` : ""}`;
}
