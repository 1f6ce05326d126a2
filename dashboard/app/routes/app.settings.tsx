// Settings (spec §2.14): a section menu addressed by ?tab=, one component per section in
// components/settings/. Owners only: support staff get 403 from the loader and the action (DESIGN §5).
import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, useSearchParams } from "@remix-run/react";
import { getBusinessSettings, updateBusinessSettings } from "#server/businesses/settings.server.ts";
import { removeLogo, storeLogo } from "#server/businesses/logo-files.server.ts";
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from "#shared/businesses/logo-type.ts";
import { emailSettingsSchema, notificationPreferencesSchema } from "#shared/businesses/preferences.ts";
import { businessProfileSchema, SETTINGS_SAVE_FAILED, SETTINGS_SAVED } from "#shared/businesses/profile.ts";
import { failure, failureStatus, parseFormData, success, type ActionResult, type DomainFailure } from "#shared/forms/action-result.ts";
import { loadOnboarding, setOnboardingDismissed } from "#server/onboarding/checklist.server.ts";
import { createInvite, listPendingInvites, resendInvite, revokeInvite } from "#server/team/invites.server.ts";
import { changeMemberRole, listMembers, removeMember } from "#server/team/members.server.ts";
import { changeRoleSchema, inviteIdSchema, inviteSchema, memberIdSchema } from "#shared/team/team-input.ts";
import type { SettingsActionResult } from "~/components/settings/ui";
import { listEmailDeliveries } from "#server/mail/deliveries.server.ts";
import { EmailDeliveries } from "~/components/settings/EmailDeliveries";
import { EmailSection } from "~/components/settings/EmailSection";
import { NotificationsSection } from "~/components/settings/NotificationsSection";
import { PushDevicesSection } from "~/components/settings/PushDevicesSection";
import { ProfileSection } from "~/components/settings/ProfileSection";
import { UsersSection } from "~/components/settings/UsersSection";
import { SetupChecklistCard } from "~/components/settings/SetupChecklistCard";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireOwner } from "~/lib/session.server";
import { BillingSection } from "~/components/billing/BillingSection";
import { getBillingOverview } from "#server/billing/overview.server.ts";
import { ApiKeysSection } from "~/components/settings/ApiKeysSection";
import { loadApiKeysSection } from "#server/api/api-keys-section.server.ts";
import { IntegrationsSection } from "~/components/settings/IntegrationsSection";
import { loadIntegrationsSection } from "#server/webhooks/integrations-section.server.ts";

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

// ---- The action: one case per intent, each answering `{ intent } & ActionResult` ----------------------

const answer = (intent: string, result: ActionResult, status = 200) => data<SettingsActionResult>({ intent, ...result }, { status });

function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

/** A domain refusal: 404 for another business's ids (as a thrown response), else its status. */
function refused(intent: string, result: DomainFailure, fieldErrors?: Record<string, string>) {
  if (result.reason === "not_found") notFound();
  return answer(intent, failure(result.error, fieldErrors), failureStatus(result.reason));
}

/** Reads the posted form: multipart (the logo upload, capped in memory) or urlencoded. */
async function readForm(request: Request): Promise<FormData | "too-large"> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return request.formData();
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > LOGO_MAX_BYTES + 64 * 1024) return "too-large";
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: LOGO_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return "too-large";
    throw error;
  }
}

const SETTINGS_FORMS = { profile: businessProfileSchema, notifications: notificationPreferencesSchema, email: emailSettingsSchema } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db, jobs, env, logger } = context.services;
  const businessId = workspace.business.id;
  const form = await readForm(request);
  if (form === "too-large") return answer("logo-upload", failure(LOGO_MESSAGES.tooLarge), 413);
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "show-onboarding":
      await setOnboardingDismissed(db, businessId, false);
      throw redirect("/app/dashboard");
    case "profile":
    case "notifications":
    case "email": {
      const parsed = parseFormData(form, SETTINGS_FORMS[intent]);
      if (!parsed.ok) return answer(intent, failure(`${SETTINGS_SAVE_FAILED} ${parsed.error}`.trim(), parsed.fieldErrors), 400);
      await updateBusinessSettings(db, businessId, parsed.value);
      return answer(intent, success(undefined, SETTINGS_SAVED));
    }

    case "logo-upload":
    case "logo-remove": {
      const deps = { db, dataDir: env.DATA_DIR, logger };
      const result = intent === "logo-upload" ? await storeLogo(deps, businessId, form.get("logo")) : await removeLogo(deps, businessId);
      if (!result.ok) return refused(intent, result);
      return answer(intent, success(undefined, intent === "logo-upload" ? LOGO_MESSAGES.saved : LOGO_MESSAGES.removed));
    }

    case "invite": {
      const parsed = parseFormData(form, inviteSchema);
      if (!parsed.ok) return answer(intent, parsed, 400);
      const result = await createInvite({ db, jobs }, { businessId, inviterUserId: workspace.userId, input: parsed.value });
      if (!result.ok) return refused(intent, result, { email: result.error });
      return answer(intent, success(undefined, `Invitation sent to ${result.invite.email}.`));
    }
    case "invite-revoke":
    case "invite-resend": {
      const parsed = parseFormData(form, inviteIdSchema);
      if (!parsed.ok) return answer(intent, failure(parsed.error), 400);
      if (intent === "invite-revoke") {
        const result = await revokeInvite(db, { businessId, inviteId: parsed.value.inviteId });
        if (!result.ok) return refused(intent, result);
        return answer(intent, success(undefined, "Invitation revoked."));
      }
      const result = await resendInvite({ db, jobs }, { businessId, inviteId: parsed.value.inviteId, inviterUserId: workspace.userId });
      if (!result.ok) return refused(intent, result);
      return answer(intent, success(undefined, `Invitation sent again to ${result.invite.email}.`));
    }

    case "member-role": {
      const parsed = parseFormData(form, changeRoleSchema);
      if (!parsed.ok) return answer(intent, failure(parsed.error), 400);
      const result = await changeMemberRole(db, { businessId, ...parsed.value });
      if (!result.ok) return refused(intent, result);
      if (result.changed) context.realtime.memberRoleChanged(businessId, result.userId, parsed.value.role);
      return answer(intent, success(undefined, "Role updated."));
    }
    case "member-remove": {
      const parsed = parseFormData(form, memberIdSchema);
      if (!parsed.ok) return answer(intent, failure(parsed.error), 400);
      const result = await removeMember(db, { businessId, memberId: parsed.value.memberId, actorUserId: workspace.userId });
      if (!result.ok) return refused(intent, result);
      context.realtime.memberRemoved(businessId, result.userId);
      return answer(intent, success(undefined, "Member removed. Their sessions have ended."));
    }

    default:
      return answer(intent, failure("Unknown action."), 400);
  }
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
      content = (
        <div className="space-y-6">
          <NotificationsSection preferences={settings.notifications} />
          <PushDevicesSection />
        </div>
      );
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
