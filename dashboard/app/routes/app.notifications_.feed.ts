// /app/notifications/feed: the data of the top bar's notification centre and of the notifications page,
// as JSON. GET lists the signed-in user's notifications with read flags; POST marks one, several
// (intent=mark-read, id=…) or all (intent=mark-all-read) read for this user only. The business and the
// user come from the session, never from the request.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  countUnread,
  listNotifications,
  markNotificationsRead,
} from "#server/notifications/notifications.server.ts";
import { requireWorkspace } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const scope = { businessId: workspace.business.id, userId: workspace.userId };
  const [notifications, unreadCount] = await Promise.all([
    listNotifications(context.services.db, scope),
    countUnread(context.services.db, scope),
  ]);
  return json({ notifications, unreadCount, now: new Date().toISOString() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const form = await request.formData();
  const intent = form.get("intent");
  const scope = { businessId: workspace.business.id, userId: workspace.userId };
  let marked: number;
  if (intent === "mark-all-read") {
    marked = await markNotificationsRead(context.services.db, scope);
  } else if (intent === "mark-read") {
    const ids = form.getAll("id").filter((value): value is string => typeof value === "string" && value.length > 0).slice(0, 100);
    if (ids.length === 0) throw new Response("No notification given", { status: 400 });
    marked = await markNotificationsRead(context.services.db, { ...scope, ids });
  } else {
    throw new Response("Unknown intent", { status: 400 });
  }
  return json({ ok: true as const, marked, unreadCount: await countUnread(context.services.db, scope) });
}
