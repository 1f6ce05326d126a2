import { Outlet } from "@remix-run/react";
import { SiteFooter } from "~/components/site/SiteFooter";
import { SiteHeader } from "~/components/site/SiteHeader";
import { useRootData } from "~/root";

/** Public pages: sticky header, content, footer (spec §2.3). */
export default function SiteLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader signedIn={Boolean(root?.user)} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
