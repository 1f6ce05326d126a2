import { hasPersonName, memberInitials, memberLabel } from "#shared/auth/person-name.ts";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { WorkspaceShell } from "~/components/workspace/WorkspaceShell";
import { PwaSupport } from "~/components/workspace/PwaSupport";
import { requireWorkspace } from "~/lib/session.server";
import { hasUnreadNotifications } from "#server/notifications/notifications.server.ts";

export const meta: MetaFunction = () => [{ title: "LeadBroom workspace" }, { name: "robots", content: "noindex" }];

// The installable workspace (DESIGN §20): its manifest and colour on every /app page.
export const links: LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const unread = await hasUnreadNotifications(context.services.db, {
    businessId: workspace.business.id,
    userId: workspace.userId,
  });
  return {
    workspace: {
      displayName: memberLabel(workspace),
      initials: memberInitials(workspace),
      hasName: hasPersonName(workspace),
      email: workspace.email,
      role: workspace.role,
      businessName: workspace.business.name,
      sandbox: workspace.business.sandboxExpiresAt
        ? { expiresAt: workspace.business.sandboxExpiresAt.toISOString(), timeZone: workspace.business.timeZone }
        : null,
      deletion: workspace.business.deletionScheduledFor
        ? { scheduledFor: workspace.business.deletionScheduledFor.toISOString(), timeZone: workspace.business.timeZone }
        : null,
    },
    // Computed from the database: a notification is unread until this user marks it read.
    hasUnreadNotifications: unread,
  };
}

export type WorkspaceLayoutData = Awaited<ReturnType<typeof loader>>;

export default function WorkspaceLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <WorkspaceShell workspace={data.workspace} hasUnreadNotifications={data.hasUnreadNotifications}>
      <Outlet />
      <PwaSupport />
    </WorkspaceShell>
  );
}
