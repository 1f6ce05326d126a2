// Settings (spec §2.14): the layout of the section menu, with each section its own nested route
// (`app.settings.<path>.tsx`, its own loader and action) rendered in the <Outlet/>. The menu is
// SETTINGS_SECTIONS (components/settings/sections.ts). Owners only: support staff get 403 from this
// loader and from every section's loader and action (DESIGN §5).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, NavLink, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { focusRing } from "~/components/forms";
import { settingsHref, SETTINGS_SECTIONS } from "~/components/settings/sections";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireOwner } from "~/lib/session.server";

export const meta = workspaceMeta("Settings");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOwner(request, context);
  // BILLING=off (decision 0072): the Billing & Subscription section is not offered.
  return { billing: context.services.env.BILLING !== "off" };
}

function SettingsNav({ billing }: { billing: boolean }) {
  return (
    <nav aria-label="Settings" className="min-w-0 md:self-start">
      <ul className="flex gap-1 overflow-x-auto rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 md:flex-col">
        {SETTINGS_SECTIONS.filter((section) => billing || section.path !== "billing").map((section) => (
          <li key={section.path} className="shrink-0">
            <NavLink
              to={settingsHref(section.path)}
              preventScrollReset
              className={({ isActive }) =>
                [
                  "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap",
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                  focusRing,
                ].join(" ")
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function SettingsLayout() {
  const { billing } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-slate-600">{billing ? "Manage your business, team, notifications and subscription." : "Manage your business, team and notifications."}</p>
      </header>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[15rem_1fr]">
        <SettingsNav billing={billing} />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
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
