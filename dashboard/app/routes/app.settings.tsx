// Settings (spec §2.14): a section menu addressed by ?tab=, one component per section in
// components/settings/. Owners only: support staff get 403 from the loader and the action (DESIGN §5).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, useSearchParams } from "@remix-run/react";
import { getBusinessSettings } from "../../../server/businesses/settings.server.ts";
import { listPendingInvites } from "../../../server/team/invites.server.ts";
import { listMembers } from "../../../server/team/members.server.ts";
import { listEmailDeliveries } from "../../../server/mail/deliveries.server.ts";
import { EmailDeliveries } from "~/components/settings/EmailDeliveries";
import { EmailSection } from "~/components/settings/EmailSection";
import { NotificationsSection } from "~/components/settings/NotificationsSection";
import { ProfileSection } from "~/components/settings/ProfileSection";
import { handleSettingsAction } from "~/components/settings/settings-actions.server";
import { UsersSection } from "~/components/settings/UsersSection";
import { SetupChecklistCard } from "~/components/settings/SetupChecklistCard";
import { loadOnboarding } from "../../../server/onboarding/checklist.server.ts";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireOwner } from "~/lib/session.server";
import { BillingSection } from "~/components/billing/BillingSection";
import { getBillingOverview } from "../../../server/billing/overview.server.ts";
import { ApiKeysSection } from "~/components/settings/ApiKeysSection";
import { loadApiKeysSection } from "~/components/settings/api-keys.server";
import { IntegrationsSection } from "~/components/settings/IntegrationsSection";
import { loadIntegrationsSection } from "~/components/settings/integrations.server";

export const meta = workspaceMeta("Settings");

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

function sectionOf(tab: string | null): Section {
  return SECTIONS.find((section) => section.tab === tab) ?? SECTIONS[0];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db, env } = context.services;
  const businessId = workspace.business.id;
  const tab = sectionOf(new URL(request.url).searchParams.get("tab")).tab;
  const settings = await getBusinessSettings(db, businessId);
  if (!settings) throw new Response("Not found", { status: 404 });
  const team =
    tab === "users"
      ? {
          members: await listMembers(db, businessId),
          invites: await listPendingInvites(db, businessId),
          timeZone: workspace.business.timeZone,
        }
      : null;
  const mailFromAddress = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  const mailFromName = /^\s*"?([^"<]*?)"?\s*</.exec(env.MAIL_FROM)?.[1] || "LeadBroom";
  const billing = tab === "billing" ? await getBillingOverview(context.services, businessId) : null;
  const apiKeys = tab === "api" ? await loadApiKeysSection(context, workspace) : null;
  const integrations = tab === "integrations" ? await loadIntegrationsSection(context, workspace) : null;
  const deliveries = tab === "email" ? await listEmailDeliveries(db, businessId) : null;
  const onboarding = tab === "profile" ? await loadOnboarding(db, businessId) : null;
  const sandbox = workspace.business.sandboxExpiresAt !== null;
  return { sandbox, settings, team, billing, apiKeys, integrations, deliveries, onboarding, timeZone: workspace.business.timeZone, currentUserId: workspace.userId, mailFromAddress, mailFromName, now: new Date().toISOString() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  return handleSettingsAction({ request, context, workspace });
}

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function SettingsLayout({ current, children }: { current: Section | null; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-slate-600">Manage your business, team, notifications and subscription.</p>
      </header>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[15rem_1fr]">
        <nav aria-label="Settings" className="min-w-0 md:self-start">
          <ul className="flex gap-1 overflow-x-auto rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 md:flex-col">
            {SECTIONS.map((section) => {
              const selected = section.tab === current?.tab;
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
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

/** Sections not built here (billing arrives with its own issue). */
const PLACEHOLDERS: Partial<Record<Section["tab"], string>> = {
  billing:
    "Your current plan, payment methods and billing history, with a link to manage your subscription in the billing portal.",
};

function UnderDevelopment({ section }: { section: Section }) {
  const placeholder = PLACEHOLDERS[section.tab];
  if (placeholder) return <ComingSoon title={section.label} description={placeholder} />;
  return (
    <section aria-labelledby="settings-section-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="settings-section-heading" className="text-xl font-semibold text-slate-900">
        {section.label}
      </h2>
      <p className="mt-2 text-slate-700">This section is under development. Please check back soon.</p>
    </section>
  );
}

export default function SettingsPage() {
  const { sandbox, settings, team, billing, apiKeys, integrations, deliveries, onboarding, timeZone, currentUserId, mailFromAddress, mailFromName, now } =
    useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const current = sectionOf(searchParams.get("tab"));

  let content: React.ReactNode;
  switch (current.tab) {
    case "profile":
      content = (
        <div className="space-y-6">
          <ProfileSection profile={settings.profile} />
          {onboarding ? <SetupChecklistCard onboarding={onboarding} /> : null}
        </div>
      );
      break;
    case "users":
      content = team ? (
        <UsersSection members={team.members} invites={team.invites} currentUserId={currentUserId} timeZone={team.timeZone} now={now} sandbox={sandbox} />
      ) : null;
      break;
    case "notifications":
      content = <NotificationsSection preferences={settings.notifications} />;
      break;
    case "email":
      content = (
        <div className="space-y-6">
          <EmailSection
            values={settings.email}
            businessName={settings.profile.name}
            mailFromAddress={mailFromAddress}
            mailFromName={mailFromName}
          />
          <EmailDeliveries deliveries={deliveries ?? []} timeZone={timeZone} sandbox={sandbox} />
        </div>
      );
      break;
    case "billing":
      content = billing ? <BillingSection overview={billing} sandbox={sandbox} /> : null;
      break;
    case "api":
      content = apiKeys ? <ApiKeysSection {...apiKeys} /> : null;
      break;
    case "integrations":
      content = integrations ? <IntegrationsSection {...integrations} /> : null;
      break;
    default:
      content = <UnderDevelopment section={current} />;
  }
  return <SettingsLayout current={current}>{content}</SettingsLayout>;
}

/** Support staff (403) see why instead of the settings; anything else is reported plainly. */
export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="mx-auto max-w-3xl">
      <section role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">{forbidden ? "Settings are for owners" : "Settings could not be loaded"}</h1>
        <p className="mt-2 text-slate-700">
          {forbidden
            ? "Only the business owner can view or change settings, team access and billing. Ask an owner if something needs to change."
            : "Please try again in a moment."}
        </p>
        <p className="mt-4">
          <Link to="/app/leads" className={`font-semibold text-brand-700 underline ${focusRing}`}>
            Go to your leads
          </Link>
        </p>
      </section>
    </div>
  );
}
