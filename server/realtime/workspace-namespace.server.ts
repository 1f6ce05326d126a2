// Namespace /workspace (DESIGN §3): signed-in users, authenticated by the session cookie, each joined
// to the room of their business. Only the app's own origin may connect (no cross-site hijacking).
// A socket lives no longer than its session (issue 13): it joins a room named by its session and one
// by its user, which sign-out, a password reset and member removal disconnect (on every instance with
// the Redis adapter), and every SESSION_RECHECK_MS the sessions of all open sockets are checked in one
// query, so an expired or deleted session is cut off even when nobody announced it.
import type { Cookie } from "@remix-run/node";
import type { Namespace, Server } from "socket.io";
import { getSessionUser } from "../auth/sessions.server.ts";
import { hashToken } from "../auth/tokens.server.ts";
import { getWorkspace } from "../businesses/workspace.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import { normalizeOrigin } from "../chatbots/origin.ts";
import {
  businessRoom,
  memberRoom,
  WORKSPACE_NAMESPACE,
  type WorkspaceClientToServerEvents,
  type WorkspaceServerToClientEvents,
} from "./protocol.ts";

// The role is not kept on the socket: nothing a socket receives depends on it, and a copy would go stale
// when an owner changes it (the member's pages are told to reload instead: "member:updated").
type SocketData = { userId: string; businessId: string; sessionTokenHash: string };

/** The room of the sockets of one session (by the hash of its token, which is all the server keeps). */
export function sessionRoom(tokenHash: string): string {
  return `session:${tokenHash}`;
}

/** The room of every socket of one user, whichever session. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

export type WorkspaceNamespace = Namespace<
  WorkspaceClientToServerEvents,
  WorkspaceServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export function registerWorkspaceNamespace(
  io: Server,
  deps: { db: Db; sessionCookie: Cookie; appUrl: string; logger: Logger; sessionRecheckMs: number },
): WorkspaceNamespace {
  const nsp = io.of(WORKSPACE_NAMESPACE) as unknown as WorkspaceNamespace;
  const appOrigin = normalizeOrigin(deps.appUrl);

  nsp.use(async (socket, next) => {
    try {
      const origin = socket.handshake.headers.origin;
      if (origin !== undefined && normalizeOrigin(origin) !== appOrigin) return next(new Error("origin_not_allowed"));
      const token: unknown = await deps.sessionCookie.parse(socket.handshake.headers.cookie ?? null);
      const user = await getSessionUser(deps.db, typeof token === "string" ? token : null);
      if (!user) return next(new Error("unauthorized"));
      const workspace = await getWorkspace(deps.db, user.userId);
      if (!workspace) return next(new Error("unauthorized"));
      socket.data = { userId: user.userId, businessId: workspace.business.id, sessionTokenHash: hashToken(token as string) };
      next();
    } catch (error) {
      deps.logger.error("[workspace] handshake failed", error);
      next(new Error("server_error"));
    }
  });

  nsp.on("connection", (socket) => {
    void socket.join([
      businessRoom(socket.data.businessId),
      memberRoom(socket.data.businessId, socket.data.userId),
      sessionRoom(socket.data.sessionTokenHash),
      userRoom(socket.data.userId),
    ]);
  });

  // The periodic re-check: this instance's sockets whose session is gone or expired are disconnected.
  const recheck = setInterval(() => {
    void recheckSessions(nsp, deps.db).catch((error: unknown) => deps.logger.warn(`[workspace] session re-check failed: ${String(error)}`));
  }, deps.sessionRecheckMs);
  recheck.unref();
  io.httpServer?.once("close", () => clearInterval(recheck));

  return nsp;
}

async function recheckSessions(nsp: WorkspaceNamespace, db: Db): Promise<void> {
  const sockets = [...nsp.sockets.values()];
  if (sockets.length === 0) return;
  const hashes = [...new Set(sockets.map((s) => s.data.sessionTokenHash))];
  const live = await db.session.findMany({
    where: { tokenHash: { in: hashes }, expiresAt: { gt: new Date() } },
    select: { tokenHash: true },
  });
  const valid = new Set(live.map((s) => s.tokenHash));
  for (const socket of sockets) if (!valid.has(socket.data.sessionTokenHash)) socket.disconnect(true);
}
