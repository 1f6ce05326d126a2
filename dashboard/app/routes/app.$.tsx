import { redirect } from "@remix-run/node";

/** Unknown workspace page keys fall back to the dashboard (spec §2.14). */
export const loader = () => redirect("/app/dashboard");
