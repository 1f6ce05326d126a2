// A webhook receiver on loopback for the outgoing-webhook tests (DESIGN §15): records each request and
// answers the next queued status (200 by default); `until(n)` waits for the n-th request.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/** A webhook receiver on loopback: records each request and answers the next queued status (200 by default). */
export function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body, path: req.url ?? "/" });
      res.writeHead(statuses.shift() ?? 200, { "Content-Type": "text/plain" }).end("ok");
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
  });
  return {
    received,
    statuses,
    server,
    /** Resolves when `count` requests in all have arrived. */
    until(count: number): Promise<Received> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${received.length} of ${count} requests`)), 30_000);
        const done = () => {
          clearTimeout(timer);
          resolve(received[count - 1]!);
        };
        if (received.length >= count) done();
        else waiters.push({ count, resolve: done });
      });
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}
