// The browser side of the /workspace namespace (DESIGN §3): one socket.io connection per page, shared by
// every component that listens (the notifications button, the dashboard). The session cookie
// authenticates it (same origin). socket.io-client is loaded on the client only, after hydration.
import { useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import type { WorkspaceClientToServerEvents, WorkspaceServerToClientEvents } from "#server/realtime/protocol.ts";

type WorkspaceSocket = Socket<WorkspaceServerToClientEvents, WorkspaceClientToServerEvents>;
export type WorkspaceHandlers = Partial<WorkspaceServerToClientEvents> & {
  /** Called after a reconnect (not the first connect): events may have been missed. */
  reconnect?: () => void;
};

const listeners = new Set<{ current: WorkspaceHandlers }>();
let socketPromise: Promise<WorkspaceSocket> | null = null;
let socket: WorkspaceSocket | null = null;

function dispatch<K extends keyof WorkspaceHandlers>(event: K, ...args: Parameters<NonNullable<WorkspaceHandlers[K]>>) {
  for (const listener of listeners) {
    const handler = listener.current[event] as ((...a: unknown[]) => void) | undefined;
    try {
      handler?.(...args);
    } catch (error) {
      console.warn(`[workspace] ${String(event)} handler failed`, error);
    }
  }
}

function connect(): Promise<WorkspaceSocket> {
  socketPromise ??= import("socket.io-client").then(({ io }) => {
    const s: WorkspaceSocket = io("/workspace");
    let connectedOnce = false;
    s.on("connect", () => {
      if (connectedOnce) dispatch("reconnect");
      connectedOnce = true;
    });
    s.on("lead:created", (payload) => dispatch("lead:created", payload));
    s.on("lead:updated", (payload) => dispatch("lead:updated", payload));
    s.on("conversation:message", (payload) => dispatch("conversation:message", payload));
    s.on("notification", (payload) => dispatch("notification", payload));
    s.on("member:updated", (payload) => dispatch("member:updated", payload));
    s.on("onboarding:updated", (payload) => dispatch("onboarding:updated", payload));
    s.on("presence:changed", () => dispatch("presence:changed"));
    s.on("conversation:typing", (payload) => dispatch("conversation:typing", payload));
    s.on("conversation:agent", (payload) => dispatch("conversation:agent", payload));
    s.on("billing:updated", (payload) => dispatch("billing:updated", payload));
    s.on("automation:runs", (payload) => dispatch("automation:runs", payload));
    // The instance is shutting down (a rolling restart): reconnect to another one after a random part of
    // its window; the pages refetch on the reconnect.
    s.on("server:draining", ({ reconnectWithinMs }) => {
      s.disconnect();
      setTimeout(() => s.connect(), Math.random() * Math.min(Math.max(reconnectWithinMs, 0), 30_000));
    });
    // The server closed the connection: the session ended (signed out elsewhere, password reset,
    // removed from the team). The page is no longer live; the guard decides where to go next.
    s.on("disconnect", (reason) => {
      if (reason === "io server disconnect") window.location.reload();
    });
    socket = s;
    return s;
  });
  return socketPromise;
}

function release() {
  if (listeners.size > 0 || !socketPromise) return;
  const pending = socketPromise;
  socketPromise = null;
  socket = null;
  void pending.then((s) => s.disconnect());
}

/** Subscribes to workspace events while the component is mounted; the latest handlers are always used. */
export function useWorkspaceEvents(handlers: WorkspaceHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const entry = ref;
    listeners.add(entry);
    connect().catch((error: unknown) => console.warn("[workspace] realtime unavailable", error));
    return () => {
      listeners.delete(entry);
      // Let a remounting component (route change) keep the connection.
      setTimeout(release, 1000);
    };
  }, []);
}

type Ackable = {
  [K in keyof WorkspaceClientToServerEvents]: WorkspaceClientToServerEvents[K] extends (payload: infer P, ack: (result: infer R) => void) => void
    ? { payload: P; result: R }
    : never;
};

/**
 * Sends a live-takeover event and resolves with its ack; a timeout or no connection resolves as
 * `server_error`, so every caller shows an error state rather than waiting for ever.
 */
export async function emitWorkspace<K extends keyof Ackable>(event: K, payload: Ackable[K]["payload"]): Promise<Ackable[K]["result"]> {
  try {
    const s = await connect();
    // socket.io's typed emitWithAck cannot follow a generic event name; the shapes are the protocol's.
    return (await (s.timeout(15_000) as unknown as { emitWithAck(e: string, p: unknown): Promise<unknown> }).emitWithAck(event, payload)) as Ackable[K]["result"];
  } catch {
    return { ok: false, error: "server_error" } as Ackable[K]["result"];
  }
}

/** Listens outside a component (a request waiting for its push); returns the function that stops it. */
export function listenWorkspace(handlers: WorkspaceHandlers): () => void {
  const entry = { current: handlers };
  listeners.add(entry);
  connect().catch((error: unknown) => console.warn("[workspace] realtime unavailable", error));
  return () => {
    listeners.delete(entry);
    setTimeout(release, 1000);
  };
}

/** Whether the live connection is currently up (for tests and diagnostics). */
export function isWorkspaceSocketConnected(): boolean {
  return socket?.connected ?? false;
}
