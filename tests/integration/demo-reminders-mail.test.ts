// Issue 32 item 9: with SMTP configured, the demo business's seeded sample reminders falling due are
// told in the app but e-mail nobody; an ordinary business's reminder still e-mails its owner (the same
// tick, the same real SMTP sink: the check can fail).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { EVENT_QUEUE, MAIL_QUEUE, REMINDER_DUE_TICK } from "#server/jobs/queue/queues.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

describe("the seeded demo's reminders", () => {
  it("e-mail nobody when they fall due, while an ordinary business's reminder does", async () => {
    const db = server.services.db;
    const demo = await db.business.findFirstOrThrow({ where: { isDemo: true, sandboxExpiresAt: null }, select: { id: true, notifyReminderEmail: true } });
    expect(demo.notifyReminderEmail).toBe(true); // the preference is on: it is not what keeps them quiet
    // Two of the demo's sample reminders on open leads are due now.
    const samples = await db.reminder.findMany({ where: { businessId: demo.id, completedAt: null, lead: { status: { in: ["new", "contacted"] } } }, take: 2 });
    expect(samples).toHaveLength(2);
    await db.reminder.updateMany({ where: { id: { in: samples.map((r) => r.id) } }, data: { dueAt: new Date(Date.now() - 60_000), notifiedAt: null } });

    const email = `ordinary-${Date.now()}@example.com`;
    const owner = await registerAccount(db, { businessName: "Ordinary Cleaning", email, password: "Reminder2026" });
    if (!owner.ok) throw new Error(owner.code);
    const lead = await db.lead.create({ data: { businessId: owner.value.businessId, name: "Olga Open", score: 7, priority: "medium", source: "manual" } });
    await db.reminder.create({ data: { businessId: owner.value.businessId, leadId: lead.id, dueAt: new Date(Date.now() - 60_000), note: "Call Olga" } });

    await server.services.jobs.enqueue(db, [{ name: REMINDER_DUE_TICK, key: `tick:${Date.now()}`, data: {} }]);
    await server.services.jobs.idle([REMINDER_DUE_TICK, EVENT_QUEUE, MAIL_QUEUE]);

    await expect.poll(() => sink.messages.filter((m) => m.to.includes(email)).length).toBe(1);
    // The demo's were told in the app ...
    for (const r of samples) expect((await db.reminder.findUniqueOrThrow({ where: { id: r.id } })).notifiedAt).not.toBeNull();
    expect(await db.notification.count({ where: { businessId: demo.id, type: "follow-up", leadId: { in: samples.map((r) => r.leadId) } } })).toBeGreaterThanOrEqual(2);
    // ... and mailed nobody: not the demo account, not anyone else.
    expect(sink.messages.filter((m) => m.to.includes(DEMO.email))).toEqual([]);
    expect(sink.messages.filter((m) => /Follow-up due/.test(m.subject) && !m.to.includes(email))).toEqual([]);
    expect(await db.emailDelivery.count({ where: { businessId: demo.id, kind: "reminder-due" } })).toBe(0);
  });
});
