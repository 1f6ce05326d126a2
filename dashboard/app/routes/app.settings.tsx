import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Settings");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return { businessName: workspace.business.name };
}

/** The settings menu of spec §2.14, each section addressed by ?tab=. */
const SECTIONS = [
  { tab: "profile", label: "Business Profile" },
  { tab: "users", label: "User Access" },
  { tab: "email", label: "Email Settings" },
  { tab: "notifications", label: "Notifications" },
  { tab: "integrations", label: "Integrations" },
  { tab: "billing", label: "Billing & Subscription" },
  { tab: "api", label: "API Keys" },
] as const;

type Section = (typeof SECTIONS)[number];

const PLACEHOLDERS: Partial<Record<Section["tab"], string>> = {
  profile:
    "Your business name and type, e-mail, phone, address, service areas, the business description your chatbot uses when it answers visitors, and your logo.",
  billing:
    "Your current plan, payment methods and billing history, with a link to manage your subscription in the billing portal.",
};

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export default function SettingsPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const current: Section = SECTIONS.find((section) => section.tab === requested) ?? SECTIONS[0];
  const placeholder = PLACEHOLDERS[current.tab];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-slate-600">Manage your business, team, notifications and subscription.</p>
      </header>

      <div className="grid gap-6 md:grid-cols-[15rem_1fr]">
        <nav aria-label="Settings" className="md:self-start">
          <ul className="flex gap-1 overflow-x-auto rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 md:flex-col">
            {SECTIONS.map((section) => {
              const selected = section.tab === current.tab;
              return (
                <li key={section.tab} className="shrink-0">
                  <Link
                    to={`?tab=${section.tab}`}
                    preventScrollReset
                    aria-current={selected ? "page" : undefined}
                    className={[
                      "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap",
                      selected ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                      focusRing,
                    ].join(" ")}
                  >
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="min-w-0">
          {placeholder ? (
            <ComingSoon title={current.label} description={placeholder} />
          ) : (
            <section
              aria-labelledby="settings-section-heading"
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <h2 id="settings-section-heading" className="text-xl font-semibold text-slate-900">
                {current.label}
              </h2>
              <p className="mt-2 text-slate-700">This section is under development. Please check back soon.</p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
