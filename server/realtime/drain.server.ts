// Graceful shutdown of the realtime side (DESIGN §21, issue 36): a rolling restart or a scale-down sends
// SIGTERM; the instance stops taking connections, tells its own sockets (not the other instances', hence
// `local`) to reconnect within a jittered window, waits for them to leave, closes the stragglers' transports
// (socket.io's client backoff reconnects them, with no "server disconnect" that would make the workspace
// reload), then waits for the chat turns still running here. Everything is bounded by the deadline: a turn
// not finished by then is finished by another instance's turn recovery (server/chat/turn-recovery.server.ts).
import type { Server as HttpServer } from "node:http";
import type { Server } from "socket.io";
import type { ChatService } from "../chat/chat-service.server.ts";
import { WIDGET_NAMESPACE, WORKSPACE_NAMESPACE, type ServerDraining } from "./protocol.ts";

export type DrainOptions = {
  /** Clients reconnect after a random delay below this (the jitter window). */
  reconnectWithinMs: number;
  /** When everything must be done (epoch ms): the rest is left to other instances. */
  deadline: number;
};

export type DrainResult = {
  /** Sockets told to reconnect. */
  told: number;
  /** Transports still open when the window ended, closed by the server. */
  closed: number;
  /** The chat turns in flight finished before the deadline. */
  turnsFinished: boolean;
  ms: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function drainRealtime(
  target: { io: Server; httpServer: HttpServer; chat: Pick<ChatService, "idle"> },
  options: DrainOptions,
): Promise<DrainResult> {
  const started = Date.now();
  const { io, httpServer, chat } = target;
  // No new TCP connection: a proxy's connect fails at once and it picks another instance. Connections
  // already open (keep-alive, WebSockets) stay until they are closed below.
  if (httpServer.listening) httpServer.close();
  const payload: ServerDraining = { reconnectWithinMs: options.reconnectWithinMs };
  let told = 0;
  for (const name of [WIDGET_NAMESPACE, WORKSPACE_NAMESPACE]) {
    const nsp = io.of(name);
    told += nsp.sockets.size;
    nsp.local.emit("server:draining", payload);
  }
  // The clients leave on their own within the window (plus a second for the slowest to act).
  const windowEnd = Math.min(options.deadline, started + options.reconnectWithinMs + 1_000);
  while (io.engine.clientsCount > 0 && Date.now() < windowEnd) await sleep(50);
  // The stragglers' connections (a socket.io connection may carry both namespaces: closed once).
  const conns = new Set([WIDGET_NAMESPACE, WORKSPACE_NAMESPACE].flatMap((name) => [...io.of(name).sockets.values()].map((s) => s.conn)));
  for (const conn of conns) conn.close();
  const closed = conns.size;
  const turnsFinished = await Promise.race([
    chat.idle().then(() => true),
    sleep(Math.max(0, options.deadline - Date.now())).then(() => false),
  ]);
  return { told, closed, turnsFinished, ms: Date.now() - started };
}
