// @postgres: the job layer's locks, retries and LISTEN/NOTIFY wake-ups.
// The durable job layer with e-mail as its first effect (DESIGN §10), against a real SMTP server:
// jobs written in the caller's transaction (outbox), delivered once, retried through an outage, kept
// as failed for a refused address, delayed jobs, and a job run twice (a crash after sending).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { enqueueMail, MAIL_JOB, mailJobHandler } from "#server/mail/mail-jobs.server.ts";

let server: TestServer;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM: "LeadBroom <no-reply@leadbroom.test>" } });
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const mail = (to: string, subject: string) => ({ kind: "test", message: { to, subject, text: `Hello ${to}`, html: `<p>Hello ${to}</p>` } });

function deliveries(keys: string[]) {
  return server.services.db.emailDelivery.findMany({ where: { key: { in: keys } }, orderBy: { key: "asc" } });
}

describe("mail jobs", () => {
  it("delivers each e-mail of a committed transaction exactly once, with a Message-ID from its key", async () => {
    const before = sink.messages.length;
    const keys = Array.from({ length: 30 }, (_, i) => `burst:${i}`);
    await server.services.db.$transaction(async (tx) => {
      await enqueueMail(server.services.jobs, tx, keys.map((key) => ({ key, mail: mail(`${key.replace(":", "-")}@example.test`, key) })));
    });
    await sink.waitFor(before + 30);
    await server.services.jobs.idle([MAIL_JOB]);
    const arrived = sink.messages.slice(before);
    expect(arrived).toHaveLength(30);
    expect(new Set(arrived.map((m) => m.messageId)).size).toBe(30);
    expect(new Set(arrived.map((m) => m.subject))).toEqual(new Set(keys));
    const rows = await deliveries(keys);
    expect(rows.map((r) => r.status)).toEqual(keys.map(() => "sent"));
    for (const row of rows) expect(arrived.find((m) => m.subject === row.key)?.messageId).toBe(row.messageId);
  });

  it("writes no job when the transaction that caused it rolls back", async () => {
    await expect(
      server.services.db.$transaction(async (tx) => {
        await enqueueMail(server.services.jobs, tx, [{ key: "rolled-back:1", mail: mail("rb@example.test", "rolled back") }]);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    // A later job on the same queue is delivered; the rolled-back one never is.
    const before = sink.messages.length;
    await enqueueMail(server.services.jobs, server.services.db, [{ key: "after-rollback:1", mail: mail("ok@example.test", "after") }]);
    await sink.waitFor(before + 1);
    await server.services.jobs.idle([MAIL_JOB]);
    expect(sink.messages.some((m) => m.subject === "rolled back")).toBe(false);
    expect(await deliveries(["rolled-back:1"])).toEqual([]);
  });

  it("retries through an SMTP outage and delivers once it recovers", async () => {
    await sink.down();
    const before = sink.messages.length;
    await enqueueMail(server.services.jobs, server.services.db, [{ key: "outage:1", mail: mail("outage@example.test", "outage") }]);
    // The first attempt fails and is recorded with its reason while the job waits for its retry.
    await expect.poll(async () => (await deliveries(["outage:1"]))[0]?.error ?? null, { timeout: 30_000 }).not.toBeNull();
    expect((await deliveries(["outage:1"]))[0]).toMatchObject({ status: "sending", attempts: 1 });
    await sink.up();
    await server.services.jobs.releaseDelayed(MAIL_JOB); // the backoff, without waiting it out
    await sink.waitFor(before + 1);
    await server.services.jobs.idle([MAIL_JOB]);
    const [row] = await deliveries(["outage:1"]);
    expect(row).toMatchObject({ status: "sent", error: null });
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(sink.messages.filter((m) => m.subject === "outage")).toHaveLength(1);
  });

  it("keeps an e-mail refused for good as failed, with the server's reason, and does not retry it", async () => {
    sink.refuse("nobody@example.test");
    await enqueueMail(server.services.jobs, server.services.db, [{ key: "refused:1", mail: mail("nobody@example.test", "refused") }]);
    await server.services.jobs.idle([MAIL_JOB]);
    const [row] = await deliveries(["refused:1"]);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.error).toMatch(/550/);
    expect(await server.services.jobs.counts(MAIL_JOB)).not.toHaveProperty("retry");
  });

  it("holds a delayed e-mail until it is due", async () => {
    const before = sink.messages.length;
    const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    await enqueueMail(server.services.jobs, server.services.db, [{ key: "delayed:1", mail: mail("later@example.test", "later"), runAt: inThreeDays }]);
    expect((await server.services.jobs.counts(MAIL_JOB)).created).toBe(1);
    expect(await deliveries(["delayed:1"])).toEqual([]);
    expect(await server.services.jobs.releaseDelayed(MAIL_JOB)).toBe(1);
    await sink.waitFor(before + 1);
    expect(sink.messages.at(-1)?.subject).toBe("later");
  });

  it("does not send again when a job that already sent is run a second time", async () => {
    const handler = mailJobHandler({ db: server.services.db, mailer: server.services.mailer, mailFrom: server.services.env.MAIL_FROM });
    const before = sink.messages.length;
    const job = { id: "j1", name: MAIL_JOB, key: "twice:1", attempt: 1 };
    await handler.run(mail("twice@example.test", "twice"), job);
    await handler.run(mail("twice@example.test", "twice"), { ...job, attempt: 2 });
    await sink.waitFor(before + 1);
    expect(sink.messages.filter((m) => m.subject === "twice")).toHaveLength(1);
    expect((await deliveries(["twice:1"]))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});
