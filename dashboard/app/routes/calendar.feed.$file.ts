// GET /calendar/feed/{token}.ics: a member's private iCal feed (issue 31), for Google, Outlook or Apple
// Calendar to subscribe to. The token is the only key (its hash is stored); revoking it ends the feed.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeed } from "#server/appointments/views.server.ts";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = (params.file ?? "").replace(/\.ics$/, "");
  const body = await calendarFeed(context.services.db, token, context.services.env.PUBLIC_APP_URL, new Date());
  if (body === null) return new Response("Calendar feed not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, { headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300", "X-Robots-Tag": "noindex" } });
}
