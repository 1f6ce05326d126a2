// The route pattern of a request to the Remix app (`/app/leads/:leadId`, never `/app/leads/clx…`): the
// HTTP metrics' `route` label and the access log's, so neither holds ids, tokens or unbounded values.
// Matched with Remix's own router against the build's route manifest, as Remix matches the request.
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** A function from a request path to its route pattern ("/*" for the not-found route). */
export function remixRoutePatterns(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  const routes = Object.values(build.routes as Record<string, ManifestRoute | undefined>).filter((r): r is ManifestRoute => Boolean(r));
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true as const, path: r.path, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) },
      );
  const roots = tree(undefined);
  return (pathname) => {
    // Single fetch's data requests name the page they load: `/app/leads.data`, `/_root.data` for `/`.
    const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    const matches = matchRoutes(roots, page);
    if (!matches) return "unmatched";
    return `/${matches.map((m) => m.route.path ?? "").filter(Boolean).join("/")}`.replace(/\/{2,}/g, "/");
  };
}
