// A signed-in browser's /workspace socket over the real socket.io client: the session cookie of an
// HttpClient, the app's own Origin, no automatic reconnection (each test decides what happens next).
import { io as ioClient, type Socket } from "socket.io-client";
import type { HttpClient } from "./http-client.ts";

export function cookieHeader(http: HttpClient): string {
  return [...http.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A socket with this cookie (not yet connected: listen first, then await `connected(socket)`). */
export function workspaceSocket(appUrl: string, cookie: string): Socket {
  return ioClient(`${appUrl}/workspace`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { Cookie: cookie, Origin: appUrl },
  });
}

/** Resolves on connect; rejects with the connect_error. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}

/**
 * A connected socket with this browser's cookie, and its disconnect reason once the server closes it.
 * Kept in `opened` for the suite to disconnect at its end.
 */
export async function openWorkspaceSocket(
  appUrl: string,
  http: HttpClient,
  opened: Socket[],
): Promise<{ socket: Socket; disconnected: Promise<string> }> {
  const socket = workspaceSocket(appUrl, cookieHeader(http));
  opened.push(socket);
  const disconnected = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
  await connected(socket);
  return { socket, disconnected };
}
