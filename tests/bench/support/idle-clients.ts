// A client worker of tests/bench/idle-connections.ts: holds a share of the idle /widget connections
// (socket.io-client, websocket transport, no conversation opened). Driven over IPC by the parent:
//   { type: "open", url, count, firstIndex, prefix, concurrency } → { type: "opened", connected, failed, errors }
//   { type: "status" } → { type: "status", connected, disconnects, memory }
//   { type: "close" } → disconnects everything → { type: "closed" }
import { io, type Socket } from "socket.io-client";

type OpenRequest = { type: "open"; url: string; count: number; firstIndex: number; prefix: string; concurrency: number };
type Request = OpenRequest | { type: "status" } | { type: "close" };

const sockets: Socket[] = [];
let connected = 0;
const disconnects = new Map<string, number>();

function connectOne(url: string, visitorId: string): Promise<void> {
  const socket = io(`${url}/widget`, {
    auth: { siteKey: "demo", visitorId },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
    extraHeaders: { Origin: "https://bench.example" },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => {
      connected += 1;
      socket.once("disconnect", (reason) => {
        connected -= 1;
        // Our own disconnect() is not a drop.
        if (reason !== "io client disconnect") disconnects.set(reason, (disconnects.get(reason) ?? 0) + 1);
      });
      resolve();
    });
    socket.once("connect_error", (error) => reject(error));
  });
}

async function open(request: OpenRequest): Promise<{ connected: number; failed: number; errors: Record<string, number> }> {
  let failed = 0;
  const errors: Record<string, number> = {};
  let next = 0;
  const lane = async () => {
    while (next < request.count) {
      const i = request.firstIndex + next++;
      try {
        await connectOne(request.url, `${request.prefix}${i}`);
      } catch (error) {
        failed += 1;
        const key = (error as Error).message;
        errors[key] = (errors[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, request.concurrency) }, lane));
  return { connected, failed, errors };
}

process.on("message", (raw) => {
  const request = raw as Request;
  if (request.type === "open") {
    void open(request).then((r) => process.send?.({ type: "opened", ...r }));
  } else if (request.type === "status") {
    process.send?.({ type: "status", connected, disconnects: Object.fromEntries(disconnects), memory: process.memoryUsage() });
  } else if (request.type === "close") {
    for (const s of sockets) s.disconnect();
    sockets.length = 0;
    // Let the close frames go out before answering.
    setTimeout(() => process.send?.({ type: "closed" }), 500);
  }
});
process.on("disconnect", () => process.exit(0));
process.send?.({ type: "ready" });
