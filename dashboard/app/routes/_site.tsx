import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { SiteFooter } from "~/components/site/SiteFooter";
import { SiteHeader } from "~/components/site/SiteHeader";
import { SiteWidget } from "~/components/site/SiteWidget";
import { useSiteData, type SiteData } from "~/components/site/site-data";
import { useRootData } from "~/root";

/** The demo business's site key (DESIGN §5): the public site runs LeadBroom's own chatbot. */
export const PUBLIC_SITE_WIDGET_KEY = "demo";

export function loader({ context }: LoaderFunctionArgs): SiteData {
  const { env } = context.services;
  return { contactEmail: env.CONTACT_EMAIL, schedulingUrl: env.SCHEDULING_URL };
}

/** Public pages: sticky header, content, footer (spec §2.3), and our own chat widget. */
export default function SiteLayout() {
  const root = useRootData();
  const site = useSiteData();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader signedIn={Boolean(root?.user)} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter contactEmail={site.contactEmail} />
      <SiteWidget siteKey={PUBLIC_SITE_WIDGET_KEY} />
    </div>
  );
}
