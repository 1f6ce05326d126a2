import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_site";

export type SiteData = { contactEmail: string; schedulingUrl: string };

/** The team's contact address and the scheduling page, from configuration (CONTACT_EMAIL, SCHEDULING_URL). */
export function useSiteData(): SiteData {
  return useRouteLoaderData<typeof loader>("routes/_site") ?? { contactEmail: "hello@leadbroom.com", schedulingUrl: "" };
}
