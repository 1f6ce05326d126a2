// The process's Prometheus metrics (issue 35, decision 0075), one registry per application instance:
// created at boot (server/main.ts, tests/support/test-server.ts), handed to the job queue and the
// services, read by `GET /metrics` (metrics-route.server.ts). Nothing here is module-level state, so two
// instances in one process (the tests) count apart.
//
// Domain code never imports this module: it takes small callbacks (a chat turn answered, an e-mail's
// outcome) and the composition root wires them to the metrics below. Each label set known up front is
// bound once here (bound-metrics.server.ts), so an event costs an addition, not a label lookup: the chat
// turn is the hot path (issue 28). Counts that the database already holds (jobs waiting) and the sockets
// connected are read when Prometheus scrapes, costing the chat nothing.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Gauge, Histogram, Registry } from "prom-client";
import { BoundCounter, BoundHistogram, type CounterCell, type HistogramCell } from "./bound-metrics.server.ts";

export const METRICS_PREFIX = "leadbroom_";

/** What happened to one e-mail job attempt (server/mail/mail-jobs.server.ts). */
export const MAIL_OUTCOMES = ["sent", "retry", "failed", "held", "skipped"] as const;
/** What happened to one SMS job attempt (server/sms/outbound.server.ts, automation SMS steps). */
export const SMS_OUTCOMES = ["sent", "retry", "failed", "held", "skipped"] as const;
/** What happened to one webhook delivery attempt (server/webhooks/deliveries.server.ts). */
export const WEBHOOK_OUTCOMES = ["succeeded", "retry", "failed", "deferred"] as const;
/** Where a captured lead came from: a chat (the widget, SMS), anything else (forms, API, calls), a test chat. */
export const LEAD_CHANNELS = ["chat", "other", "test"] as const;

export type MailOutcome = (typeof MAIL_OUTCOMES)[number];
export type SmsOutcome = (typeof SMS_OUTCOMES)[number];
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
export type LeadChannel = (typeof LEAD_CHANNELS)[number];

/** Seconds: a rules turn takes milliseconds, an AI turn seconds (AI_TIMEOUT_MS is 8 s by default). */
const TURN_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

type CountFn = () => number;
type CountByFn = () => Promise<Map<string, number>>;

export type JobMetrics = {
  /** One job attempt ran for `seconds` (its handler), and whether it failed. */
  jobRan(queue: string, seconds: number, failed: boolean): void;
};

export type AppMetrics = JobMetrics & {
  registry: Registry;
  /** A visitor's message was answered (`failed`: the turn threw) `seconds` after this process got it. */
  chatTurn(seconds: number, failed: boolean): void;
  leadCaptured(channel: LeadChannel): void;
  mail(outcome: MailOutcome): void;
  sms(outcome: SmsOutcome): void;
  webhook(outcome: WebhookOutcome): void;
  /** One HTTP request answered, by route pattern (never the raw path: bounded labels, no ids or tokens). */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** Read at scrape time: sockets connected to this process, and the jobs waiting per queue (database-wide). */
  observe(sources: { visitors?: CountFn; members?: CountFn; jobsQueued?: CountByFn }): void;
  /** The Prometheus text of every metric. */
  scrape(): Promise<string>;
  contentType: string;
  /** Stops the event-loop monitor. */
  close(): void;
};

export function createMetrics(options: { queues: readonly string[] }): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const name = (n: string) => `${METRICS_PREFIX}${n}`;

  const turns = new BoundCounter(name("chat_turns_total"), "Visitor messages answered by the chatbot, by outcome.", ["outcome"], registry);
  const turnsAnswered = turns.bind("answered");
  const turnsFailed = turns.bind("failed");
  const turnSeconds = new BoundHistogram(
    name("chat_turn_duration_seconds"),
    "From a visitor's message reaching this process to the chatbot's reply stored and sent.",
    [],
    registry,
    TURN_BUCKETS,
  ).bind();

  const sources: { visitors?: CountFn; members?: CountFn; jobsQueued?: CountByFn } = {};
  new Gauge({
    name: name("connected_visitors"),
    help: "Widget connections (visitors' browser tabs) open on this process.",
    registers,
    collect() {
      this.set(sources.visitors?.() ?? 0);
    },
  });
  new Gauge({
    name: name("connected_members"),
    help: "Workspace connections (signed-in team members' pages) open on this process.",
    registers,
    collect() {
      this.set(sources.members?.() ?? 0);
    },
  });

  const leads = countBy(name("leads_captured_total"), "Leads captured by this process, by channel.", "channel", LEAD_CHANNELS, registry);
  const mails = countBy(name("emails_total"), "E-mail job attempts, by outcome.", "outcome", MAIL_OUTCOMES, registry);
  const texts = countBy(name("sms_total"), "SMS sending attempts, by outcome.", "outcome", SMS_OUTCOMES, registry);
  const webhooks = countBy(name("webhook_deliveries_total"), "Webhook delivery attempts, by outcome.", "outcome", WEBHOOK_OUTCOMES, registry);

  new Gauge({
    name: name("jobs_queued"),
    help: "Jobs waiting to run (due or delayed, retries included), per queue, in the whole database.",
    labelNames: ["queue"],
    registers,
    async collect() {
      if (!sources.jobsQueued) return;
      // A scrape must answer even when the database does not: the gauge is then left out of it.
      const counts = await sources.jobsQueued().catch(() => null);
      this.reset();
      if (!counts) return;
      for (const queue of options.queues) this.labels(queue).set(counts.get(queue) ?? 0);
    },
  });
  const jobsFailed = new BoundCounter(name("jobs_failed_total"), "Job attempts that failed in this process, per queue.", ["queue"], registry);
  const jobSeconds = new BoundHistogram(name("job_duration_seconds"), "How long job attempts ran in this process, per queue.", ["queue"], registry, JOB_BUCKETS);
  const perQueue = new Map<string, { failed: CounterCell; seconds: HistogramCell }>(
    options.queues.map((queue) => [queue, { failed: jobsFailed.bind(queue), seconds: jobSeconds.bind(queue) }]),
  );

  const httpSeconds = new Histogram({
    name: name("http_request_duration_seconds"),
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    buckets: HTTP_BUCKETS,
    registers,
  });

  // The event loop's delay (what every chat waits on), sampled every 20 ms; each scrape reads and resets it.
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const loopDelay = new Gauge({
    name: name("event_loop_delay_seconds"),
    help: "Event-loop delay since the previous scrape: quantiles 0.5, 0.9 and 0.99, and the max.",
    labelNames: ["quantile"],
    registers,
    collect() {
      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      loopDelay.labels("0.5").set(seconds(loop.percentile(50)));
      loopDelay.labels("0.9").set(seconds(loop.percentile(90)));
      loopDelay.labels("0.99").set(seconds(loop.percentile(99)));
      loopDelay.labels("max").set(seconds(loop.max));
      loop.reset();
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    chatTurn(seconds, failed) {
      if (failed) turnsFailed.inc();
      else turnsAnswered.inc();
      turnSeconds.observe(seconds);
    },
    leadCaptured: (channel) => leads[channel].inc(),
    mail: (outcome) => mails[outcome].inc(),
    sms: (outcome) => texts[outcome].inc(),
    webhook: (outcome) => webhooks[outcome].inc(),
    jobRan(queue, seconds, failed) {
      const bound = perQueue.get(queue);
      if (!bound) return; // not a queue of queues.ts (a test's own): not counted
      bound.seconds.observe(seconds);
      if (failed) bound.failed.inc();
    },
    httpRequest(method, route, status, seconds) {
      httpSeconds.labels(method, route, String(status)).observe(seconds);
    },
    observe(next) {
      Object.assign(sources, next);
    },
    scrape: () => registry.metrics(),
    close() {
      loop.disable();
    },
  };
}

/** A counter with one label whose values are all known, each bound once (listed as 0 from the first scrape). */
function countBy<V extends string>(name: string, help: string, label: string, values: readonly V[], registry: Registry): Record<V, CounterCell> {
  const counter = new BoundCounter(name, help, [label], registry);
  return Object.fromEntries(values.map((value) => [value, counter.bind(value)])) as Record<V, CounterCell>;
}
