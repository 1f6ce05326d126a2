import { redirect } from "@remix-run/node";

/** /documentation lives on the resources page. */
export const loader = () => redirect("/resources#documentation");

// A UI route (not a resource route), so client-side <Link> navigations follow the redirect.
export default function Documentation() {
  return null;
}
