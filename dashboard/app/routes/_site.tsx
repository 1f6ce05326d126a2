import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLocation } from "@remix-run/react";
import { SiteFooter } from "~/components/site/SiteFooter";
import { SiteHeader } from "~/components/site/SiteHeader";
import { SiteWidget } from "~/components/site/SiteWidget";
import { useSiteData, type SiteData } from "~/components/site/site-data";
import { useRootData } from "~/root";

export function loader({ context }: LoaderFunctionArgs): SiteData {
  const { env } = context.services;
  // LeadBroom's own chatbot (SITE_CHATBOT_KEY): a business no public account belongs to (issue 13).
  return { contactEmail: env.CONTACT_EMAIL, schedulingUrl: env.SCHEDULING_URL, siteChatbotKey: env.SITE_CHATBOT_KEY };
}

/** Pages where no chat runs: a chat opened there would sit next to passwords and one-time tokens. */
const NO_CHAT_PAGES = ["/login", "/register", "/reset-password"];

/** Public pages: sticky header, content, footer (spec §2.3), and our own chat widget. */
export default function SiteLayout() {
  const root = useRootData();
  const site = useSiteData();
  const { pathname } = useLocation();
  const chat = !NO_CHAT_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader signedIn={Boolean(root?.user)} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter contactEmail={site.contactEmail} />
      {chat && site.siteChatbotKey ? <SiteWidget siteKey={site.siteChatbotKey} /> : null}
    </div>
  );
}
