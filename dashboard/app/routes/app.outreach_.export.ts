// Export CSV (spec §2.14): the prospects Find Prospects shows (all without a filter), in the columns the
// import reads. Pro only: 403 below Pro, whatever the page shows.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireWorkspace } from "~/lib/session.server";
import { exportProspects } from "#server/outreach/prospects.server.ts";
import { parseProspectFilter } from "#server/outreach/prospect-filter.ts";
import { EXPORT_FILE_NAME } from "#server/outreach/prospect-csv.ts";
import { requireOutreach } from "#server/outreach/outreach-page.server.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  requireOutreach(workspace.business);
  const csv = await exportProspects(context.services.db, {
    businessId: workspace.business.id,
    filter: parseProspectFilter(new URL(request.url).searchParams),
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${EXPORT_FILE_NAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
