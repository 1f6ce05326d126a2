// Settings → Billing & Subscription (spec §2.14, §4, §8): plan, usage, payment methods, invoices. Its
// actions are the JSON endpoints /api/subscribe, /api/add-payment-method and /api/billing-portal.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getBillingOverview } from "#server/billing/overview.server.ts";
import { BillingSection } from "~/components/billing/BillingSection";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  // BILLING=off (decision 0072): no billing screen; the menu does not offer it either.
  if (context.services.env.BILLING === "off") throw new Response("Billing is turned off on this server.", { status: 404 });
  return {
    billing: await getBillingOverview(context.services, workspace.business.id),
    sandbox: workspace.business.sandboxExpiresAt !== null,
  };
}

export default function BillingSettings() {
  const { billing, sandbox } = useLoaderData<typeof loader>();
  return <BillingSection overview={billing} sandbox={sandbox} />;
}
