// Leads → Export CSV: the leads the list's filters match, with the answers to the owner's own chatbot
// questions (decision 0062). Needs a subscription like the lead page: an expired trial's lead details
// wait behind /pricing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireWorkspace } from "~/lib/session.server";
import { exportLeads, leadsFileName } from "#server/leads/leads-csv.server.ts";
import { parseLeadListQuery } from "#shared/leads/lead-filters.ts";
import { todayIn } from "~/components/leads/format";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context, { requireSubscription: true });
  const { timeZone } = workspace.business;
  const csv = await exportLeads(context.services.db, workspace.business.id, parseLeadListQuery(new URL(request.url).searchParams), timeZone);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${leadsFileName(todayIn(timeZone))}"`,
      "Cache-Control": "no-store",
    },
  });
}
