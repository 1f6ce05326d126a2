// /app/settings: the first section; an old address /app/settings?tab=x (links in sent mails, the
// billing portal's return) goes to that section's own URL with its other query parameters.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { sectionUrlOf } from "~/components/settings/sections";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOwner(request, context);
  throw redirect(sectionUrlOf(new URL(request.url).searchParams));
}

/** The old single form target: each section now answers its own posts (owners only, as everywhere). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireOwner(request, context);
  throw new Response("Post to the section's own address, e.g. /app/settings/profile.", { status: 405 });
}
