// GET /app/analytics/export?period=…: the Analytics page's tables as analytics-{YYYY-MM-DD}.csv (the
// business's local date), written on the server by csv-stringify (server/analytics/analytics-csv.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import { analyticsCsv, analyticsFileName } from "#server/analytics/analytics-csv.ts";
import { parseAnalyticsPeriod } from "#shared/analytics/analytics-period.ts";
import { localIsoDate, safeTimeZone } from "#shared/time/calendar.ts";
import { requireWorkspace } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const period = parseAnalyticsPeriod(new URL(request.url).searchParams.get("period"));
  const now = new Date();
  const timeZone = safeTimeZone(workspace.business.timeZone);
  try {
    const report = await analyticsReport(context.services.db, { businessId: workspace.business.id, timeZone, period, now });
    return new Response(analyticsCsv(report), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${analyticsFileName(localIsoDate(now, timeZone))}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    context.services.logger.error("[analytics] the export failed", error);
    return new Response("Failed to load analytics data. Please try again.", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
