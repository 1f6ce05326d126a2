import { redirect } from "@remix-run/node";

/** /guides lives on the resources page. */
export const loader = () => redirect("/resources#guides");

// A UI route (not a resource route), so client-side <Link> navigations follow the redirect.
export default function Guides() {
  return null;
}
