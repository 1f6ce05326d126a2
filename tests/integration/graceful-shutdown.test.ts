// @postgres: two server processes on one PostgreSQL database and one Redis; SIGTERM drains one of them.
// Graceful shutdown (issue 36, DESIGN §21): two real `server/main.ts` processes behind a loopback TCP
// balancer; widgets (the widget's own delivery client, widget/src/client.ts, over the real socket.io
// client) and a signed-in workspace are connected to instance A when A gets SIGTERM with visitor messages
// in flight. A tells them to reconnect, refuses new connections, finishes its turns and exits 0; the
// clients come back through the balancer to B, and no visitor message is lost or stored twice, every one
// is answered, and the leads reach the workspace. Runs when DATABASE_URL and REDIS_URL are set.
import { io, type Socket } from "socket.io-client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type ChatClient } from "../../widget/src/client.ts";
import { createStore } from "../../widget/src/store.ts";
import { FakeStorage } from "../../widget/src/test-support.ts";
import type { LeadSummary, ServerDraining } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";
import { createScratchDatabase, freePort } from "../support/test-server.ts";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { cookieHeader } from "../support/workspace-client.ts";
import { until } from "../support/until.ts";

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const ANSWERS = ["Industrial", "Over 50,000 sq ft", "Daily", "Over $10,000", "Immediately", "Sam Reed", "Reed Logistics", "sam@reedlogistics.example"];
const VISITORS = 4;

describe.skipIf(!enabled)("graceful shutdown: SIGTERM mid-conversation, clients move to the other instance", () => {
  let balancer: TcpProxy;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const ports = { a: 0, b: 0 };
  const clients: ChatClient[] = [];
  let workspace: Socket | undefined;

  async function instance(port: number): Promise<ServerProcess> {
    return startServerProcess({
      PORT: String(port),
      HOST: "127.0.0.1",
      // The public URL is the proxy's, as in production (the workspace checks its Origin against it).
      PUBLIC_APP_URL: balancer.url,
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.REDIS_URL!,
      DATA_DIR: `/tmp/leadbroom-drain-${port}`,
      SESSION_SECRET: "drain-test-session-secret-drain-test-secret",
      SEED_DEMO: "true",
      SHUTDOWN_RECONNECT_WINDOW_MS: "1000",
    });
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    balancer = await startTcpProxy({ backends: [] });
    ports.a = await freePort();
    a = await instance(ports.a);
    ports.b = await freePort();
    b = await instance(ports.b);
  }, 300_000);

  afterAll(async () => {
    for (const c of clients) c.stop();
    workspace?.disconnect();
    for (const p of [a, b]) if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    await Promise.all([a?.exited, b?.exited]);
    await balancer?.close();
    await scratch?.drop();
  });

  function widget(): ChatClient {
    const store = createStore(new FakeStorage(), "demo");
    const client = createClient({
      store,
      siteKey: "demo",
      test: undefined,
      connect: (auth) =>
        io(`${balancer.url}/widget`, {
          auth,
          transports: ["websocket"],
          forceNew: true,
          reconnectionDelay: 200,
          reconnectionDelayMax: 1_000,
          extraHeaders: { Origin: "https://customer.example" },
        }),
      pageUrl: () => "https://customer.example/quote",
      onFatal: (reason) => {
        throw new Error(`widget refused: ${reason}`);
      },
    });
    clients.push(client);
    client.start();
    return client;
  }

  /** Waits until the client shows a reply to each of its `sent` messages (a bot message after the last one). */
  const answered = (client: ChatClient, sent: number) =>
    until(
      async () => client.getState(),
      (s) => s.status === "online" && s.pending.length === 0 && s.messages.filter((m) => m.role === "visitor").length === sent && s.messages.at(-1)?.role === "bot",
      30_000,
    );

  it("drains A: reconnect with jitter, in-flight turns answered, nothing lost or doubled", async () => {
    // Everyone starts on A.
    balancer.setBackends([ports.a]);
    const http = new HttpClient(balancer.url, { Origin: balancer.url });
    expect((await http.post("/login", DEMO_SIGN_IN)).location).toBe("/app");
    const created: LeadSummary[] = [];
    const drainings: ServerDraining[] = [];
    workspace = io(`${balancer.url}/workspace`, {
      transports: ["websocket"],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
      extraHeaders: { Cookie: cookieHeader(http), Origin: balancer.url },
    });
    const ws = workspace;
    ws.on("lead:created", ({ lead }: { lead: LeadSummary }) => created.push(lead));
    // What the dashboard does (use-workspace-events.ts): leave, and come back within the window.
    ws.on("server:draining", (payload: ServerDraining) => {
      drainings.push(payload);
      ws.disconnect();
      setTimeout(() => ws.connect(), Math.random() * payload.reconnectWithinMs);
    });
    await new Promise<void>((resolve, reject) => (ws.once("connect", () => resolve()), ws.once("connect_error", reject)));

    const visitors = Array.from({ length: VISITORS }, () => widget());
    for (const [i, answer] of ANSWERS.slice(0, 3).entries()) {
      for (const v of visitors) v.send(answer);
      await Promise.all(visitors.map((v) => answered(v, i + 1)));
    }

    // B joins the pool; A is terminated with every visitor's next message just sent (in flight).
    balancer.setBackends([ports.a, ports.b]);
    for (const v of visitors) v.send(ANSWERS[3]!);
    a.child.kill("SIGTERM");
    const seen = new Set<string>();
    const unsubscribe = visitors.map((v) => v.subscribe(() => seen.add(v.getState().status)));
    const code = await a.exited;
    if (code !== 0) throw new Error(`instance A exited ${code}:\n${a.output().slice(-4000)}`);
    expect(a.output()).toMatch(/Drained in \d+ ms: \d+ sockets told to reconnect, \d+ closed, chat turns finished/);
    balancer.setBackends([ports.b]);
    await Promise.all(visitors.map((v) => answered(v, 4)));
    expect(seen.has("reconnecting")).toBe(true);
    expect(drainings).toEqual([{ reconnectWithinMs: 1000 }]);

    // The rest of the qualification through B.
    for (const [i, answer] of ANSWERS.slice(4).entries()) {
      for (const v of visitors) v.send(answer);
      await Promise.all(visitors.map((v) => answered(v, 5 + i)));
    }
    unsubscribe.forEach((u) => u());
    await until(async () => created.length, (n) => n >= VISITORS, 30_000);

    // The database: each visitor message once, in the order sent, each answered, one lead per visitor.
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    try {
      for (const v of visitors) {
        const conversationId = v.getState().messages[0]!.conversationId;
        const { rows } = await db.query<{ seq: number; role: string; text: string; clientMessageId: string | null }>(
          `SELECT "seq", "role", "text", "clientMessageId" FROM "Message" WHERE "conversationId" = $1 ORDER BY "seq"`,
          [conversationId],
        );
        const visitorRows = rows.filter((r) => r.role === "visitor");
        expect(visitorRows.map((r) => r.text)).toEqual(ANSWERS);
        expect(new Set(visitorRows.map((r) => r.clientMessageId)).size).toBe(ANSWERS.length);
        expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
        // Every visitor message is followed by the bot's answer.
        for (const r of visitorRows) expect(rows[r.seq]?.role).toBe("bot");
        // The widget shows exactly what is stored: no gap, nothing twice.
        expect(v.getState().messages.map((m) => m.seq)).toEqual(rows.map((r) => r.seq));
      }
      const leads = await db.query<{ conversationId: string }>(`SELECT "conversationId" FROM "Lead" WHERE "conversationId" = ANY($1)`, [visitors.map((v) => v.getState().messages[0]!.conversationId)]);
      expect(leads.rows).toHaveLength(VISITORS);
      expect(new Set(leads.rows.map((l) => l.conversationId)).size).toBe(VISITORS);
    } finally {
      await db.end();
    }
    expect(new Set(created.map((l) => l.id)).size).toBe(VISITORS);
  }, 180_000);
});
