// Soak (issue 36, DESIGN §21): three app instances (the built `server/main.ts` as child processes, as `npm start`
// runs them) on one PostgreSQL and one Redis, behind a loopback TCP balancer (tests/support/tcp-proxy.ts),
// with a fault proxy between the visitors and the balancer. This process runs:
//   - `--visitors` widget clients (default 1,000): the widget's own delivery code (widget/src/client.ts:
//     outbox, resends by clientMessageId, reopen with lastSeq, server:draining) over the real socket.io
//     client, each qualifying in a loop (8 answers, think time 2–8 s as in bot-latency.ts; a finished
//     visitor is replaced by a new one), each with its own X-Forwarded-For address (the instances trust one
//     proxy, as behind nginx), so per-address limits apply per visitor;
//   - 20 members of the business with the workspace open (their own accounts, support role), and a few
//     live takeovers going on (a member joins a visitor's chat, writes three messages, leaves);
//   - a schedule over `--minutes` (default 10): a rolling restart (SIGTERM, wait for the exit, start again)
//     of each instance in turn, one SIGKILL (restarted 2 s later), then the fault proxy cutting every
//     visitor connection after a random 2–10 s for a while, then quiet; then the visitors finish and the
//     figures are read from the clients, the database and an SMTP sink (the owner's lead alerts).
// It prints the "must be 0" counts (visitor messages lost, duplicated by clientMessageId, bot replies not
// delivered, qualified conversations without exactly one lead and one owner alert, lead-alert jobs lost or
// doubled, agent messages not delivered), the bot reply p99 over the run and during restarts, the peak of
// reconnects per second after each restart, the longest time a visitor could not send, and each
// instance's RSS at its start and at the end. Exit code 1 when any count is not 0.
//
// Run (from a fresh build; PostgreSQL and Redis on their default local ports unless DATABASE_URL /
// REDIS_URL say otherwise):
//   npm run build && npx tsx tests/bench/soak.ts [--minutes=10] [--visitors=1000] [--members=20]
// The development run on the shared machine: --minutes=1 --visitors=100.
import "./support/production-mode.ts"; // first: before any library reads NODE_ENV
import { readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { createClient, type ChatClient, type ViewState } from "../../widget/src/client.ts";
import { createStore } from "../../widget/src/store.ts";
import { FakeStorage } from "../../widget/src/test-support.ts";
import type { Message, ServerDraining, TakeoverAck } from "#server/realtime/protocol.ts";
import { hashPassword } from "#server/auth/password.server.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { HttpClient } from "../support/http-client.ts";
import { cookieHeader } from "../support/workspace-client.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { createScratchDatabase, freePort } from "../support/test-server.ts";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";
import { fmtMs, machine, sleep, summarize } from "./support/child.ts";

const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const MINUTES = arg("minutes", 10);
const VISITORS = arg("visitors", 1000);
const MEMBERS = arg("members", 20);
const TAKEOVERS = Math.min(5, MEMBERS);
const INSTANCES = 3;
const RUN_MS = MINUTES * 60_000;
const THINK = { min: 2_000, max: 8_000 };
const ANSWERS = ["Industrial", "Over 50,000 sq ft", "Daily", "Over $10,000", "Immediately", "Sam Reed", "Reed Logistics", "sam@reedlogistics.example"];
/** A reply not seen this long after sending counts as not delivered (the visitor gives up on that chat). */
const REPLY_TIMEOUT_MS = 120_000;
const RESTART_WINDOW_MS = 15_000;
const databaseAdminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const t0 = performance.now();
const now = () => performance.now() - t0;
const log = (text: string) => console.info(`[${(now() / 1000).toFixed(1).padStart(6)} s] ${text}`);
const rand = (min: number, max: number) => min + Math.random() * (max - min);

// ------------------------------------------------------------------------------------------------
// Topology: database, SMTP sink, balancer, fault proxy, instances.
console.info(machine());
console.info(`soak: ${MINUTES} min, ${VISITORS} visitors, ${MEMBERS} members, ${INSTANCES} instances, PostgreSQL + Redis`);
const scratch = await createScratchDatabase(databaseAdminUrl);
const sink = await startSmtpSink();
const balancer = await startTcpProxy({ backends: [] });
const faults = await startTcpProxy({ backends: [balancer.port] });

type Instance = { name: string; port: number; proc: ServerProcess | null; rss: { pid: number; startMb: number; endMb: number }[] };
const instances: Instance[] = [];
for (let i = 0; i < INSTANCES; i++) instances.push({ name: `app${i + 1}`, port: await freePort(), proc: null, rss: [] });
balancer.setBackends(instances.map((i) => i.port));

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

async function start(instance: Instance): Promise<void> {
  instance.proc = await startServerProcess({
    PORT: String(instance.port),
    HOST: "127.0.0.1",
    PUBLIC_APP_URL: balancer.url,
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    DATA_DIR: `${os.tmpdir()}/leadbroom-soak-${instance.name}`,
    SESSION_SECRET: "soak-session-secret-soak-session-secret",
    SEED_DEMO: "true",
    SMTP_URL: sink.url,
    // The balancer passes bytes; the clients' own X-Forwarded-For is what a proxy would have written.
    TRUST_PROXY: "1",
    CHAT_RECOVERY_AFTER_SECONDS: "15",
  });
  const pid = instance.proc.child.pid!;
  instance.rss.push({ pid, startMb: NaN, endMb: NaN });
  // The start figure once it has warmed up.
  setTimeout(() => {
    const entry = instance.rss.find((r) => r.pid === pid);
    if (entry && Number.isNaN(entry.startMb)) entry.startMb = rssMb(pid);
  }, 20_000).unref();
}

log("starting the instances (the first migrates and seeds)");
await start(instances[0]!);
await Promise.all(instances.slice(1).map(start));

// 20 members of the demo business (support role; the demo owner is the 20th's owner alerts' recipient).
const admin = new pg.Client({ connectionString: scratch.url });
await admin.connect();
const { rows: businessRows } = await admin.query<{ businessId: string }>(`SELECT "businessId" FROM "Chatbot" WHERE "siteKey" = $1`, [DEMO.siteKey]);
const businessId = businessRows[0]!.businessId;
const memberPassword = "SoakMember123";
const memberHash = await hashPassword(memberPassword);
const memberEmails: string[] = [DEMO.email];
for (let i = 1; i < MEMBERS; i++) {
  const email = `soak-member-${i}@example.com`;
  await admin.query(
    `INSERT INTO "User" ("id", "email", "passwordHash", "displayName", "updatedAt") VALUES ($1, $2, $3, $4, now())`,
    [`soakuser${i}`, email, memberHash, `Member ${i}`],
  );
  await admin.query(`INSERT INTO "Membership" ("id", "userId", "businessId", "role") VALUES ($1, $2, $3, 'support')`, [`soakmember${i}`, `soakuser${i}`, businessId]);
  memberEmails.push(email);
}

// ------------------------------------------------------------------------------------------------
// Measurements.
type Phase = { name: string; from: number; to: number };
const restartWindows: Phase[] = [];
const replies: { at: number; ms: number }[] = [];
const connects: number[] = [];
let longestOfflineMs = 0;
let longestUnstoredMs = 0;
let running = true;

type Chat = { conversationId: string | null; sent: string[]; qualified: boolean; timedOut: number; view: ViewState | null };
const chats: Chat[] = [];

function waitState(client: ChatClient, ok: (s: ViewState) => boolean, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (ok(client.getState())) return resolve(true);
    const unsubscribe = client.subscribe(() => {
      if (!ok(client.getState())) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
    const timer = setTimeout(() => (unsubscribe(), resolve(false)), timeoutMs);
  });
}

function visitorClient(address: string): ChatClient {
  let offlineSince: number | null = null;
  const client = createClient({
    store: createStore(new FakeStorage(), DEMO.siteKey),
    siteKey: DEMO.siteKey,
    test: undefined,
    connect: (auth) => {
      const socket = io(`${faults.url}/widget`, {
        auth,
        transports: ["websocket"],
        forceNew: true,
        reconnectionDelayMax: 10_000,
        extraHeaders: { Origin: "https://customer.example", "X-Forwarded-For": address },
      });
      socket.on("connect", () => connects.push(now()));
      return socket;
    },
    pageUrl: () => "https://customer.example/quote",
    onFatal: (reason) => console.error(`a visitor was refused for good: ${reason}`),
  });
  client.subscribe(() => {
    const online = client.getState().status === "online";
    if (!online && offlineSince === null) offlineSince = now();
    if (online && offlineSince !== null) {
      longestOfflineMs = Math.max(longestOfflineMs, now() - offlineSince);
      offlineSince = null;
    }
  });
  return client;
}

const visitorMessages = (s: ViewState) => s.messages.filter((m) => m.role === "visitor");

/** One visitor after another in this slot, each qualifying once (the loop of the issue). */
async function visitorSlot(slot: number): Promise<void> {
  await sleep(rand(0, 20_000)); // ramp-up
  let round = 0;
  while (running) {
    const client = visitorClient(`10.${(slot >> 8) & 255}.${slot & 255}.${(round++ % 250) + 1}`);
    const chat: Chat = { conversationId: null, sent: [], qualified: false, timedOut: 0, view: null };
    chats.push(chat);
    client.start();
    await waitState(client, (s) => s.status === "online" && s.messages.length > 0, REPLY_TIMEOUT_MS);
    for (const [i, answer] of ANSWERS.entries()) {
      await sleep(rand(THINK.min, THINK.max));
      if (!running) break;
      const sentAt = now();
      let storedAt: number | null = null;
      client.send(answer);
      chat.sent.push(answer);
      const replied = await waitState(
        client,
        (s) => {
          const mine = visitorMessages(s)[i];
          if (!mine) return false;
          storedAt ??= now();
          return s.messages.some((m) => m.role !== "visitor" && m.seq > mine.seq);
        },
        REPLY_TIMEOUT_MS,
      );
      longestUnstoredMs = Math.max(longestUnstoredMs, (storedAt ?? now()) - sentAt);
      if (!replied) {
        chat.timedOut++;
        break;
      }
      replies.push({ at: sentAt, ms: now() - sentAt });
      if (i === ANSWERS.length - 1) chat.qualified = true;
    }
    // Anything still in the outbox is delivered before the visitor leaves (or the end's wait gives up).
    await waitState(client, (s) => s.pending.length === 0 && s.status === "online", 60_000);
    chat.view = client.getState();
    chat.conversationId = chat.view.messages[0]?.conversationId ?? null;
    client.stop();
  }
}

// ------------------------------------------------------------------------------------------------
// Members: workspace sockets through the balancer, reconnecting as the dashboard does; live takeovers.
type Member = { http: HttpClient; socket: Socket };
const members: Member[] = [];
for (const email of memberEmails) {
  const http = new HttpClient(balancer.url, { Origin: balancer.url, "X-Forwarded-For": `10.200.0.${members.length + 1}` });
  const login = await http.post("/login", { intent: "login", email, password: email === DEMO.email ? DEMO.password : memberPassword });
  if (login.location !== "/app") throw new Error(`member ${email} could not sign in (${login.status})`);
  const socket = io(`${balancer.url}/workspace`, {
    transports: ["websocket"],
    forceNew: true,
    extraHeaders: { Cookie: cookieHeader(http), Origin: balancer.url, "X-Forwarded-For": `10.200.0.${members.length + 1}` },
  });
  socket.on("server:draining", ({ reconnectWithinMs }: ServerDraining) => {
    socket.disconnect();
    setTimeout(() => socket.connect(), Math.random() * reconnectWithinMs);
  });
  members.push({ http, socket });
}
const agentStats = { sent: 0, delivered: 0, failedJoins: 0 };

/** An ack, retried (the same payload, so the same clientMessageId) until it is ok or the time is up. */
async function acked<T>(socket: Socket, event: string, payload: unknown, timeoutMs = 60_000): Promise<TakeoverAck<T> | null> {
  const deadline = now() + timeoutMs;
  while (now() < deadline) {
    try {
      const ack = (await socket.timeout(5_000).emitWithAck(event, payload)) as TakeoverAck<T>;
      if (ack.ok || (ack.error !== "server_error" && ack.error !== "rate_limited")) return ack;
    } catch {
      // no ack: the socket is reconnecting
    }
    await sleep(500);
  }
  return null;
}

async function takeoverSlot(slot: number): Promise<void> {
  await sleep(rand(5_000, 25_000));
  let round = 0;
  while (running) {
    const member = members[(slot + round) % members.length]!;
    const client = visitorClient(`10.201.${slot}.${(round++ % 250) + 1}`);
    client.start();
    client.send(ANSWERS[0]!);
    const opened = await waitState(client, (s) => s.messages.some((m) => m.role === "visitor") && s.messages.at(-1)?.role !== "visitor", REPLY_TIMEOUT_MS);
    const conversationId = client.getState().messages[0]?.conversationId;
    if (opened && conversationId) {
      const joined = await acked(member.socket, "conversation:join", { conversationId, takeOver: true });
      if (!joined?.ok) agentStats.failedJoins++;
      else {
        for (let k = 0; k < 3 && running; k++) {
          const text = `Agent message ${slot}-${round}-${k}`;
          const ack = await acked<{ message: Message }>(member.socket, "agent:message:send", { conversationId, clientMessageId: `soak_${slot}_${round}_${k}_${Date.now()}`, text });
          if (!ack?.ok) continue;
          agentStats.sent++;
          if (await waitState(client, (s) => s.messages.some((m) => m.role === "agent" && m.text === text), REPLY_TIMEOUT_MS)) agentStats.delivered++;
          await sleep(rand(1_000, 3_000));
        }
        await acked(member.socket, "conversation:leave", { conversationId });
      }
    }
    client.stop();
    await sleep(rand(5_000, 10_000));
  }
}

// ------------------------------------------------------------------------------------------------
// The schedule: rolling restarts, one SIGKILL, network faults, quiet.
async function rollingRestart(instance: Instance): Promise<void> {
  const from = now();
  restartWindows.push({ name: `SIGTERM ${instance.name}`, from, to: from + RESTART_WINDOW_MS });
  log(`SIGTERM ${instance.name}`);
  const proc = instance.proc!;
  const entry = instance.rss.at(-1)!;
  entry.endMb = rssMb(entry.pid);
  proc.child.kill("SIGTERM");
  const code = await proc.exited;
  log(`${instance.name} exited (${code}) after ${((now() - from) / 1000).toFixed(1)} s: ${/Drained in [^\n]*/.exec(proc.output())?.[0] ?? "no drain line"}`);
  if (code !== 0) sigtermFailures++;
  await start(instance);
  log(`${instance.name} started again`);
}
let sigtermFailures = 0;

async function kill(instance: Instance): Promise<void> {
  const from = now();
  restartWindows.push({ name: `SIGKILL ${instance.name}`, from, to: from + RESTART_WINDOW_MS });
  log(`SIGKILL ${instance.name}`);
  const entry = instance.rss.at(-1)!;
  entry.endMb = rssMb(entry.pid);
  instance.proc!.child.kill("SIGKILL");
  await instance.proc!.exited;
  await sleep(2_000);
  await start(instance);
  log(`${instance.name} started again`);
}

const at = (fraction: number) => t0 + fraction * RUN_MS;
const until = async (fraction: number) => {
  const wait = at(fraction) - performance.now();
  if (wait > 0) await sleep(wait);
};
const slots = [
  ...Array.from({ length: VISITORS }, (_, i) => visitorSlot(i)),
  ...Array.from({ length: TAKEOVERS }, (_, i) => takeoverSlot(i)),
];
const faultWindow = { from: 0.7, to: 0.88, fromMs: NaN, toMs: NaN };
for (const [i, instance] of instances.entries()) {
  await until(0.15 * (i + 1));
  await rollingRestart(instance);
}
await until(0.6);
await kill(instances[1]!);
await until(faultWindow.from);
log("network faults on: every visitor connection is cut after 2–10 s");
faultWindow.fromMs = now();
faults.setFaults(() => rand(2_000, 10_000));
// The planned share of the run, however late the restarts left us (a slow start-up on a busy machine).
await sleep((faultWindow.to - faultWindow.from) * RUN_MS);
faults.setFaults(null);
faultWindow.toMs = now();
log(`network faults off (${faults.stats().cut} connections cut)`);
await until(1);
for (const instance of instances) {
  const entry = instance.rss.at(-1)!;
  entry.endMb = rssMb(entry.pid);
}
log("time is up: the visitors finish their current answer");
running = false;
await Promise.all(slots);
// Turns a SIGKILL left unanswered are finished by the recovery job (stale after 15 s, every minute):
// the database is read once nothing is pending.
log("waiting for the job queue to settle");
const settleDeadline = now() + 120_000;
for (;;) {
  const { rows } = await admin.query<{ n: string }>(`SELECT count(*) AS n FROM "EmailDelivery" WHERE "status" = 'sending'`);
  if (Number(rows[0]!.n) === 0 || now() > settleDeadline) break;
  await sleep(1_000);
}
await sleep(3_000);

// ------------------------------------------------------------------------------------------------
// Checks against the database and the SMTP sink.
let lost = 0;
let duplicated = 0;
let notDelivered = 0;
let leadProblems = 0;
let jobsLost = 0;
let jobsDoubled = 0;
/** A few examples of each failure, printed with the figures (for the one who has to find out why). */
const examples = new Map<string, string[]>();
const example = (kind: string, text: string) => {
  const list = examples.get(kind) ?? [];
  if (list.length < 5) list.push(text);
  examples.set(kind, list);
};
const qualified = chats.filter((c) => c.qualified);
for (const chat of chats) {
  notDelivered += chat.timedOut;
  if (chat.timedOut) example("not delivered", `a reply not shown within ${REPLY_TIMEOUT_MS / 1000} s in ${chat.conversationId ?? "a conversation never stored"} after ${chat.sent.length} answers`);
  if (!chat.conversationId) {
    lost += chat.sent.length;
    if (chat.sent.length) example("lost", `${chat.sent.length} messages of a conversation never stored (pending at the end: ${chat.view?.pending.length ?? "?"})`);
    continue;
  }
  const { rows } = await admin.query<{ id: string; seq: number; role: string; text: string; clientMessageId: string | null }>(
    `SELECT "id", "seq", "role", "text", "clientMessageId" FROM "Message" WHERE "conversationId" = $1 ORDER BY "seq"`,
    [chat.conversationId],
  );
  const stored = rows.filter((r) => r.role === "visitor");
  const byClientId = new Map<string, number>();
  for (const r of stored) if (r.clientMessageId) byClientId.set(r.clientMessageId, (byClientId.get(r.clientMessageId) ?? 0) + 1);
  duplicated += [...byClientId.values()].reduce((n, c) => n + (c - 1), 0);
  // Each text the visitor sent is stored once, in order (the answers are distinct).
  const texts = stored.map((r) => r.text);
  const missing = chat.sent.filter((text) => !texts.includes(text));
  lost += missing.length;
  if (missing.length) example("lost", `${chat.conversationId}: ${JSON.stringify(missing)} not stored (pending at the end: ${chat.view?.pending.length ?? "?"})`);
  duplicated += texts.length - new Set(texts).size;
  // Every message stored up to the last one the visitor saw reached the visitor (no seq gap left).
  const seen = new Set(chat.view?.messages.map((m) => m.seq));
  const lastSeen = Math.max(0, ...seen);
  const gaps = rows.filter((r) => r.role !== "visitor" && r.seq <= lastSeen && !seen.has(r.seq));
  notDelivered += gaps.length;
  if (gaps.length) example("not delivered", `${chat.conversationId}: seq ${gaps.map((r) => r.seq).join(",")} stored, not shown (last shown ${lastSeen})`);
  // Every stored visitor message has an answer after it.
  const lastVisitor = stored.at(-1);
  if (lastVisitor && !rows.some((r) => r.role !== "visitor" && r.seq > lastVisitor.seq)) {
    notDelivered++;
    example("not delivered", `${chat.conversationId}: visitor message seq ${lastVisitor.seq} never answered`);
  }
}
const qualifiedIds = qualified.map((c) => c.conversationId).filter((id): id is string => id !== null);
const { rows: leadRows } = await admin.query<{ id: string; conversationId: string }>(
  `SELECT "id", "conversationId" FROM "Lead" WHERE "conversationId" = ANY($1)`,
  [qualifiedIds],
);
const { rows: notificationRows } = await admin.query<{ leadId: string; n: string }>(
  `SELECT "leadId", count(*) AS n FROM "Notification" WHERE "type" = 'new-lead' AND "leadId" = ANY($1) GROUP BY "leadId"`,
  [leadRows.map((l) => l.id)],
);
const notifications = new Map(notificationRows.map((r) => [r.leadId, Number(r.n)]));
// Alerts per lead by distinct Message-ID: the same e-mail handed to the SMTP server twice (a runner killed
// between the server's 250 and recording it as sent) carries the same Message-ID, which receiving
// systems deduplicate; counted apart as redelivered.
const alertIds = new Map<string, Set<string>>();
let redelivered = 0;
for (const mail of sink.messages) {
  const id = /\/app\/leads\/([\w-]+)/.exec(mail.decoded)?.[1];
  if (!id) continue;
  const ids = alertIds.get(id) ?? new Set<string>();
  if (ids.has(mail.messageId)) redelivered++;
  ids.add(mail.messageId);
  alertIds.set(id, ids);
}
const alertsByLead = new Map([...alertIds].map(([id, ids]) => [id, ids.size]));
for (const id of qualifiedIds) {
  const leads = leadRows.filter((l) => l.conversationId === id);
  const lead = leads[0];
  if (leads.length !== 1 || !lead || notifications.get(lead.id) !== 1 || alertsByLead.get(lead.id) !== 1) {
    leadProblems++;
    example("leads", `${id}: ${leads.length} leads, ${lead ? (notifications.get(lead.id) ?? 0) : 0} new-lead notifications, ${lead ? (alertsByLead.get(lead.id) ?? 0) : 0} alert e-mails`);
  }
  const alerts = lead ? (alertsByLead.get(lead.id) ?? 0) : 0;
  if (lead && alerts === 0) jobsLost++;
  if (alerts > 1) jobsDoubled += alerts - 1;
}
const { rows: unsent } = await admin.query<{ n: string }>(`SELECT count(*) AS n FROM "EmailDelivery" WHERE "status" <> 'sent'`);
jobsLost += Number(unsent[0]!.n);

// ------------------------------------------------------------------------------------------------
// Figures.
const inRestart = (t: number) => restartWindows.some((w) => t >= w.from && t < w.to);
const all = summarize(replies.map((r) => r.ms));
const during = summarize(replies.filter((r) => inRestart(r.at)).map((r) => r.ms));
const quiet = summarize(replies.filter((r) => !inRestart(r.at) && !(r.at >= faultWindow.fromMs && r.at < faultWindow.toMs)).map((r) => r.ms));
console.info("");
console.info(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (1/5/15 min)`);
console.info(`conversations: ${chats.length} (${qualified.length} qualified), visitor messages sent: ${chats.reduce((n, c) => n + c.sent.length, 0)}, bot replies timed: ${replies.length}`);
console.info(`bot reply (send → reply shown), whole run:  p50 ${fmtMs(all.p50)}  p99 ${fmtMs(all.p99)}  max ${fmtMs(all.max)}`);
console.info(`bot reply, within ${RESTART_WINDOW_MS / 1000} s of a restart:   p50 ${fmtMs(during.p50)}  p99 ${fmtMs(during.p99)}  max ${fmtMs(during.max)} (n=${during.count})`);
console.info(`bot reply, no restart and no faults:       p50 ${fmtMs(quiet.p50)}  p99 ${fmtMs(quiet.p99)} (n=${quiet.count})`);
for (const w of restartWindows) {
  const perSecond = new Map<number, number>();
  for (const c of connects) if (c >= w.from && c < w.to) perSecond.set(Math.floor(c / 1000), (perSecond.get(Math.floor(c / 1000)) ?? 0) + 1);
  console.info(`reconnects after ${w.name}: peak ${Math.max(0, ...perSecond.values())}/s, ${[...perSecond.values()].reduce((a, b) => a + b, 0)} in ${RESTART_WINDOW_MS / 1000} s`);
}
console.info(`longest time a visitor was not connected: ${fmtMs(longestOfflineMs)}; longest from send to stored: ${fmtMs(longestUnstoredMs)}`);
console.info(`network faults: ${faults.stats().cut} connections cut; balancer refused ${balancer.stats().refused}`);
console.info(`lead alerts handed to the SMTP server again with the same Message-ID (a runner stopped after sending, before recording it): ${redelivered}`);
console.info(`live takeovers: ${agentStats.sent} agent messages acked, ${agentStats.delivered} shown to the visitor, ${agentStats.failedJoins} joins failed`);
for (const instance of instances) {
  console.info(`RSS ${instance.name}: ${instance.rss.map((r) => `pid ${r.pid} ${r.startMb.toFixed(0)} → ${r.endMb.toFixed(0)} MB`).join("; ")}`);
}
const zeros: [string, number][] = [
  ["visitor messages lost", lost],
  ["visitor messages duplicated (clientMessageId)", duplicated],
  ["bot replies not delivered", notDelivered],
  ["qualified conversations without exactly one lead and one owner alert", leadProblems],
  ["lead-alert jobs lost", jobsLost],
  ["lead-alert jobs doubled", jobsDoubled],
  ["agent messages not delivered", agentStats.sent - agentStats.delivered],
  ["instances not done within SHUTDOWN_TIMEOUT_MS + 2 s of SIGTERM (exit code not 0)", sigtermFailures],
];
for (const [kind, list] of examples) for (const text of list) console.info(`  e.g. ${kind}: ${text}`);
console.info("");
for (const [label, n] of zeros) console.info(`${n === 0 ? "ok  " : "FAIL"} ${label}: ${n}`);
const pass = zeros.every(([, n]) => n === 0) && qualified.length > 0;
console.info(pass ? "PASS" : "FAIL");

// ------------------------------------------------------------------------------------------------
for (const member of members) member.socket.disconnect();
for (const instance of instances) instance.proc?.child.kill("SIGTERM");
await Promise.all(instances.map((i) => i.proc?.exited));
await admin.end();
await Promise.all([faults.close(), balancer.close(), sink.close()]);
await scratch.drop();
process.exit(pass ? 0 : 1);
