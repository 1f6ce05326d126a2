import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { WorkspaceShell } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "LeadBroom workspace" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return {
    workspace: {
      displayName: workspace.displayName,
      email: workspace.email,
      role: workspace.role,
      businessName: workspace.business.name,
    },
    // Notifications arrive with the workspace issue (#4); until then there is nothing unread.
    hasUnreadNotifications: false,
  };
}

export type WorkspaceLayoutData = Awaited<ReturnType<typeof loader>>;

export default function WorkspaceLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <WorkspaceShell workspace={data.workspace} hasUnreadNotifications={data.hasUnreadNotifications}>
      <Outlet />
    </WorkspaceShell>
  );
}
