// /app/settings: the first section; an old address /app/settings?tab=x (links in sent mails, the
// billing portal's return) goes to that section's own URL with its other query parameters.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { sectionUrlOf } from "~/components/settings/sections";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOwner(request, context);
  throw redirect(sectionUrlOf(new URL(request.url).searchParams));
}
