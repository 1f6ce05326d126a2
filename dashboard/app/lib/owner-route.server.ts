// The loader and action of an owners-only page whose work is one domain function of the section: the
// owner is checked (requireOwner: 403 for support staff, the sign-in redirect without a session),
// then the function gets the load context and the workspace.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { Workspace } from "#server/businesses/workspace.server.ts";
import { requireOwner } from "./session.server";

export function ownerLoader<T>(load: (context: AppLoadContext, workspace: Workspace) => Promise<T>) {
  return async ({ request, context }: LoaderFunctionArgs) => load(context, await requireOwner(request, context));
}

export function ownerAction<T>(handle: (args: { request: Request; context: AppLoadContext; workspace: Workspace }) => Promise<T>) {
  return async ({ request, context }: ActionFunctionArgs) => handle({ request, context, workspace: await requireOwner(request, context) });
}
