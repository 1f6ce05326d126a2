// Requests a component sends itself, outside the router (decisions 0107, 0108), to a JSON route that
// answers a signed-out browser with a redirect (to /login; no plan: /pricing). fetch() follows that
// redirect and gets the sign-in page's HTML. A Remix fetcher would have navigated there instead, and so
// does this: the browser leaves for the redirect's target, to come back to the page it is on (not to the
// JSON route it asked) afterwards.

/** The answer is JSON (the route's own), by its Content-Type. */
export function isJsonAnswer(res: Response): boolean {
  return (res.headers.get("Content-Type") ?? "").includes("json");
}

/** The answer is a page the request was sent on to, not the route's JSON. */
export function isRedirectedAway(res: Response): boolean {
  return res.redirected && !isJsonAnswer(res);
}

/**
 * Goes to `target`, with its `redirectTo` (when it has one) set to this page. Never settles: the request
 * stays in flight while the page is left.
 */
export function leaveFor(target: string): Promise<never> {
  const to = new URL(target);
  if (to.searchParams.has("redirectTo")) to.searchParams.set("redirectTo", `${window.location.pathname}${window.location.search}`);
  window.location.assign(to.toString());
  return new Promise<never>(() => {});
}
