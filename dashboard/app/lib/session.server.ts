// Guards for loaders and actions (Epic Stack style): they read the session cookie, look the session
// up in the database and throw redirects when the caller may not proceed.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { createSession, getSessionUser, revokeSession, type SessionUser } from "#server/auth/sessions.server.ts";
import { hashToken } from "#server/auth/tokens.server.ts";
import { getWorkspace, type Workspace } from "#server/businesses/workspace.server.ts";
import { findSandbox } from "#server/demo/sandbox.server.ts";

export async function getSessionToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await context.services.sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/**
 * Reads (GET/HEAD) look the session and the workspace up once per request, however many of the page's
 * loaders ask; an action always reads afresh (the loaders after it run as a new GET request).
 */
function once<T>(request: Request, context: AppLoadContext, key: string, load: () => Promise<T>): Promise<T> {
  const memo = context.requestMemo;
  if (!memo || (request.method !== "GET" && request.method !== "HEAD")) return load();
  return memo.get(key, load);
}

export async function getOptionalUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const token = await getSessionToken(request, context);
  return once(request, context, `user:${token ?? ""}`, () => getSessionUser(context.services.db, token));
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/** The signed-in user's workspace, or null (signed out, or no longer a member of a business). */
export async function getOptionalWorkspace(request: Request, context: AppLoadContext): Promise<Workspace | null> {
  const user = await getOptionalUser(request, context);
  return user ? workspaceOf(request, context, user.userId) : null;
}

function workspaceOf(request: Request, context: AppLoadContext, userId: string): Promise<Workspace | null> {
  return once(request, context, `workspace:${userId}`, () => getWorkspace(context.services.db, userId));
}

/** The signed-in user's workspace, or a redirect to /login that returns here after sign-in. */
export async function requireWorkspace(
  request: Request,
  context: AppLoadContext,
  options: { requireSubscription?: boolean } = {},
): Promise<Workspace> {
  const user = await getOptionalUser(request, context);
  if (!user) throw (await expiredSandboxRedirect(request, context)) ?? loginRedirect(request);
  const workspace = await workspaceOf(request, context, user.userId);
  if (workspace?.business.sandboxExpiresAt && workspace.business.sandboxExpiresAt.getTime() <= Date.now()) {
    // A demo sandbox past its 24 hours (its deletion job is due): signed out, told why on /login.
    await endSession(context, await getSessionToken(request, context));
    throw await sandboxExpiredResponse(context);
  }
  if (!workspace) {
    // Signed in but no longer a member of any business (removed from the team): the session ends here,
    // otherwise /login would send the still-signed-in user back to /app in a loop.
    await endSession(context, await getSessionToken(request, context));
    const response = loginRedirect(request);
    response.headers.append("Set-Cookie", await context.services.sessionCookie.serialize("", { maxAge: 0 }));
    throw response;
  }
  if (options.requireSubscription && !workspace.subscribed) {
    const url = new URL(request.url);
    throw redirect(`/pricing?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
  }
  return workspace;
}

/** The browser's demo sandbox (lb_sandbox cookie), if it has one: its business id. */
export async function getSandboxId(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await context.services.sandboxCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** /login with the expired-sandbox message, both cookies cleared. */
export async function sandboxExpiredResponse(context: AppLoadContext): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await context.services.sessionCookie.serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await context.services.sandboxCookie.serialize("", { maxAge: 0 }));
  return redirect("/login?sandbox=expired", { headers });
}

/** Signed out with a sandbox cookie whose sandbox is gone (deleted with its sessions): say so on /login. */
async function expiredSandboxRedirect(request: Request, context: AppLoadContext): Promise<Response | null> {
  const sandboxId = await getSandboxId(request, context);
  if (!sandboxId) return null;
  const sandbox = await findSandbox(context.services.db, sandboxId);
  return sandbox.status === "expired" ? sandboxExpiredResponse(context) : null;
}

/**
 * Owners only (settings, chatbot, billing): support staff get 403, enforced here on the server,
 * whatever the page shows.
 */
export async function requireOwner(
  request: Request,
  context: AppLoadContext,
  options: { requireSubscription?: boolean } = {},
): Promise<Workspace> {
  const workspace = await requireWorkspace(request, context, options);
  if (workspace.role !== "owner") {
    throw new Response("Only the business owner can do this.", { status: 403 });
  }
  return workspace;
}

/** For /login and /register: a signed-in visitor goes straight to the workspace. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<void> {
  if (await getOptionalUser(request, context)) throw redirect("/app");
}

/** Starts a new session (a fresh token at every sign-in) and redirects with its cookie. */
export async function signInAndRedirect(
  request: Request,
  context: AppLoadContext,
  userId: string,
  redirectTo: string,
): Promise<Response> {
  const previous = await getSessionToken(request, context);
  if (previous) await endSession(context, previous);
  const { token } = await createSession(context.services.db, userId, {
    ipAddress: context.clientIp,
    userAgent: request.headers.get("User-Agent") ?? undefined,
  });
  return redirect(redirectTo, {
    headers: { "Set-Cookie": await context.services.sessionCookie.serialize(token) },
  });
}

/** Deletes the session's row and closes its open workspace sockets (issue 13). */
async function endSession(context: AppLoadContext, token: string | null): Promise<void> {
  if (!token) return;
  await revokeSession(context.services.db, token);
  context.realtime.sessionEnded(hashToken(token));
}

export async function signOutAndRedirect(request: Request, context: AppLoadContext): Promise<Response> {
  await endSession(context, await getSessionToken(request, context));
  return redirect("/", {
    headers: { "Set-Cookie": await context.services.sessionCookie.serialize("", { maxAge: 0 }) },
  });
}
