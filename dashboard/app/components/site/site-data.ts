import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_site";

export type SiteData = { contactEmail: string; schedulingUrl: string; siteChatbotKey: string };

/** The team's contact address, the scheduling page and the site's own chatbot, from configuration. */
export function useSiteData(): SiteData {
  return useRouteLoaderData<typeof loader>("routes/_site") ?? { contactEmail: "hello@leadbroom.com", schedulingUrl: "", siteChatbotKey: "" };
}
