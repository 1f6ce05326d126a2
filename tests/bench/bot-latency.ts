// Budget (DESIGN §9, raised by issue 28): bot reply on the rules path, 2,000 concurrent visitors on one
// process: p99 ≤ 25 ms and server CPU ≤ 2 ms per turn, at steady state, on PGlite and on PostgreSQL.
//
// The server runs in a child process (support/server-process.ts, rate limits raised). This process
// opens 2,000 /widget connections (socket.io-client, websocket transport, one visitorId each), opens a
// conversation on each, then all visitors run the full 8-answer qualification concurrently: each
// sends its next answer when the bot's reply to the previous one has arrived, after a random think
// time (default 2–8 s, a person reading and answering; --think=0-200 is the saturation run). Per turn
// it measures, at the client, emit `message:send` → the ack, and → the bot's reply `message` (seq
// above the acked visitor message). Those figures include loopback and this process's own event-loop
// time, so they are an upper bound on server time, and the budget is judged on them. The server child
// also times each turn itself (socket.io middleware + outgoing-packet listener, no product change),
// but only from the moment socket.io decodes the packet: time the request waits in the socket while
// the server's event loop is busy is invisible from inside, so that figure is a lower bound (the
// server's event-loop delay is printed next to it to show how far apart the two can be). Before the
// load, one visitor runs the qualification alone (warm-up, and the unloaded latency for reference).
// Afterwards the database must hold exactly one lead per load visitor.
//
// Two cases, each on a fresh server: all visitors on one business (the worst case for anything a
// business's conversations share), and visitors spread over 100 businesses (`--businesses=1,100`, the
// default; `--businesses=1` runs one). Each case prints the database's time in statements and the job
// layer's share of it, and a row for tests/bench/history.csv (`--history` appends it).
//
// Run: npx tsx tests/bench/bot-latency.ts [--visitors=2000] [--businesses=1,100] [--think=2000-8000] [--deadline-s=300] [--no-instrument] [--history] [--turn-log=FILE]
// With DATABASE_URL=postgres://… the server uses a scratch PostgreSQL database instead of PGlite.
// Needs `npm run build` first. Exits 1 on FAIL.
import "./support/production-mode.ts"; // first: before any library reads NODE_ENV
import { execSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import type {
  ConversationOpenAck,
  Message,
  MessageSendAck,
  WidgetClientToServerEvents,
  WidgetServerToClientEvents,
} from "#server/realtime/protocol.ts";
import {
  fmtMs,
  machine,
  repoRoot,
  sleep,
  startServerChild,
  machineMeter,
  pidCpuMeter,
  processCpuMeter,
  machineSharesLine,
  summarize,
  summaryLine,
  type MachineShares,
  type ServerChild,
} from "./support/child.ts";
import type { DbStatsReport, LeadsReport, TimingsReport } from "./support/server-process.ts";

const BUDGET_P99_MS = 25;
const BUDGET_CPU_PER_TURN_MS = 2;
const ANSWERS = [
  "Regular Commercial Cleaning",
  "20,000–50,000 sq ft",
  "Daily",
  "$5,000–$10,000",
  "Immediately",
  "Jane Doe",
  "Acme Property Group",
  "jane.doe@acme.example",
];

function arg(name: string, fallback: number): number {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
}
const VISITORS = arg("visitors", 2000);
/** `--turn-log=FILE`: every turn of the last case as CSV (sent at: epoch and since the run's start; answer; ack and reply ms), to see when the slow ones came. */
const TURN_LOG = process.argv.find((a) => a.startsWith("--turn-log="))?.slice("--turn-log=".length);
const BUSINESS_CASES = (process.argv.find((a) => a.startsWith("--businesses="))?.slice("--businesses=".length) ?? "1,100")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1);
const HISTORY = process.argv.includes("--history");
// The PGlite worker keeps its statement times (the job layer's share is printed); LB_PGLITE_STATS=0 turns it off.
process.env.LB_PGLITE_STATS ??= "1";
/**
 * Think time before each answer, uniform in [min, max] ms. DESIGN §9 gives no message rate; the default
 * 2–8 s is a visitor reading the bot's question and clicking or typing an answer (decision 0007), so
 * 1,000 visitors offer about 200 turns a second. `--think=0-200` is the saturation (stress) run;
 * `--think-ms=N` is kept as shorthand for `--think=0-N`.
 */
function thinkRange(): [number, number] {
  const range = process.argv.find((a) => a.startsWith("--think="));
  if (range) {
    const [min = NaN, max = NaN] = range.slice("--think=".length).split("-").map(Number);
    if (Number.isFinite(min) && Number.isFinite(max) && min >= 0 && max >= min) return [min, max];
    throw new Error(`--think=MIN-MAX in ms, got ${range}`);
  }
  const legacy = process.argv.find((a) => a.startsWith("--think-ms="));
  return legacy ? [0, Number(legacy.split("=")[1])] : [2000, 8000];
}
const [THINK_MIN_MS, THINK_MAX_MS] = thinkRange();
/**
 * Arrivals. "staggered" (default): a steady state of VISITORS conversations in progress at once, each
 * at its own step, as on a real site: every visitor slot starts after a random offset within one
 * conversation's expected length D and runs two conversations back to back (the second is the next
 * visitor taking the slot), so between D and 2D every slot is mid-conversation; the budget is judged on
 * the turns sent in that window. "herd": every visitor starts at once and runs one conversation (all
 * reach the same step, lead capture included, at the same moment: a worst case, not a site's traffic).
 */
const HERD = process.argv.includes("--arrivals=herd");
const ROUNDS = HERD ? 1 : 2;
const CONVERSATION_MS = ANSWERS.length * ((THINK_MIN_MS + THINK_MAX_MS) / 2);
const DEADLINE_S = arg("deadline-s", 300);
const TURN_TIMEOUT_MS = 120_000;
const BATCH = 100;
const INSTRUMENT = !process.argv.includes("--no-instrument");
const ORIGIN = "https://bench.example";
const RUN_ID = randomUUID().slice(0, 8);

type VisitorSocket = Socket<WidgetServerToClientEvents, WidgetClientToServerEvents>;

/** Why connections dropped during the run (socket.io-client's disconnect reason). */
const dropReasons = new Map<string, number>();

class BenchVisitor {
  socket!: VisitorSocket;
  conversationId = "";
  /** Bot messages by seq with the time they arrived. */
  private readonly bots = new Map<number, { at: number; message: Message }>();
  private waiter: { afterSeq: number; resolve(v: { at: number; message: Message }): void } | null = null;

  constructor(
    readonly visitorId: string,
    readonly siteKey = "demo",
  ) {}

  connect(url: string): Promise<void> {
    this.socket = io(`${url}/widget`, {
      auth: { siteKey: this.siteKey, visitorId: this.visitorId },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
      extraHeaders: { Origin: ORIGIN },
    });
    this.socket.on("message", (message) => {
      if (message.role !== "bot" || message.conversationId !== this.conversationId) return;
      const at = performance.now();
      if (!this.bots.has(message.seq)) this.bots.set(message.seq, { at, message });
      if (this.waiter && message.seq > this.waiter.afterSeq) {
        const w = this.waiter;
        this.waiter = null;
        w.resolve({ at, message });
      }
    });
    this.socket.on("disconnect", (reason) => {
      if (reason !== "io client disconnect") dropReasons.set(reason, (dropReasons.get(reason) ?? 0) + 1);
    });
    return new Promise((resolve, reject) => {
      this.socket.once("connect", () => resolve());
      this.socket.once("connect_error", (e) => reject(e));
    });
  }

  async open(): Promise<void> {
    const ack: ConversationOpenAck = await this.socket
      .timeout(60_000)
      .emitWithAck("conversation:open", { pageUrl: "https://bench.example/pricing" });
    if (!ack.ok) throw new Error(`conversation:open refused: ${ack.error}`);
    this.conversationId = ack.conversationId;
    this.bots.clear();
  }

  /** The first bot message with seq above afterSeq (already received, or the next to arrive). */
  private botAfter(afterSeq: number, timeoutMs: number): Promise<{ at: number; message: Message }> {
    let best: { at: number; message: Message } | undefined;
    for (const [seq, entry] of this.bots) if (seq > afterSeq && (!best || seq < best.message.seq)) best = entry;
    if (best) return Promise.resolve(best);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no bot reply after seq ${afterSeq} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = { afterSeq, resolve: (v) => (clearTimeout(timer), resolve(v)) };
    });
  }

  /** One turn: returns client-observed ack and reply latencies (ms) and the reply. */
  async turn(text: string): Promise<{ ackMs: number; replyMs: number; reply: Message }> {
    const t0 = performance.now();
    const ack: MessageSendAck = await this.socket.timeout(TURN_TIMEOUT_MS).emitWithAck("message:send", {
      conversationId: this.conversationId,
      clientMessageId: `c_${randomUUID().replace(/-/g, "")}`,
      text,
    });
    const ackAt = performance.now();
    if (!ack.ok) throw new Error(`message refused: ${ack.error}`);
    // The one-statement turn's replies come in the ack itself (decision 0085): they arrived with it.
    for (const message of ack.replies ?? []) {
      if (message.role === "bot" && !this.bots.has(message.seq)) this.bots.set(message.seq, { at: ackAt, message });
    }
    const reply = await this.botAfter(ack.message.seq, TURN_TIMEOUT_MS);
    return { ackMs: ackAt - t0, replyMs: reply.at - t0, reply: reply.message };
  }

  disconnect(): void {
    this.socket?.disconnect();
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<number> {
  let failures = 0;
  for (let i = 0; i < items.length; i += size) {
    const results = await Promise.allSettled(items.slice(i, i + size).map(fn));
    for (const r of results) if (r.status === "rejected") failures += 1;
  }
  return failures;
}

async function runCase(businesses: number): Promise<{ pass: boolean; row: string }> {
  const VISITOR_PREFIX = `bench_${RUN_ID}_${businesses}_`;
  const loadAtStart = os.loadavg()[0]!.toFixed(2);
  const meanThinkS = (THINK_MIN_MS + THINK_MAX_MS) / 2000;
  console.log(
    `bot-latency: ${VISITORS} visitors × ${ANSWERS.length} answers, think time ${THINK_MIN_MS}–${THINK_MAX_MS} ms ` +
      `(offered ≈ ${meanThinkS > 0 ? Math.round(VISITORS / meanThinkS) : "unbounded"} turns/s)`,
  );
  console.log(machine());
  let server: ServerChild | undefined;
  const visitors: BenchVisitor[] = [];
  try {
    const bootStart = performance.now();
    server = await startServerChild({ instrument: INSTRUMENT });
    console.log(
      `server: child pid ${server.pid}, ${server.url}, database ${server.database}` +
        `${INSTRUMENT ? ", server-side timing probes on" : ""} (started in ${((performance.now() - bootStart) / 1000).toFixed(1)} s)`,
    );

    // 0. One visitor alone: warms up the server (lazy module loads, JIT) and shows the unloaded latency.
    const solo = new BenchVisitor(`warmup_${RUN_ID}`);
    visitors.push(solo);
    await solo.connect(server.url);
    await solo.open();
    const soloReply: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      if (round > 0) await solo.open();
      for (const answer of ANSWERS) soloReply.push((await solo.turn(answer)).replyMs);
    }
    solo.disconnect();
    const soloSummary = summarize(soloReply.slice(ANSWERS.length));

    // 1. Connect, in batches.
    const load: BenchVisitor[] = [];
    const siteKeys = await server.request<string[]>({ type: "sites", count: businesses }, 600_000);
    console.log(`visitors spread over ${siteKeys.length} business${siteKeys.length === 1 ? "" : "es"}`);
    for (let i = 0; i < VISITORS; i += 1) load.push(new BenchVisitor(`${VISITOR_PREFIX}${i}`, siteKeys[i % siteKeys.length]));
    visitors.push(...load);
    let t = performance.now();
    const connectFailures = await inBatches(load, BATCH, (v) => v.connect(server!.url));
    console.log(`connected ${VISITORS - connectFailures}/${VISITORS} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    if (connectFailures > 0) throw new Error(`${connectFailures} connections failed`);

    // 2. Open a conversation each, in batches.
    t = performance.now();
    const openFailures = await inBatches(load, BATCH, (v) => v.open());
    console.log(`opened ${VISITORS - openFailures}/${VISITORS} conversations in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    if (openFailures > 0) throw new Error(`${openFailures} conversation:open failed`);

    // 3. All visitors qualify concurrently.
    await server.request({ type: "timings-reset" });
    await server.request({ type: "dbstats", reset: true });
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    const others = machineMeter();
    // On PostgreSQL the server's own CPU is not the app's; when it runs on this machine, it is printed beside it.
    const postgresCpu = server.database === "postgres" ? processCpuMeter("postgres") : null;
    const ackMs: number[] = [];
    const replyMs: number[] = [];
    /** Reply latencies of the turns sent inside the steady-state window [D, 2D] (staggered arrivals), by answer (the 8th captures the lead). */
    const steadyByAnswer: number[][] = ANSWERS.map(() => []);
    const errors = new Map<string, number>();
    let completed = 0;
    let closingMentionsName = 0;
    const deadline = performance.now() + DEADLINE_S * 1000;
    const turnLog = TURN_LOG ? ([] as string[]) : null;
    t = performance.now();
    // The steady-state window [D, 2D] alone: how busy the machine and each process were while the judged
    // turns were sent (the whole run's shares include the ramp up and down, when the machine is half idle).
    const steady: { machine?: MachineShares | null; serverMs?: number | null; postgresMs?: number | null; generatorMs?: number | null } = {};
    const steadyTimer = HERD
      ? null
      : setTimeout(() => {
          const machine = machineMeter();
          const serverCpu = pidCpuMeter(server!.pid);
          const pgCpu = server!.database === "postgres" ? processCpuMeter("postgres") : null;
          const generatorCpu = pidCpuMeter(process.pid);
          setTimeout(() => {
            steady.machine = machine.stop();
            steady.serverMs = serverCpu.stop();
            steady.postgresMs = pgCpu?.stop() ?? null;
            steady.generatorMs = generatorCpu.stop();
          }, CONVERSATION_MS);
        }, CONVERSATION_MS);
    await Promise.all(
      load.map(async (v) => {
        try {
          if (!HERD) await sleep(Math.random() * CONVERSATION_MS);
          for (let round = 0; round < ROUNDS; round += 1) {
            if (round > 0) await v.open(); // the next visitor in this slot: a new conversation
            let last: Message | undefined;
            for (const [index, answer] of ANSWERS.entries()) {
              await sleep(THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS));
              if (performance.now() > deadline) throw new Error("benchmark deadline reached");
              const sentAt = performance.now() - t;
              const r = await v.turn(answer);
              ackMs.push(r.ackMs);
              replyMs.push(r.replyMs);
              if (sentAt >= CONVERSATION_MS && sentAt <= 2 * CONVERSATION_MS) steadyByAnswer[index]!.push(r.replyMs);
              turnLog?.push(`${(performance.timeOrigin + t + sentAt).toFixed(0)},${sentAt.toFixed(1)},${index + 1},${r.ackMs.toFixed(2)},${r.replyMs.toFixed(2)}`);
              last = r.reply;
            }
            completed += 1;
            if (last && /Jane/.test(last.text)) closingMentionsName += 1;
          }
        } catch (error) {
          const key = (error as Error).message.replace(/seq \d+/, "seq N");
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }),
    );
    const runSeconds = (performance.now() - t) / 1000;
    if (steadyTimer) clearTimeout(steadyTimer);
    if (turnLog) writeFileSync(TURN_LOG!, `epoch_ms,sent_ms,answer,ack_ms,reply_ms\n${turnLog.join("\n")}\n`);
    const taken = others.stop();
    const postgresMs = postgresCpu?.stop() ?? null;
    clientLoop.disable();
    const timings = await server.request<TimingsReport>({ type: "timings" });
    const db = await server.request<DbStatsReport>({ type: "dbstats" });
    const leads = await server.request<LeadsReport>({ type: "leads", visitorPrefix: VISITOR_PREFIX }, 120_000);

    // 4. Report.
    const turns = replyMs.length;
    const clientReply = summarize(replyMs);
    const steadyReply = summarize(steadyByAnswer.flat());
    const judged = HERD ? clientReply : steadyReply;
    const conversations = VISITORS * ROUNDS;
    console.log("");
    console.log(summaryLine("unloaded: 1 visitor alone, send → bot reply", soloSummary));
    console.log(
      `qualification run (${HERD ? "herd: all at once" : `staggered: ${VISITORS} slots × ${ROUNDS} conversations, steady state ${(CONVERSATION_MS / 1000).toFixed(0)}–${((2 * CONVERSATION_MS) / 1000).toFixed(0)} s`}): ` +
        `${completed}/${conversations} conversations completed, ${turns} turns in ${runSeconds.toFixed(1)} s ` +
        `(${(turns / runSeconds).toFixed(0)} turns/s)`,
    );
    if (taken) console.log(machineSharesLine(taken));
    for (const [message, n] of errors) console.log(`  errors: ${n} × ${message}`);
    for (const [reason, n] of dropReasons) console.log(`  connections dropped: ${n} × "${reason}"`);
    if (!HERD) {
      console.log(summaryLine("client, steady state: send → bot reply", steadyReply));
      if (steady.machine) {
        const windowMs = CONVERSATION_MS;
        const rate = steadyReply.count / (windowMs / 1000);
        const core = (ms: number | null | undefined) => (ms == null ? "?" : `${((100 * ms) / windowMs).toFixed(0)}% of one core`);
        console.log(`  ${machineSharesLine(steady.machine, "the steady state")}`);
        console.log(
          `  steady state: ${rate.toFixed(0)} turns/s; the server process ${core(steady.serverMs)}` +
            (steady.postgresMs != null ? `, PostgreSQL ${core(steady.postgresMs)}` : "") +
            `, this load generator ${core(steady.generatorMs)}`,
        );
      }
      console.log(
        `  by answer, p50 / p99 ms: ${steadyByAnswer
          .map((ms, i) => {
            const s = summarize(ms);
            return `${i + 1}${i === ANSWERS.length - 1 ? " (capture)" : ""} ${fmtMs(s.p50)} / ${fmtMs(s.p99)}`;
          })
          .join(", ")}`,
      );
    }
    console.log(summaryLine("client, whole run: send → bot reply (upper bound)", clientReply));
    console.log(summaryLine("client: send → ack", summarize(ackMs)));
    if (INSTRUMENT) {
      console.log(summaryLine("server, handler only: send → bot reply", summarize(timings.replyMs)));
      console.log(summaryLine("server, handler only: send → ack", summarize(timings.ackMs)));
      console.log("  (handler only: from socket.io decoding the packet; excludes waiting for the server's event loop: lower bound)");
    }
    console.log(
      `server event-loop delay: p50 ${fmtMs(timings.elDelay.p50)}, p99 ${fmtMs(timings.elDelay.p99)}, max ${fmtMs(timings.elDelay.max)}; ` +
        `server CPU (all threads, the PGlite worker included) ${(((timings.cpu.userMs + timings.cpu.systemMs) / timings.cpu.wallMs) * 100).toFixed(0)}% of one core ` +
        `(user ${(timings.cpu.userMs / 1000).toFixed(1)} s, sys ${(timings.cpu.systemMs / 1000).toFixed(1)} s over ${(timings.cpu.wallMs / 1000).toFixed(1)} s, ` +
        `${turns ? (((timings.cpu.userMs + timings.cpu.systemMs) / turns)).toFixed(1) : "n/a"} ms CPU per turn); ` +
        `main thread busy ${(timings.mainThreadBusy * 100).toFixed(0)}%`,
    );
    const cpuPerTurn = turns ? (timings.cpu.userMs + timings.cpu.systemMs) / turns : NaN;
    if (postgresMs !== null && postgresMs > 0 && turns) {
      console.log(
        `PostgreSQL server CPU (its processes on this machine, not in the figure above or the budget): ` +
          `${(postgresMs / 1000).toFixed(1)} s, ${(postgresMs / turns).toFixed(2)} ms per turn`,
      );
    }
    if (db) {
      console.log(
        `database: ${(db.totalMs / 1000).toFixed(1)} s in ${db.statements} statements over ${(db.wallMs / 1000).toFixed(1)} s ` +
          `(${((db.totalMs / db.wallMs) * 100).toFixed(0)}% of the run, ${turns ? (db.statements / turns).toFixed(1) : "n/a"} statements per turn); ` +
          `job layer ${(db.jobMs / 1000).toFixed(1)} s in ${db.jobStatements} statements = ${db.totalMs ? ((db.jobMs / db.totalMs) * 100).toFixed(1) : "0"}% of the database's time ` +
          `(dispatcher: ${db.fetches} fetches, ${db.fetches ? (db.fetchMs / db.fetches).toFixed(1) : "0"} ms each from the main thread, queueing included, since start)` +
          (server.database === "postgres" ? " [timed in pg's client: round trips included]" : ""),
      );
      const lane = db.background;
      console.log(
        `background lane (since start): ${lane.passed} statements and transactions, ${lane.waited} waited for a slot ` +
          `(${lane.waited ? (lane.waitedMs / lane.waited).toFixed(1) : "0"} ms each on average), ${lane.overflowed} went ahead after the longest wait`,
      );
    } else {
      console.log("database: statement times not kept (LB_PGLITE_STATS=0)");
    }
    console.log(
      `client (load generator) event-loop delay: p50 ${fmtMs(clientLoop.percentile(50) / 1e6)}, p99 ${fmtMs(clientLoop.percentile(99) / 1e6)}, max ${fmtMs(clientLoop.max / 1e6)}`,
    );
    console.log(
      `leads: ${leads.bench} for this run's ${leads.benchConversations} conversations (${leads.distinctConversations} distinct, ` +
        `${leads.complete} complete, scores ${JSON.stringify(leads.byScore)}); ${leads.total} in the database including the demo's samples and the warm-up visitor's`,
    );

    const checks: [string, boolean][] = [
      [`all ${conversations} conversations completed the qualification without error`, completed === conversations && errors.size === 0],
      [`every closing reply addresses the visitor by name`, closingMentionsName === conversations],
      [
        `exactly ${conversations} leads from the load visitors, one per conversation`,
        leads.bench === conversations && leads.distinctConversations === conversations && leads.benchConversations === conversations,
      ],
      [
        `bot reply p99 ${fmtMs(judged.p99)} (${HERD ? "whole run" : "steady state"}, client-observed, upper bound on server time) ≤ ${BUDGET_P99_MS} ms`,
        clientReply.count === conversations * ANSWERS.length && judged.count > 0 && judged.p99 <= BUDGET_P99_MS,
      ],
      [`server CPU per turn ${cpuPerTurn.toFixed(2)} ms (all threads) ≤ ${BUDGET_CPU_PER_TURN_MS} ms`, cpuPerTurn <= BUDGET_CPU_PER_TURN_MS],
    ];
    console.log("");
    for (const [label, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
    const pass = checks.every(([, ok]) => ok);
    console.log(`bot latency, ${businesses} business${businesses === 1 ? "" : "es"}: ${pass ? "PASS" : "FAIL"}`);
    // tests/bench/history.csv: date, commit, database, businesses, visitors, load average at start, p50, p99, CPU per turn,
    // the hypervisor's steal during the run in % (empty where not measured: rows before it, or not Linux)
    const row = [
      new Date().toISOString().slice(0, 16) + "Z",
      gitCommit(),
      server.database,
      businesses,
      VISITORS,
      loadAtStart,
      judged.p50.toFixed(1),
      judged.p99.toFixed(1),
      cpuPerTurn.toFixed(2),
      taken ? taken.stealPct.toFixed(1) : "",
    ].join(",");
    return { pass, row };
  } finally {
    for (const v of visitors) v.disconnect();
    await server?.stop();
  }
}

function gitCommit(): string {
  try {
    const dirty = execSync("git status --porcelain -- server tests/bench", { cwd: repoRoot, encoding: "utf8" }).trim() ? "+" : "";
    return execSync("git rev-parse --short HEAD", { cwd: repoRoot, encoding: "utf8" }).trim() + dirty;
  } catch {
    return "unknown";
  }
}

async function main(): Promise<number> {
  const rows: string[] = [];
  let pass = true;
  for (const businesses of BUSINESS_CASES) {
    const result = await runCase(businesses);
    rows.push(result.row);
    pass &&= result.pass;
    console.log("");
  }
  const history = path.join(repoRoot, "tests/bench/history.csv");
  console.log(`${HISTORY ? "appended to" : "rows for"} tests/bench/history.csv${HISTORY ? "" : " (--history appends them)"}:`);
  for (const row of rows) console.log(row);
  if (HISTORY) appendFileSync(history, rows.map((row) => `${row}\n`).join(""));
  console.log(`bot latency: ${pass ? "PASS" : "FAIL"}`);
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log("bot latency: FAIL");
    process.exit(1);
  },
);
