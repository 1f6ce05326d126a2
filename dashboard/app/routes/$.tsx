import { redirect } from "@remix-run/node";

/** Any unknown path redirects to / (spec §2.1). */
export const loader = () => redirect("/");
export const action = () => redirect("/");
