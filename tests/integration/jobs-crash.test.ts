// @postgres: jobs abandoned by a killed process, recovered on the server's data.
// A crash loses no e-mail and doubles none (DESIGN §10): the real server runs as a child process
// (`server/main.ts`, as `npm start` runs it) while 20 visitors qualify as high-priority leads at once;
// it is killed with SIGKILL once the first alert e-mails have arrived, then started again on the same
// data. Every lead stored before the crash gets its owner's alert exactly once, counted by Message-ID
// at a real SMTP server; a message sent again after the crash is the same message (same Message-ID).
// The soak-sized burst of 50 visitors is this file run by `npx tsx tests/bench/crash-burst.ts`
// (LB_CRASH_BURST_VISITORS=50; decision 0096): in `npm test` 20 leave leads in flight at the kill as well.
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { Visitor } from "../support/widget-client.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { CHAT_RECOVERY_QUEUE, EVENT_QUEUE, MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { messageIdFor } from "#server/mail/mail-jobs.server.ts";
import { startServerOnFreshData, type FreshServerProcess } from "../support/server-process.ts";

const MAIL_FROM = "LeadBroom <no-reply@leadbroom.test>";
// Each visitor on its own loopback address 127.0.0.(10 + i): at most 240.
const VISITORS = Math.min(240, Number(process.env.LB_CRASH_BURST_VISITORS ?? 20));

async function qualify(url: string, i: number): Promise<void> {
  // Each visitor from its own loopback address, as 50 people on 50 networks would be (per-IP limits).
  const visitor = new Visitor(url, { siteKey: DEMO.siteKey, localAddress: `127.0.0.${10 + i}` });
  try {
    await visitor.connect();
    await visitor.open();
    await visitor.qualifyHighLead({ name: "Casey Crash", company: "Acme Property Group", contact: `visitor${i}@crash.example` });
  } catch {
    // The server was killed under this visitor: what it had stored stays, the rest is gone with it.
  } finally {
    visitor.disconnect();
  }
}

describe("kill -9 during a burst of leads", () => {
  let sink: SmtpSink;
  let started: FreshServerProcess | undefined;
  let restarted: TestServer | undefined;

  afterAll(async () => {
    started?.child.kill("SIGKILL");
    await started?.exited;
    await restarted?.close();
    await started?.cleanUp();
    await sink?.close();
  });

  it("delivers every expected alert exactly once after a restart on the same data", { timeout: 300_000 }, async () => {
    sink = await startSmtpSink();
    // The killed process's own start-up recovery run stays queued, due once the turns it might find are
    // stale (30 s after its start by default on PostgreSQL): the restart below waits for it as for every
    // job, so it gets the same 5 s as the restart.
    started = await startServerOnFreshData({ smtpUrl: sink.url, mailFrom: MAIL_FROM, env: { CHAT_RECOVERY_AFTER_SECONDS: "5" } });
    const { child, exited, dataDir, databaseUrl, url } = started;

    const burst = Promise.all(Array.from({ length: VISITORS }, (_, i) => qualify(url, i)));
    await sink.waitFor(5, 120_000);
    child.kill("SIGKILL");
    await exited;
    const atCrash = sink.messages.length;
    await burst;

    // Answers stored but not yet turned into a lead at the kill are finished by the start-up recovery
    // (decision 0044): on PostgreSQL 5 s after the start here instead of 30 s.
    restarted = await startTestServer({ dataDir, databaseUrl, seedDemo: false, env: { SMTP_URL: sink.url, MAIL_FROM, CHAT_RECOVERY_AFTER_SECONDS: "5" } });
    // On PostgreSQL another instance could be running a job, so abandoned ones wait for their expiry
    // there; this test knows the only other process is dead and releases them now.
    if (databaseUrl) await restarted.services.jobs.recoverAbandoned();
    await restarted.services.jobs.idle([CHAT_RECOVERY_QUEUE, EVENT_QUEUE, MAIL_QUEUE], { timeoutMs: 120_000 });

    const db = restarted.services.db;
    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO.email } });
    const leads = await db.lead.findMany({ where: { email: { endsWith: "@crash.example" } }, select: { id: true, priority: true } });
    expect(leads.length).toBeGreaterThanOrEqual(1);
    expect(leads.every((l) => l.priority === "high")).toBe(true);
    const expected = new Set(leads.map((l) => messageIdFor(`lead-alert:${l.id}:${owner.id}`, MAIL_FROM)));
    // The seeded demo business may e-mail its owner too (a sample follow-up reminder falling due):
    // those are told apart by their own delivery rows, and every other message is one of the alerts.
    const others = await db.emailDelivery.findMany({ where: { kind: { not: "lead-alert" } }, select: { messageId: true } });
    const otherIds = new Set(others.map((d) => d.messageId));
    const alerts = sink.messages.filter((m) => !otherIds.has(m.messageId));
    const arrived = new Set(alerts.map((m) => m.messageId));
    // Every stored lead's alert arrived, and nothing else did: exactly once by Message-ID.
    expect(arrived).toEqual(expected);
    // (A message in flight at the kill may have been sent again after it: then it is the very same
    // message, the same Message-ID, which receivers collapse; the count below says how many.)
    const deliveries = await db.emailDelivery.findMany({ where: { kind: "lead-alert" }, select: { status: true } });
    expect(deliveries).toHaveLength(leads.length);
    expect(deliveries.every((d) => d.status === "sent")).toBe(true);
    console.info(`[jobs-crash] ${leads.length} leads stored, ${atCrash} alerts before the kill, ${alerts.length} in all (${arrived.size} distinct, ${alerts.length - arrived.size} resent)`);
  });
});
