// Raw engine.io connections per client IP (issue 13): the /widget handshake limits connections per
// minute, but a client that opens engine.io connections and never joins a namespace skipped it, and
// ~20,000 idle ones from one IP locked everyone out. Each process caps the connections open at once
// per IP: a new handshake over the cap is refused by `allowRequest`, and a connection that slipped past
// the check in a burst is closed when it opens. socket.io's `connectTimeout` closes the ones that never
// join a namespace.
import type { IncomingMessage } from "node:http";
import type { Server as EngineServer, Socket as EngineSocket } from "engine.io";
import { clientIpOf, type TrustProxy } from "../http/client-ip.ts";

export type ConnectionCap = {
  allowRequest(req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void;
  /** Counts the connections of this engine (call once, with io.engine). */
  track(engine: EngineServer): void;
  /** Connections open now from this IP (tests). */
  openFrom(ip: string): number;
};

export function createConnectionCap(options: { maxPerIp: number; trustProxy: TrustProxy }): ConnectionCap {
  const open = new Map<string, number>();
  const ipOf = (req: IncomingMessage) => clientIpOf(req.socket.remoteAddress, req.headers, options.trustProxy);
  return {
    allowRequest(req, callback) {
      if ((open.get(ipOf(req)) ?? 0) >= options.maxPerIp) return callback("too many connections from this address", false);
      callback(null, true);
    },
    track(engine) {
      engine.on("connection", (socket: EngineSocket) => {
        const ip = ipOf(socket.request);
        const count = (open.get(ip) ?? 0) + 1;
        open.set(ip, count);
        socket.once("close", () => {
          const left = (open.get(ip) ?? 1) - 1;
          if (left <= 0) open.delete(ip);
          else open.set(ip, left);
        });
        if (count > options.maxPerIp) socket.close();
      });
    },
    openFrom: (ip) => open.get(ip) ?? 0,
  };
}
