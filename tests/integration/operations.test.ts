// Operations (issue 35 item 3, decision 0075) against the real server: `GET /metrics` is scraped with its
// token and each metric moves when its event happens (a chat turn, a captured lead, connected visitors and
// members, a job run, failed and waiting, a webhook delivery, an e-mail, an SMS, an HTTP request by route
// pattern); a missing or wrong token is refused. The process's JSON log carries request and conversation
// ids and none of the visitor's words, address or phone. Readiness flips when the database is closed.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { EVENT_QUEUE, MAIL_QUEUE, SMS_SEND_QUEUE, WEBHOOK_QUEUE } from "#server/jobs/queue/queues.ts";
import { enqueueMail } from "#server/mail/mail-jobs.server.ts";
import { createLogger } from "#server/observability/logger.server.ts";
import { queueSms } from "#server/sms/outbound.server.ts";
import { createEndpoint } from "#server/webhooks/endpoints.server.ts";
import { sendTestEvent } from "#server/webhooks/deliveries.server.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startReceiver } from "../support/webhook-receiver.ts";
import { Visitor } from "../support/widget-client.ts";
import { openWorkspaceSocket } from "../support/workspace-client.ts";

const TOKEN = "test-metrics-token-0123456789";
const VISITOR = { name: "Hana Metric", email: "hana.metric@acme.example", phone: "+1 415 555 0199", words: "Regular Commercial Cleaning" };

let server: TestServer;
let receiver: ReturnType<typeof startReceiver>;
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const sockets: Socket[] = [];
let businessId: string;

beforeAll(async () => {
  receiver = startReceiver();
  await receiver.listen();
  // The process's own logger, writing its JSON lines here instead of stdout.
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  server = await startTestServer({
    env: { METRICS_TOKEN: TOKEN, WEBHOOKS_ALLOW_LOOPBACK: "true", LOG_SLOW_TURN_MS: "0" },
    logger: createLogger({ level: "info", destination }),
  });
  businessId = (await server.services.db.chatbot.findFirstOrThrow({ where: { siteKey: DEMO.siteKey } })).businessId;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  // The last test closed the database: closing the rest may find it gone.
  await server?.close().catch(() => undefined);
  await new Promise((resolve) => receiver?.server.close(resolve));
});

/** Every sample of the scrape, by its series (`name{labels}`). */
async function scrape(): Promise<Map<string, number>> {
  const res = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    const match = /^(\w+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

/** The series' value now minus its value in `before` (absent counts as 0). */
async function moved(before: Map<string, number>, series: string): Promise<number> {
  return ((await scrape()).get(series) ?? 0) - (before.get(series) ?? 0);
}

describe("GET /metrics", () => {
  it("refuses a missing or wrong token (401) and answers the Prometheus text to the right one", async () => {
    const none = await fetch(new URL("/metrics", server.url));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    const wrong = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("leadbroom_");

    const res = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    for (const name of [
      "leadbroom_chat_turns_total",
      "leadbroom_chat_turn_duration_seconds",
      "leadbroom_connected_visitors",
      "leadbroom_connected_members",
      "leadbroom_leads_captured_total",
      "leadbroom_jobs_queued",
      "leadbroom_jobs_failed_total",
      "leadbroom_job_duration_seconds",
      "leadbroom_webhook_deliveries_total",
      "leadbroom_emails_total",
      "leadbroom_sms_total",
      "leadbroom_http_request_duration_seconds",
      "leadbroom_event_loop_delay_seconds",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    const samples = await scrape();
    expect(samples.get('leadbroom_event_loop_delay_seconds{quantile="0.99"}')).toBeGreaterThan(0);
    expect(samples.get(`leadbroom_jobs_queued{queue="${MAIL_QUEUE}"}`)).toBe(0);
  });
});

describe("each metric moves when its event happens", () => {
  it("counts connected visitors and members while their sockets are open", async () => {
    const before = await scrape();
    expect(before.get("leadbroom_connected_visitors")).toBe(0);
    const visitor = new Visitor(server.url, { siteKey: DEMO.siteKey });
    await visitor.connect();
    expect((await scrape()).get("leadbroom_connected_visitors")).toBe(1);
    const http = new HttpClient(server.url);
    expect((await http.post("/login", DEMO_SIGN_IN)).status).toBe(302);
    await openWorkspaceSocket(server.url, http, sockets);
    expect((await scrape()).get("leadbroom_connected_members")).toBe(1);
    visitor.disconnect();
    await expect.poll(async () => (await scrape()).get("leadbroom_connected_visitors")).toBe(0);
  });

  it("counts a chat's turns with their latency, its lead, and the alert e-mail the lead's jobs send", async () => {
    const before = await scrape();
    const visitor = new Visitor(server.url, { siteKey: DEMO.siteKey });
    await visitor.connect();
    const answers = [VISITOR.words, "20,000–50,000 sq ft", "Daily", "$5,000–$10,000", "Immediately", VISITOR.name, "Acme Property Group", VISITOR.email];
    try {
      const opened = await visitor.open();
      if (!opened.ok) throw new Error(opened.error);
      for (const answer of answers) await visitor.say(answer);
      await visitor.say(`my phone is ${VISITOR.phone}`);
      await server.app.chat.idle();
    } finally {
      visitor.disconnect();
    }
    const turns = answers.length + 1;
    expect(await moved(before, 'leadbroom_chat_turns_total{outcome="answered"}')).toBe(turns);
    expect(await moved(before, "leadbroom_chat_turn_duration_seconds_count")).toBe(turns);
    expect(await moved(before, 'leadbroom_chat_turn_duration_seconds_bucket{le="+Inf"}')).toBe(turns);
    expect(await moved(before, "leadbroom_chat_turn_duration_seconds_sum")).toBeGreaterThan(0);
    expect(await moved(before, 'leadbroom_leads_captured_total{channel="chat"}')).toBe(1);

    // The lead's event job writes the owners' alert e-mail job; both run here (no SMTP_URL: the outbox).
    await server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);
    expect(await moved(before, 'leadbroom_emails_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
    expect(await moved(before, `leadbroom_job_duration_seconds_count{queue="${MAIL_QUEUE}"}`)).toBeGreaterThanOrEqual(1);
    expect(await moved(before, `leadbroom_job_duration_seconds_count{queue="${EVENT_QUEUE}"}`)).toBeGreaterThanOrEqual(1);
  });

  it("counts a lead added by hand as another channel's", async () => {
    const before = await scrape();
    const http = new HttpClient(server.url);
    await http.post("/login", DEMO_SIGN_IN);
    const res = await http.post("/app/leads/new", { name: "Manual Metric", email: "manual.metric@example.com" });
    expect(res.status).toBe(302);
    expect(await moved(before, 'leadbroom_leads_captured_total{channel="other"}')).toBe(1);
  });

  it("shows jobs waiting per queue until they run", async () => {
    const before = await scrape();
    const runAt = new Date(Date.now() + 60 * 60 * 1000);
    const mail = { kind: "metrics-test", message: { to: "ops@example.com", subject: "Metrics", text: "Hello", html: "<p>Hello</p>" } };
    await enqueueMail(server.services.jobs, server.services.db, [{ key: `metrics-test:${Date.now()}`, mail, runAt }]);
    expect((await scrape()).get(`leadbroom_jobs_queued{queue="${MAIL_QUEUE}"}`)).toBe(1);
    await server.services.jobs.releaseDelayed(MAIL_QUEUE);
    await server.services.jobs.idle([MAIL_QUEUE]);
    expect((await scrape()).get(`leadbroom_jobs_queued{queue="${MAIL_QUEUE}"}`)).toBe(0);
    expect(await moved(before, 'leadbroom_emails_total{outcome="sent"}')).toBe(1);
  });

  it("counts webhook deliveries by outcome, and the failed attempt as a failed job of its queue", async () => {
    const created = await createEndpoint(server.services, {
      businessId,
      input: { url: `${await receiverUrl()}/hooks`, events: ["lead.created"] },
      source: "settings",
    });
    if (!created.ok) throw new Error(created.message);
    const endpointId = created.value.endpoint.id;
    const before = await scrape();

    await sendTestEvent(server.services, { businessId, endpointId });
    await receiver.until(1);
    await server.services.jobs.idle([WEBHOOK_QUEUE]);
    expect(await moved(before, 'leadbroom_webhook_deliveries_total{outcome="succeeded"}')).toBe(1);

    receiver.statuses.push(500);
    await sendTestEvent(server.services, { businessId, endpointId });
    await receiver.until(2);
    await expect.poll(() => moved(before, 'leadbroom_webhook_deliveries_total{outcome="retry"}')).toBe(1);
    await expect.poll(() => moved(before, `leadbroom_jobs_failed_total{queue="${WEBHOOK_QUEUE}"}`)).toBe(1);
    expect(await moved(before, `leadbroom_job_duration_seconds_count{queue="${WEBHOOK_QUEUE}"}`)).toBe(2);
  });

  it("counts an SMS by its outcome (no Twilio account here: skipped)", async () => {
    const before = await scrape();
    await queueSms(server.services.jobs, server.services.db, { businessId, key: `metrics-sms:${Date.now()}`, kind: "test", to: "+14155550123", body: "Test" });
    await server.services.jobs.idle([SMS_SEND_QUEUE]);
    expect(await moved(before, 'leadbroom_sms_total{outcome="skipped"}')).toBe(1);
  });

  it("times HTTP requests by route pattern, never by the raw path", async () => {
    const before = await scrape();
    const res = await fetch(new URL("/app/leads/clmetricsleadid0000000000", server.url), { redirect: "manual" });
    expect(res.status).toBe(302);
    const after = await scrape();
    const series = 'leadbroom_http_request_duration_seconds_count{method="GET",route="/app/leads/:leadId",status="302"}';
    expect((after.get(series) ?? 0) - (before.get(series) ?? 0)).toBe(1);
    expect([...after.keys()].some((key) => key.includes("clmetricsleadid"))).toBe(false);
  });
});

describe("the JSON log", () => {
  it("writes JSON lines with request and conversation ids, and no visitor's words, address or phone", async () => {
    const res = await fetch(new URL("/pricing", server.url), { headers: { "X-Request-Id": "probe-42" } });
    expect(res.headers.get("x-request-id")).toBe("probe-42");
    const generated = await fetch(new URL("/login", server.url));
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await Promise.all([res.text(), generated.text()]);

    // A request's line is written when its response has finished: each is waited for on its own.
    await expect.poll(() => lines.some((l) => l.requestId === "probe-42")).toBe(true);
    expect(lines.find((l) => l.requestId === "probe-42")).toMatchObject({ level: "info", component: "http", method: "GET", route: "/pricing", status: 200 });
    await expect.poll(() => lines.find((l) => l.requestId === generated.headers.get("x-request-id"))).toMatchObject({ route: "/login" });
    for (const line of lines) {
      expect(typeof line.time).toBe("string");
      expect(typeof line.msg).toBe("string");
    }

    // LOG_SLOW_TURN_MS=0: every chat turn above was logged at warn, by conversation id and time only.
    const turns = lines.filter((l) => l.msg === "[chat] slow turn");
    expect(turns.length).toBeGreaterThanOrEqual(9);
    expect(turns[0]).toMatchObject({ level: "warn", component: "chat", conversationId: expect.any(String), durationMs: expect.any(Number) });

    const everything = raw.join("\n");
    for (const personal of [VISITOR.name, VISITOR.email, VISITOR.phone, "415 555 0199", VISITOR.words, "ops@example.com", "manual.metric@example.com", DEMO.email]) {
      expect(everything).not.toContain(personal);
    }
  });
});

describe("liveness and readiness", () => {
  it("is live and ready, then not ready once the database is closed (still live)", async () => {
    const live = await fetch(new URL("/livez", server.url));
    expect(live.status).toBe(200);
    const ready = await fetch(new URL("/readyz", server.url));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok" } });

    await server.services.jobs.stop();
    await server.database.close();
    const notReady = await fetch(new URL("/readyz", server.url));
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: "not ready", checks: { database: "unreachable" } });
    expect((await fetch(new URL("/livez", server.url))).status).toBe(200);
  });
});

async function receiverUrl(): Promise<string> {
  const address = receiver.server.address();
  if (!address || typeof address === "string") throw new Error("the receiver is not listening");
  return `http://127.0.0.1:${address.port}`;
}
