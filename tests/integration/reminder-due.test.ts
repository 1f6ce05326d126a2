// A follow-up reminder falling due tells the team at that time (DESIGN §10 `reminder.due`): an in-app
// "follow-up" notification pushed live to the business's open workspaces, and an e-mail to the owners
// (a real SMTP server) when "Email me when a follow-up is due" is on. Once per reminder; again after
// a snooze; never for a completed reminder, a closed lead or another business.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { EVENT_QUEUE, MAIL_QUEUE, REMINDER_DUE_TICK } from "#server/jobs/queue/queues.ts";
import type { WorkspaceNotification } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { connected, cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let sink: SmtpSink;
const sockets: Socket[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ seedDemo: false, env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
  await sink?.close();
});

let counter = 0;
async function newOwner(name: string) {
  counter += 1;
  const email = `reminders${counter}-${Date.now()}@example.com`;
  const password = "Reminder2026";
  const result = await registerAccount(server.services.db, { businessName: name, email, password });
  if (!result.ok) throw new Error(result.code);
  return { ...result.value, email, password };
}

async function liveNotifications(owner: { email: string; password: string }): Promise<WorkspaceNotification[]> {
  const http = new HttpClient(server.url);
  await http.post("/login", { intent: "login", email: owner.email, password: owner.password });
  const socket = workspaceSocket(server.url, cookieHeader(http));
  sockets.push(socket);
  const received: WorkspaceNotification[] = [];
  socket.on("notification", (n: WorkspaceNotification) => received.push(n));
  await connected(socket);
  return received;
}

async function leadWithReminder(businessId: string, name: string, dueAt: Date, extra: { status?: "won" | "new" } = {}) {
  const lead = await server.services.db.lead.create({
    data: { businessId, name, score: 7, priority: "medium", status: extra.status ?? "new", source: "manual" },
  });
  const reminder = await server.services.db.reminder.create({ data: { businessId, leadId: lead.id, dueAt, note: `Call ${name}` } });
  return { lead, reminder };
}

/** One tick of the schedule, run now through the job layer; then everything it caused. */
async function tick() {
  await server.services.jobs.enqueue(server.services.db, [{ name: REMINDER_DUE_TICK, key: `tick:${Date.now()}`, data: {} }]);
  await server.services.jobs.idle([REMINDER_DUE_TICK, EVENT_QUEUE, MAIL_QUEUE]);
}

const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));

describe("reminder.due", () => {
  it("notifies in the app (live) and by e-mail once when a reminder falls due, and again after a snooze", async () => {
    const owner = await newOwner("Due Cleaning");
    const other = await newOwner("Other Cleaning");
    const live = await liveNotifications(owner);
    const otherLive = await liveNotifications(other);
    const past = new Date(Date.now() - 5 * 60_000);
    const { lead, reminder } = await leadWithReminder(owner.businessId, "Paula Past", past);
    const { reminder: future } = await leadWithReminder(owner.businessId, "Fred Future", new Date(Date.now() + 3_600_000));

    const paced = server.database.background.stats().prisma;
    await tick();
    // The tick, its event and its e-mail read and wrote through the database's background client
    // (decision 0097): the due reminders' read, the claim's transaction, the event's reads, the mail's.
    expect(server.database.background.stats().prisma).toBeGreaterThanOrEqual(paced + 4);
    await expect.poll(() => live.length).toBe(1);
    expect(live[0]).toMatchObject({ type: "follow-up", leadId: lead.id, text: "Follow-up due for Paula Past: Call Paula Past" });
    expect(otherLive).toEqual([]);
    const stored = await server.services.db.notification.findMany({ where: { businessId: owner.businessId, type: "follow-up" } });
    expect(stored.map((n) => n.leadId)).toEqual([lead.id]);
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Follow-up due for Paula Past: Call Paula Past");
    expect(mails[0]!.decoded).toContain(`/app/leads/${lead.id}`);
    expect((await server.services.db.reminder.findUniqueOrThrow({ where: { id: future.id } })).notifiedAt).toBeNull();

    // The next tick: nothing new.
    await tick();
    expect(live).toHaveLength(1);
    expect(mailsTo(owner.email)).toHaveLength(1);

    // Snoozed into the past again (as if its new time had come): told once more.
    await server.services.db.reminder.update({ where: { id: reminder.id }, data: { dueAt: new Date(Date.now() - 60_000), notifiedAt: null } });
    await tick();
    await expect.poll(() => live.length).toBe(2);
    expect(mailsTo(owner.email)).toHaveLength(2);
  });

  it("says nothing for a completed reminder or a closed lead, and e-mails only when the owners want it", async () => {
    const owner = await newOwner("Quiet Reminders");
    const past = new Date(Date.now() - 60_000);
    const done = await leadWithReminder(owner.businessId, "Done Dana", past);
    await server.services.db.reminder.update({ where: { id: done.reminder.id }, data: { completedAt: new Date() } });
    await leadWithReminder(owner.businessId, "Won Walt", past, { status: "won" });
    await tick();
    expect(await server.services.db.notification.count({ where: { businessId: owner.businessId, type: "follow-up" } })).toBe(0);
    expect(mailsTo(owner.email)).toEqual([]);

    await server.services.db.business.update({ where: { id: owner.businessId }, data: { notifyReminderEmail: false } });
    await leadWithReminder(owner.businessId, "Nora Nomail", past);
    await tick();
    expect(await server.services.db.notification.count({ where: { businessId: owner.businessId, type: "follow-up" } })).toBe(1);
    expect(mailsTo(owner.email)).toEqual([]);
  });
});
