// A small loopback TCP proxy for the scale-out tests and the soak bench (issue 36): a balancer over app
// instances (round robin; a backend that refuses the connection — a stopped or draining instance — is
// skipped, as a proxy's health check would), and a fault injector that cuts each connection after a random
// time (a flaky mobile network). It works on bytes, so WebSockets and HTTP pass through unchanged; it
// does not add X-Forwarded-For (the clients send their own, as a trusted proxy would set it).
import { connect, createServer, type Socket } from "node:net";

export type TcpProxy = {
  url: string;
  port: number;
  /** Replaces the backends (ports on 127.0.0.1) for new connections. */
  setBackends(ports: number[]): void;
  /** From now on each new connection is cut after `cutAfterMs()` ms (null: never); null turns it off. */
  setFaults(cutAfterMs: (() => number) | null): void;
  /** Connections accepted, open now, cut by the fault injector, refused because no backend answered. */
  stats(): { accepted: number; open: number; cut: number; refused: number };
  close(): Promise<void>;
};

export async function startTcpProxy(options: { backends: number[]; cutAfterMs?: () => number }): Promise<TcpProxy> {
  let backends = [...options.backends];
  let faults = options.cutAfterMs ?? null;
  let next = 0;
  const open = new Set<Socket>();
  const counts = { accepted: 0, cut: 0, refused: 0 };

  function dial(client: Socket, attempt: number): void {
    if (client.destroyed) return;
    if (attempt >= backends.length || backends.length === 0) {
      counts.refused++;
      client.destroy();
      return;
    }
    const port = backends[next++ % backends.length]!;
    const upstream = connect({ port, host: "127.0.0.1" });
    upstream.setNoDelay(true);
    let connected = false;
    upstream.once("connect", () => {
      connected = true;
      client.pipe(upstream);
      upstream.pipe(client);
      if (client.destroyed) upstream.destroy();
    });
    upstream.on("error", () => {
      if (!connected) dial(client, attempt + 1);
      else client.destroy();
    });
    upstream.on("close", () => {
      if (connected) client.destroy();
    });
    client.on("close", () => upstream.destroy());
  }

  const server = createServer({ pauseOnConnect: true }, (client) => {
    counts.accepted++;
    open.add(client);
    client.setNoDelay(true);
    client.on("error", () => client.destroy());
    client.on("close", () => open.delete(client));
    if (faults) {
      const timer = setTimeout(() => {
        if (!client.destroyed) {
          counts.cut++;
          client.destroy();
        }
      }, faults());
      timer.unref();
      client.on("close", () => clearTimeout(timer));
    }
    // The client stays paused until its upstream is connected: pipe() resumes it, so no byte is lost.
    dial(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setBackends(ports) {
      backends = [...ports];
    },
    setFaults(cutAfterMs) {
      faults = cutAfterMs;
    },
    stats: () => ({ ...counts, open: open.size }),
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
