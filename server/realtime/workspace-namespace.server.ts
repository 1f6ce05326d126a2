// Namespace /workspace (DESIGN §3): signed-in users, authenticated by the session cookie, each joined
// to the room of their business. Only the app's own origin may connect (no cross-site hijacking).
import type { Cookie } from "@remix-run/node";
import type { Namespace, Server } from "socket.io";
import { getSessionUser } from "../auth/sessions.server.ts";
import { getWorkspace } from "../businesses/workspace.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../mail/mailer.server.ts";
import { normalizeOrigin } from "./origin.ts";
import {
  businessRoom,
  memberRoom,
  WORKSPACE_NAMESPACE,
  type WorkspaceClientToServerEvents,
  type WorkspaceServerToClientEvents,
} from "./protocol.ts";

// The role is not kept on the socket: nothing a socket receives depends on it, and a copy would go stale
// when an owner changes it (the member's pages are told to reload instead: "member:updated").
type SocketData = { userId: string; businessId: string };

export type WorkspaceNamespace = Namespace<
  WorkspaceClientToServerEvents,
  WorkspaceServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export function registerWorkspaceNamespace(
  io: Server,
  deps: { db: Db; sessionCookie: Cookie; appUrl: string; logger: Logger },
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
      socket.data = { userId: user.userId, businessId: workspace.business.id };
      next();
    } catch (error) {
      deps.logger.error("[workspace] handshake failed", error);
      next(new Error("server_error"));
    }
  });

  nsp.on("connection", (socket) => {
    void socket.join([businessRoom(socket.data.businessId), memberRoom(socket.data.businessId, socket.data.userId)]);
  });

  return nsp;
}
