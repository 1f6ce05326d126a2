// Web Push to members' devices (issue 34, DESIGN §20, decisions 0069 and 0077), against the real server:
// a local push service (loopback, allowed by WEBHOOKS_ALLOW_LOOPBACK) checks each push's VAPID JWT
// (ES256, RFC 8292) and decrypts its payload with the device's keys (RFC 8291, `http_ece`). A visitor
// who becomes a High lead rings the device within 2 s with a payload that opens the lead and carries no
// contact details; a walkthrough booked rings the devices that want it; a visitor left unanswered in a
// chat a member joined rings that member; preferences decide; a bad subscription is refused; the
// lead.created subscribers read the lead once for the alert e-mail and the pushes together.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitEvents } from "#server/events/emit-events.server.ts";
import { jobsForEvent } from "#server/jobs/subscribers.server.ts";
import { PUSH_QUEUE, PUSH_WAITING_QUEUE } from "#server/jobs/queue/queues.ts";
import type { TakeoverAck } from "#server/realtime/protocol.ts";
import { deviceKeys, startPushService, type PushService } from "../support/push-service.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";
import { newClientMessageId, Visitor } from "../support/widget-client.ts";
import { cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";

let pushService: PushService;
let pushOrigin: string;
let server: TestServer;
let owner: Owner;

beforeAll(async () => {
  pushService = await startPushService(() => server.services.vapid.publicKey);
  pushOrigin = pushService.origin;
  server = await startTestServer({ seedDemo: false, env: { WEBHOOKS_ALLOW_LOOPBACK: "true" } });
  owner = await registerOwner(server, "Ringing Cleaning");
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Pro", timeZone: "America/New_York" } });
}, 600_000);

afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

/** Subscribes a new device of the owner's session at the local push service; returns its id and push path. */
async function subscribe(onlyEvent?: string, quiet?: { quietStart: string; quietEnd: string }): Promise<{ id: string; path: string }> {
  const { endpoint, path, keys } = pushService.device();
  const res = await owner.client.post("/app/push-devices", { intent: "subscribe", endpoint, p256dh: keys.p256dh, auth: keys.authText });
  expect(res.status).toBe(200);
  const id = (JSON.parse(res.text) as { data: { id: string } }).data.id;
  if (onlyEvent) {
    const saved = await owner.client.post("/app/push-devices", { intent: "preferences", subscriptionId: id, events: onlyEvent, ...quiet });
    expect(saved.status).toBe(200);
  }
  return { id, path };
}

describe("Web Push", { timeout: 600_000 }, () => {
  it("refuses a subscription with malformed keys or a non-HTTP(S) endpoint", async () => {
    const badKeys = await owner.client.post("/app/push-devices", { intent: "subscribe", endpoint: `${pushOrigin}/push/bad`, p256dh: "short", auth: "x" });
    expect(badKeys.status).toBe(400);
    expect(badKeys.text).toContain("The browser's push keys are not valid.");
    const keys = deviceKeys();
    const badUrl = await owner.client.post("/app/push-devices", { intent: "subscribe", endpoint: "ftp://push.example/x", p256dh: keys.p256dh, auth: keys.authText });
    expect(badUrl.status).toBe(400);
    expect(await server.services.db.pushSubscription.count({ where: { businessId: owner.businessId } })).toBe(0);
  });

  it("a visitor who becomes a High lead rings the device within 2 s: encrypted, VAPID-signed, no contact details, opening the lead", async () => {
    const device = await subscribe();
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    await visitor.connect();
    expect((await visitor.open({ pageUrl: "https://ringing.example/quote" })).ok).toBe(true);
    await visitor.qualifyHighLead({ name: "Hana Holt", company: "Holt Plaza", contact: "hana@holtplaza.example, 617-555-0123" });
    const lead = await until(() => server.services.db.lead.findFirst({ where: { conversationId: visitor.conversationId! } }), (l) => l !== null);
    visitor.disconnect();
    const [push] = await pushService.pushesTo(device.path, 1);
    expect(lead!.priority).toBe("high");
    expect(push!.payload).toEqual({ kind: "high-lead", title: "New High lead", body: `Holt Plaza · score ${lead!.score.toFixed(1)}/10`, url: `/app/leads/${lead!.id}`, tag: `lead-${lead!.id}` });
    // Neither the e-mail address nor the phone number in any format (not a bare "617": the lead's id in
    // the payload is random hex and contains it in about one run in seventy).
    expect(JSON.stringify(push!.payload)).not.toMatch(/hana@|555\D?0123/);
    expect(push!.jwt.aud).toBe(pushOrigin);
    expect(push!.jwt.exp * 1000).toBeGreaterThan(Date.now());
    const delay = push!.at - lead!.createdAt.getTime();
    const load = os.loadavg()[0]!;
    console.log(`[web-push] High lead → push received in ${delay} ms (load ${load.toFixed(2)} on ${os.cpus().length} cores)`);
    // 2 s (issue 34) on a machine with its cores to spare; a machine running many more jobs than it has
    // cores (load average per core above 1) stretches every step alike, so the bound scales with it.
    expect(delay).toBeLessThan(2_000 * Math.max(1, load / os.cpus().length));
  });

  it("the lead.created subscribers read the lead once for the alert e-mail and the pushes together", async () => {
    const db = server.services.db;
    const lead = await db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, priority: "high" } });
    const statements: string[] = [];
    server.database.statements.listen((text) => statements.push(text));
    let jobs;
    try {
      jobs = await jobsForEvent(server.services, { type: "lead.created", businessId: owner.businessId, leadId: lead.id });
    } finally {
      server.database.statements.listen(null);
    }
    expect(jobs.filter((j) => j.name === PUSH_QUEUE)).toHaveLength(1);
    // One read of the lead serves the e-mail and the pushes (the devices come with it); no read of the
    // devices of its own. (Statements of jobs running meanwhile, such as a device's lastPushAt, are not reads.)
    // A read: its first word, after comments, is SELECT or WITH, and it writes nothing.
    const reads = statements.filter((s) => {
      const text = s.replace(/\/\*[\s\S]*?\*\//g, "").replace(/--[^\n]*/g, "").trim();
      return /^(SELECT|WITH)\b/i.test(text) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(text);
    });
    const leadRead = (s: string) => /"notifyHighPriorityEmail" AS "alertOn"/.test(s);
    expect(reads.filter(leadRead), reads.join("\n")).toHaveLength(1);
    expect(reads.filter((s) => /"PushSubscription"/.test(s) && !leadRead(s)), reads.join("\n")).toEqual([]);
  });

  it("a device in its quiet hours (the business's time) is not rung; one outside them is", async () => {
    const db = server.services.db;
    const clock = (offsetMinutes: number) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(Date.now() + offsetMinutes * 60_000));
    const asleep = await subscribe("high-lead", { quietStart: clock(-60), quietEnd: clock(60) });
    const awake = await subscribe("high-lead", { quietStart: clock(120), quietEnd: clock(180) });
    const lead = await db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, priority: "high" } });
    await emitEvents(server.services.jobs, db, [{ type: "lead.created", businessId: owner.businessId, leadId: lead.id }]);
    const [push] = await pushService.pushesTo(awake.path, 1);
    expect(push!.payload).toMatchObject({ kind: "high-lead", url: `/app/leads/${lead.id}` });
    await server.services.jobs.idle([PUSH_QUEUE]);
    expect(pushService.received.filter((r) => r.path === asleep.path)).toHaveLength(0);
  });

  it("a walkthrough booked rings the devices that want it, and not the others", async () => {
    const db = server.services.db;
    const wants = await subscribe("appointment-booked");
    const not = await subscribe("high-lead");
    const lead = await db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, priority: "high" } });
    const appointment = await db.appointment.create({
      data: {
        businessId: owner.businessId,
        leadId: lead.id,
        startsAt: new Date("2026-12-01T15:30:00Z"),
        endsAt: new Date("2026-12-01T16:30:00Z"),
        createdBy: "visitor",
        assignmentReason: "Only one free",
        manageNonce: randomBytes(8).toString("hex"),
      },
    });
    await emitEvents(server.services.jobs, db, [{ type: "appointment.booked", businessId: owner.businessId, leadId: lead.id, appointmentId: appointment.id, sequence: 0 }]);
    const [push] = await pushService.pushesTo(wants.path, 1);
    expect(push!.payload).toEqual({ kind: "appointment-booked", title: "Walkthrough booked", body: "Holt Plaza · Tue, Dec 1 at 10:30 AM", url: `/app/leads/${lead.id}`, tag: `appointment-${appointment.id}` });
    await server.services.jobs.idle([PUSH_QUEUE]);
    expect(pushService.received.filter((r) => r.path === not.path)).toHaveLength(0);
  });

  it("a visitor left unanswered in a chat the member joined rings the member; an answered one does not", async () => {
    const device = await subscribe("visitor-waiting");
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    await visitor.connect();
    expect((await visitor.open({ pageUrl: "https://ringing.example/" })).ok).toBe(true);
    await visitor.say("Janitorial Services");
    await server.app.chat.idle();
    const socket = workspaceSocket(server.url, cookieHeader(owner.client));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const emit = (event: string, payload: object) => socket.timeout(30_000).emitWithAck(event, payload) as Promise<TakeoverAck<object>>;
      const conversationId = visitor.conversationId!;
      expect((await emit("conversation:join", { conversationId })).ok).toBe(true);

      // Answered: the member replies before the check runs, so nothing rings.
      expect((await visitor.send("Is anyone there?")).ok).toBe(true);
      expect((await emit("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "Yes, hello!" })).ok).toBe(true);
      await until(() => server.services.jobs.releaseDelayed(PUSH_WAITING_QUEUE), (n) => n > 0);
      await server.services.jobs.idle([PUSH_WAITING_QUEUE, PUSH_QUEUE]);
      expect(pushService.received.filter((r) => r.path === device.path)).toHaveLength(0);

      // Unanswered: a minute later (released now) the member's device rings, opening the chat.
      expect((await visitor.send("Can you come on Friday?")).ok).toBe(true);
      await until(() => server.services.jobs.releaseDelayed(PUSH_WAITING_QUEUE), (n) => n > 0);
      const [push] = await pushService.pushesTo(device.path, 1);
      expect(push!.payload).toEqual({
        kind: "visitor-waiting",
        title: "A visitor is waiting",
        body: "A visitor in a chat you joined is waiting for your reply.",
        url: `/app/conversations/${conversationId}`,
        tag: `conversation-${conversationId}`,
      });
    } finally {
      socket.disconnect();
      visitor.disconnect();
    }
  });
});
