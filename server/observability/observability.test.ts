// The logger's masking and fields, the bound metrics' Prometheus text, and /metrics switched off
// without METRICS_TOKEN (decision 0075). The whole path is in tests/integration/operations.test.ts.
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { createLogger, maskPersonalData } from "./logger.server.ts";
import { createMetrics } from "./metrics.server.ts";
import { operationsRoutes } from "./operations.server.ts";

function capture(level: "info" | "debug" = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level, destination }) };
}

describe("the JSON logger", () => {
  it("masks e-mail addresses and phone numbers, keeping dates, durations and ids", () => {
    expect(maskPersonalData("to nora@fieldsmed.example and +1 415 555 0199, (555) 123-4567 or 555-123-4567")).toBe(
      "to [email] and [phone], [phone] or [phone]",
    );
    expect(maskPersonalData("2026-11-27 took 1234 ms for clx0abc123 at 10:21:10")).toBe("2026-11-27 took 1234 ms for clx0abc123 at 10:21:10");
  });

  it("writes console-style calls as JSON lines: tag as component, objects as fields, errors as err, masked", async () => {
    const { lines, logger } = capture();
    logger.warn("[jobs] mail.send failed for ops@example.com", { queue: "mail.send" }, new Error("550 no mailbox ops@example.com"));
    logger.child!({ requestId: "r-1" }).info("[http] request", { route: "/pricing", email: "a@b.example" });
    logger.debug!("[mail] to ops@example.com");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: "warn", component: "jobs", queue: "mail.send", msg: "[jobs] mail.send failed for [email]", err: { type: "Error", message: "550 no mailbox [email]" } });
    expect(lines[1]).toMatchObject({ level: "info", requestId: "r-1", route: "/pricing", email: "[redacted]" });
  });

  it("writes debug lines unmasked when LOG_LEVEL is debug", () => {
    const { lines, logger } = capture("debug");
    logger.debug!("[mail] to ops@example.com");
    expect(lines[0]).toMatchObject({ level: "debug", msg: "[mail] to ops@example.com" });
  });
});

describe("the metrics", () => {
  it("writes bound counters and histograms as Prometheus text", async () => {
    const metrics = createMetrics({ queues: ["mail.send"] });
    try {
      metrics.chatTurn(0.02, false);
      metrics.chatTurn(40, false);
      metrics.chatTurn(0.2, true);
      metrics.mail("sent");
      metrics.jobRan("mail.send", 0.3, true);
      metrics.jobRan("not-a-queue", 1, true);
      const text = await metrics.scrape();
      for (const sample of [
        'leadbroom_chat_turns_total{outcome="answered"} 2',
        'leadbroom_chat_turns_total{outcome="failed"} 1',
        'leadbroom_chat_turn_duration_seconds_bucket{le="0.025"} 1',
        'leadbroom_chat_turn_duration_seconds_bucket{le="0.25"} 2',
        'leadbroom_chat_turn_duration_seconds_bucket{le="30"} 2',
        'leadbroom_chat_turn_duration_seconds_bucket{le="+Inf"} 3',
        "leadbroom_chat_turn_duration_seconds_sum 40.22",
        "leadbroom_chat_turn_duration_seconds_count 3",
        'leadbroom_emails_total{outcome="sent"} 1',
        'leadbroom_emails_total{outcome="held"} 0',
        'leadbroom_jobs_failed_total{queue="mail.send"} 1',
        'leadbroom_job_duration_seconds_count{queue="mail.send"} 1',
      ]) {
        expect(text).toContain(sample);
      }
      expect(text).not.toContain("not-a-queue");
    } finally {
      metrics.close();
    }
  });

  it("keeps two instances apart (no module-level state)", async () => {
    const a = createMetrics({ queues: [] });
    const b = createMetrics({ queues: [] });
    a.webhook("succeeded");
    expect(await a.scrape()).toContain('leadbroom_webhook_deliveries_total{outcome="succeeded"} 1');
    expect(await b.scrape()).toContain('leadbroom_webhook_deliveries_total{outcome="succeeded"} 0');
    a.close();
    b.close();
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("is not there (404), even with a token", async () => {
    const metrics = createMetrics({ queues: [] });
    const app = express().use(operationsRoutes({ metrics, metricsToken: undefined, readiness: { shuttingDown: () => true, checks: {} } }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer anything-at-all-0123" } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("leadbroom_");
      // Shutting down: not ready, though every check passes.
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "not ready", checks: { process: "shutting down" } });
    } finally {
      server.close();
      metrics.close();
    }
  });
});
