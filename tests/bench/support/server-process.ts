// The LeadBroom server for the benchmarks, in its own process so that the load generator does not share
// its event loop. Started by tests/bench/support/child.ts (`fork` with tsx and an IPC channel):
// startTestServer() with widget rate limits and the per-IP connection cap raised out of the way, then it prints `LEADBROOM_URL=<url>`
// and answers requests from the parent over IPC (memory, socket counts, server-side timings, lead counts,
// close). It exits when the parent asks, or when the parent goes away.
//
// Server-side timing, without product changes: on each /widget socket a socket.io middleware
// (`socket.use`, run synchronously when an event packet is decoded) notes the time a `message:send`
// arrives and wraps its acknowledgement callback; `socket.onAnyOutgoing` (also called for room
// broadcasts) sees the bot's `message` leave. Reply time = packet decoded → bot message handed to the
// socket for writing; ack time = packet decoded → ack called. Time a packet spends waiting in the socket
// or event loop before it is decoded is not included: the event-loop delay is reported next to it.
import "./production-mode.ts"; // first: before any library reads NODE_ENV
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { Socket } from "socket.io";
import { WIDGET_NAMESPACE, type Message } from "#server/realtime/protocol.ts";
import { startTestServer } from "../../support/test-server.ts";
import type { BackgroundGateStats } from "#server/db/background-gate.ts";
import { seedSampleBusiness } from "#server/demo/demo-data.server.ts";
import { timePgStatements } from "./pg-stats.ts";

// PostgreSQL: every statement timed in pg's client (round trip included), before the server opens its pool.
const pgStats = process.env.DATABASE_URL ? timePgStatements() : null;

export type ParentRequest =
  | { id: number; type: "memory"; gc?: boolean; settleMs?: number }
  | { id: number; type: "counts" }
  | { id: number; type: "timings-reset" }
  | { id: number; type: "timings" }
  | { id: number; type: "leads"; visitorPrefix: string }
  /** Site keys of `count` businesses to spread visitors over: the demo's, then new sample businesses'. */
  | { id: number; type: "sites"; count: number }
  /** Statement time since the last reset (PGlite: the worker's LB_PGLITE_STATS; PostgreSQL: timed in pg's client). */
  | { id: number; type: "dbstats"; reset?: boolean }
  | { id: number; type: "close" };

export type MemoryReport = NodeJS.MemoryUsage & { widgetSockets: number; engineClients: number };
export type CountsReport = { widgetSockets: number; engineClients: number };
export type TimingsReport = {
  replyMs: number[];
  ackMs: number[];
  elDelay: { p50: number; p99: number; max: number; mean: number };
  cpu: { userMs: number; systemMs: number; wallMs: number };
  /** The main thread's event-loop utilisation over the same span (0–1). */
  mainThreadBusy: number;
};
export type LeadsReport = {
  total: number;
  bench: number;
  distinctConversations: number;
  benchConversations: number;
  byScore: Record<string, number>;
  complete: number;
};

export type DbStatsReport = {
  totalMs: number;
  jobMs: number;
  statements: number;
  jobStatements: number;
  wallMs: number;
  /** The job dispatcher's fetches since the server started. */
  fetches: number;
  fetchMs: number;
  /** The background lane since the server started (decision 0097): statements that waited for a slot. */
  background: BackgroundGateStats;
} | null;

const gc = (globalThis as { gc?: () => void }).gc;
const instrument = process.env.BENCH_INSTRUMENT === "1";
const big = 1_000_000;

const server = await startTestServer({
  widgetLimits: {
    connectionsPerIpPerMinute: big,
    messagesPerVisitorPerMinute: big,
    messagesPerIpPerMinute: big,
    conversationsPerVisitorPerMinute: big,
    conversationsPerIpPerMinute: big,
    // takeover-latency.ts sends 1,000 agent messages from one member (decision 0043's limit is 60 a minute).
    agentMessagesPerMemberPerMinute: big,
  },
  // Every simulated visitor connects from loopback: the per-IP cap on open connections is raised too.
  env: { MAX_CONNECTIONS_PER_IP: String(big), ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}), ...(process.env.DATABASE_BACKGROUND_SLOTS ? { DATABASE_BACKGROUND_SLOTS: process.env.DATABASE_BACKGROUND_SLOTS } : {}) },
});

// ---- instrumentation (BENCH_INSTRUMENT=1) --------------------------------------------------------
let replyMs: number[] = [];
let ackMs: number[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let cpuMark = process.cpuUsage();
let wallMark = performance.now();
let eluMark = performance.eventLoopUtilization();

function resetTimings(): void {
  replyMs = [];
  ackMs = [];
  loopDelay.reset();
  cpuMark = process.cpuUsage();
  wallMark = performance.now();
  eluMark = performance.eventLoopUtilization();
}

if (instrument) {
  const nsp = server.app.io.of(WIDGET_NAMESPACE);
  nsp.on("connection", (socket: Socket) => {
    // One turn in flight per visitor: the benchmark sends the next answer after the bot's reply.
    let pending: { t0: number; clientMessageId: string; visitorSeq: number | null } | null = null;
    socket.use((packet, next) => {
      if (packet[0] === "message:send") {
        const t0 = performance.now();
        const payload = packet[1] as { clientMessageId?: string } | undefined;
        pending = { t0, clientMessageId: String(payload?.clientMessageId ?? ""), visitorSeq: null };
        const last = packet.length - 1;
        const ack = packet[last];
        if (typeof ack === "function") {
          packet[last] = (...args: unknown[]) => {
            ackMs.push(performance.now() - t0);
            const result = args[0] as { ok?: boolean; message?: Message; replies?: Message[] } | undefined;
            if (pending && pending.t0 === t0 && result?.ok && result.message) {
              pending.visitorSeq = result.message.seq;
              // The one-statement turn's replies ride in the ack (decision 0085): the turn is answered now.
              if (result.replies?.some((m) => m.role === "bot")) {
                replyMs.push(performance.now() - t0);
                pending = null;
              }
            }
            return (ack as (...a: unknown[]) => void)(...args);
          };
        }
      }
      next();
    });
    socket.onAnyOutgoing((event: string, ...args: unknown[]) => {
      if (event !== "message" || !pending) return;
      const message = args[0] as Message;
      if (message.role === "visitor" && message.clientMessageId === pending.clientMessageId) {
        pending.visitorSeq = message.seq;
      } else if (message.role === "bot" && pending.visitorSeq !== null && message.seq > pending.visitorSeq) {
        replyMs.push(performance.now() - pending.t0);
        pending = null;
      }
    });
  });
}

// ---- IPC -------------------------------------------------------------------------------------------
let closing: Promise<void> | null = null;
const closeOnce = (): Promise<void> => (closing ??= server.close());

function counts(): CountsReport {
  return { widgetSockets: server.app.io.of(WIDGET_NAMESPACE).sockets.size, engineClients: server.app.io.engine.clientsCount };
}

async function handle(request: ParentRequest): Promise<unknown> {
  switch (request.type) {
    case "memory": {
      if (request.gc && gc) {
        // Collect, give V8 time to hand freed pages back (rss), collect again.
        for (let i = 0; i < 3; i += 1) {
          gc();
          await new Promise((r) => setTimeout(r, 50));
        }
        await new Promise((r) => setTimeout(r, request.settleMs ?? 0));
        gc();
      }
      return { ...process.memoryUsage(), ...counts() } satisfies MemoryReport;
    }
    case "counts":
      return counts();
    case "timings-reset":
      resetTimings();
      return { ok: true };
    case "timings": {
      const cpu = process.cpuUsage(cpuMark);
      const ms = (ns: number) => ns / 1e6;
      return {
        replyMs,
        ackMs,
        elDelay: {
          p50: ms(loopDelay.percentile(50)),
          p99: ms(loopDelay.percentile(99)),
          max: ms(loopDelay.max),
          mean: ms(loopDelay.mean),
        },
        cpu: { userMs: cpu.user / 1000, systemMs: cpu.system / 1000, wallMs: performance.now() - wallMark },
        mainThreadBusy: performance.eventLoopUtilization(eluMark).utilization,
      } satisfies TimingsReport;
    }
    case "leads": {
      const db = server.services.db;
      await server.app.chat.idle();
      const where = { conversation: { visitorId: { startsWith: request.visitorPrefix } } };
      const [total, bench, benchConversations, rows] = await Promise.all([
        db.lead.count(),
        db.lead.count({ where }),
        db.conversation.count({ where: { visitorId: { startsWith: request.visitorPrefix } } }),
        db.lead.findMany({ where, select: { conversationId: true, score: true, incomplete: true } }),
      ]);
      const byScore: Record<string, number> = {};
      for (const r of rows) byScore[String(r.score)] = (byScore[String(r.score)] ?? 0) + 1;
      return {
        total,
        bench,
        benchConversations,
        distinctConversations: new Set(rows.map((r) => r.conversationId)).size,
        byScore,
        complete: rows.filter((r) => !r.incomplete).length,
      } satisfies LeadsReport;
    }
    case "sites": {
      const keys = ["demo"];
      for (let i = 1; i < request.count; i += 1) {
        const siteKey = `bench_site_${i}_${Date.now().toString(36)}`;
        await seedSampleBusiness(server.services.db, { siteKey });
        keys.push(siteKey);
      }
      return keys;
    }
    case "dbstats": {
      const stats = pgStats ? pgStats.snapshot(request.reset === true) : ((await server.database.stats?.(request.reset === true)) ?? null);
      return stats ? ({ ...stats, ...server.services.jobs.stats(), background: server.database.background.stats() } satisfies DbStatsReport) : null;
    }
    case "close":
      try {
        await closeOnce();
      } finally {
        setImmediate(() => process.exit(0));
      }
      return { ok: true };
  }
}

process.on("message", (raw) => {
  const request = raw as ParentRequest;
  handle(request).then(
    (result) => process.send?.({ id: request.id, ok: true, result }),
    (error: unknown) => process.send?.({ id: request.id, ok: false, error: String((error as Error)?.stack ?? error) }),
  );
});
// The parent died or closed the channel: do not linger (but never close the server twice: a second
// close would drop the scratch database under the first one's connections).
process.on("disconnect", () => {
  void closeOnce().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 30_000).unref();
});

console.log(`LEADBROOM_URL=${server.url}`);
process.send?.({ type: "ready", url: server.url, database: process.env.DATABASE_URL ? "postgres" : "pglite", instrumented: instrument });
