// Title, description, canonical URL and Open Graph tags for a public page. The canonical address is
// PUBLIC_APP_URL (from the root loader's public env) plus the page's path.
import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

type RootMatchData = { env?: { PUBLIC_APP_URL?: string } } | undefined;

export const SITE_NAME = "LeadBroom";

/** The public base URL as the root loader exposes it (no trailing slash). */
export function baseUrlFromMatches(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((match) => match.id === "root")?.data as RootMatchData;
  return (root?.env?.PUBLIC_APP_URL ?? "").replace(/\/+$/, "");
}

export function seoTags(options: { title: string; description: string; url: string; type?: "website" | "article" }): MetaDescriptor[] {
  return [
    { title: options.title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: options.url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: options.url },
    { name: "twitter:card", content: "summary" },
  ];
}

/** Meta for a page whose title and description are fixed: "{title} · LeadBroom". */
export function pageMeta(title: string, description: string, options: { fullTitle?: boolean } = {}): MetaFunction {
  return ({ location, matches }) =>
    seoTags({
      title: options.fullTitle ? title : `${title} · ${SITE_NAME}`,
      description,
      url: `${baseUrlFromMatches(matches)}${location.pathname === "/" ? "/" : location.pathname.replace(/\/+$/, "")}`,
    });
}
