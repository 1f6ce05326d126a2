// Every entry point of a command has the same consequences (issue 30 item 1, decision 0086), against the
// real server, real socket.io clients and the real job layer:
//   - endTakeover (server/chat/commands.server.ts): a member's Leave (the `conversation:leave` socket
//     event) and 10 minutes of their silence (the `takeover.idle` job) each store one "… left the chat"
//     line, push it once to the visitor and once to the team, push one `conversation:agent` with nobody,
//     and let the bot answer what the visitor wrote meanwhile;
//   - startAutomationRun and recordAutomationStep (server/automations/commands.server.ts): an event's start
//     job, the no-response check and a quiet chat's settle job each start one run whose notification step
//     is recorded once, with one notification row, one notification push and two `automation:runs`
//     pushes (the start, the step); a step's failure recorded twice writes one `automation.run.failed`;
//   - cancelLeadRuns, releaseHeldSteps and deleteAutomation (the same module): the `cancel` job cancels a
//     lead's pending steps with one `automation:runs` push per automation; resuming from the page's toggle
//     or its edit modal claims every held step and writes its job once, with one push; Delete hides the
//     automation and cancels its steps with one push; each second call changes nothing and pushes nothing;
//   - sendAgentMessage (server/chat/commands.server.ts): a member's message is stored once and pushed once
//     to each side; when the business can text, its SMS copy's job is written once; a resend (the same
//     clientMessageId) stores, pushes and writes nothing.
import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFromTemplate, updateAutomation } from "#server/automations/automations.server.ts";
import {
  automationJob,
  cancelLeadRuns,
  deleteAutomation,
  DELETED_ERROR,
  recordAutomationStep,
  releaseHeldSteps,
  type AutomationCommandContext,
} from "#server/automations/commands.server.ts";
import { CLOSED_ERROR } from "#server/automations/runs.server.ts";
import { Prisma } from "#server/db/generated/client.ts";
import { sendAgentMessage } from "#server/chat/commands.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { agentReplyJob } from "#server/sms/workspace-sms.server.ts";
import { JOB_SCHEMA } from "#server/jobs/queue/job-queue.server.ts";
import { AUTOMATION_QUEUE, EVENT_QUEUE, SMS_INBOUND_QUEUE, TAKEOVER_IDLE_QUEUE } from "#server/jobs/queue/queues.ts";
import type { ConversationAgentEvent, Message, TakeoverAck, WorkspaceNotification } from "#server/realtime/protocol.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";
import { newClientMessageId, Visitor } from "../support/widget-client.ts";
import { openWorkspaceSocket } from "../support/workspace-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;
let owner: Owner;
let team: Socket;
const sockets: Socket[] = [];
const visitors: Visitor[] = [];
const seen = { messages: [] as Message[], agents: [] as ConversationAgentEvent[], runs: [] as string[], notifications: [] as WorkspaceNotification[] };

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  owner = await registerOwner(server, "Entry Point Cleaning");
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Enterprise" } });
  // Open around the clock, so the bot's words do not depend on when the test runs.
  await server.services.db.chatbot.updateMany({ where: { businessId: owner.businessId }, data: { hoursDays: [1, 2, 3, 4, 5, 6, 7], hoursStart: "00:00", hoursEnd: "00:00" } });
  ({ socket: team } = await openWorkspaceSocket(server.url, owner.client, sockets));
  team.on("conversation:message", ({ message }: { message: Message }) => seen.messages.push(message));
  team.on("conversation:agent", (event: ConversationAgentEvent) => seen.agents.push(event));
  team.on("automation:runs", ({ automationId }: { automationId: string }) => seen.runs.push(automationId));
  team.on("notification", (n: WorkspaceNotification) => seen.notifications.push(n));
});

afterAll(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const v of visitors.splice(0)) v.disconnect();
  await server?.close();
});

const emit = <T extends object>(event: string, payload: object) => team.timeout(15_000).emitWithAck(event, payload) as Promise<TakeoverAck<T>>;

/** Jobs of a queue whose payload has `field` = `value` (pending, done or archived). */
async function jobsWith(queue: string, field: string, value: string): Promise<number> {
  const schema = Prisma.raw(`"${JOB_SCHEMA}"`);
  let total = 0;
  for (const table of ["job", "archive"]) {
    const rows = await server.services.db.$queryRaw<{ n: bigint }[]>(
      Prisma.sql`SELECT count(*) AS n FROM ${schema}.${Prisma.raw(`"${table}"`)} WHERE "name" = ${queue} AND "data"->>${field} = ${value}`,
    );
    total += Number(rows[0]?.n ?? 0);
  }
  return total;
}

/** An automation command context whose runs pushes are recorded (the automation ids). */
function recording(): { ctx: AutomationCommandContext; pushes: string[] } {
  const pushes: string[] = [];
  const ctx = commandContext(server.services, {
    leadCreated: () => undefined,
    leadUpdated: () => undefined,
    notification: () => undefined,
    automationRuns: (_businessId: string, id: string) => pushes.push(id),
  });
  return { ctx, pushes };
}

/** A visitor's chat, the bot's first question answered, with the owner joined. */
async function joinedChat(): Promise<{ visitor: Visitor; conversationId: string }> {
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
  const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
  visitors.push(visitor);
  await visitor.connect();
  const opened = await visitor.open();
  if (!opened.ok) throw new Error(opened.error);
  await visitor.say("Regular Commercial Cleaning");
  await server.app.chat.idle();
  const conversationId = visitor.conversationId!;
  expect((await emit("conversation:join", { conversationId })).ok).toBe(true);
  return { visitor, conversationId };
}

describe("endTakeover: Leave and the idle job have the same consequences", () => {
  const ENDS = [
    { by: "the member's Leave", end: async (conversationId: string) => expect((await emit("conversation:leave", { conversationId })).ok).toBe(true) },
    {
      by: "ten minutes of silence",
      end: async () => expect(await server.services.jobs.releaseDelayed(TAKEOVER_IDLE_QUEUE)).toBeGreaterThan(0),
    },
  ];

  it.each(ENDS)("ended by $by: one leave line stored and pushed to both sides, one agent push, and the bot answers again", async ({ end }) => {
    const { visitor, conversationId } = await joinedChat();
    const asked = await visitor.send("Hello? Anyone there?");
    if (!asked.ok) throw new Error(asked.error);
    await server.app.chat.idle();

    await end(conversationId);
    const isLeave = (m: Message) => m.conversationId === conversationId && m.role === "system" && / left the chat$/.test(m.text);
    const resumed = await visitor.nextBotMessage(asked.message.seq + 1);
    expect(resumed.text).toMatch(/^Thanks for waiting/);
    await until(async () => seen.agents.filter((a) => a.conversationId === conversationId && a.agent === null).length, (n) => n >= 1);

    const stored = await server.services.db.message.findMany({ where: { conversationId, role: "system" }, select: { text: true } });
    expect(stored.filter((m) => / left the chat$/.test(m.text))).toHaveLength(1);
    expect(visitor.unique().filter(isLeave)).toHaveLength(1);
    expect(seen.messages.filter(isLeave)).toHaveLength(1);
    expect(seen.agents.filter((a) => a.conversationId === conversationId && a.agent === null)).toHaveLength(1);
    expect((await server.services.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).agentUserId).toBeNull();
    // Ending again (a second Leave, the idle job running again) changes nothing.
    expect(await emit("conversation:leave", { conversationId })).toEqual({ ok: false, error: "not_joined" });
  });
});

describe("automation runs: every start has the same consequences", () => {
  let automationId: string;

  beforeAll(async () => {
    const created = await createFromTemplate(server.services.db, owner.businessId, "high-priority");
    if (!created.ok) throw new Error(created.error);
    automationId = created.value.id;
    const updated = await updateAutomation(
      commandContext(server.services, server.app.workspaceEvents),
      {
        businessId: owner.businessId,
        id: automationId,
        input: { name: "Every lead", trigger: "lead_scored", triggerConfig: {}, conditions: [], actions: [{ type: "notification", template: "Call {name}", delay: 0 }], status: "active" },
      },
    );
    expect(updated.ok).toBe(true);
  });

  /** A lead typed in without an event (so nothing but the entry point under test starts a run). */
  const newLead = (name: string, incomplete: boolean) =>
    server.services.db.lead.create({ data: { businessId: owner.businessId, name, email: `${name.split(" ")[0]!.toLowerCase()}@example.test`, score: 9, priority: "high", source: "manual", incomplete } });

  const STARTS = [
    { by: "an event's start job", incomplete: false, job: (leadId: string) => automationJob({ kind: "start", businessId: owner.businessId, automationId, leadId }, `t-start:${leadId}`) },
    {
      by: "the no-response check",
      incomplete: false,
      job: (leadId: string) => automationJob({ kind: "check", businessId: owner.businessId, automationId, leadId, since: new Date(Date.now() - 60_000).toISOString() }, `t-check:${leadId}`),
    },
    {
      by: "a quiet chat's settle job",
      incomplete: true,
      job: (leadId: string) => automationJob({ kind: "settle", businessId: owner.businessId, leadId, lastMessageAt: new Date(Date.now() - 60_000).toISOString() }, `t-settle:${leadId}`),
    },
  ];

  it.each(STARTS)("started by $by: one run, its step recorded once, one notification pushed, two runs pushes", async ({ by, incomplete, job }) => {
    const lead = await newLead(`Nora ${by.split(" ").at(-2)}`, incomplete);
    const runsBefore = seen.runs.length;
    await server.services.jobs.enqueue(server.services.db, [job(lead.id)]);
    const runs = await until(() => server.services.db.automationRun.findMany({ where: { automationId, leadId: lead.id } }), (r) => r.length === 1 && r[0]!.status === "sent");
    await until(async () => seen.notifications.filter((n) => n.leadId === lead.id).length, (n) => n >= 1);
    await until(async () => seen.runs.length - runsBefore, (n) => n >= 2);
    await server.services.jobs.idle([AUTOMATION_QUEUE]);

    expect(runs.map((r) => [r.step, r.actionType, r.status])).toEqual([[0, "notification", "sent"]]);
    expect(await jobsWith(AUTOMATION_QUEUE, "runId", runs[0]!.id)).toBe(1);
    const rows = await server.services.db.notification.findMany({ where: { leadId: lead.id } });
    expect(rows.map((n) => n.text)).toEqual([`Every lead: Call ${lead.name}`]);
    expect(seen.notifications.filter((n) => n.leadId === lead.id).map((n) => n.id)).toEqual([rows[0]!.id]);
    expect(seen.runs.slice(runsBefore)).toEqual([automationId, automationId]);
    // Starting again (a resent job) finds the run: nothing more.
    await server.services.jobs.enqueue(server.services.db, [{ ...job(lead.id), key: `again:${lead.id}` }]);
    await server.services.jobs.idle([AUTOMATION_QUEUE]);
    expect(await server.services.db.automationRun.count({ where: { automationId, leadId: lead.id } })).toBe(1);
    expect(seen.runs.slice(runsBefore)).toHaveLength(2);
  });

  it("a step's failure is recorded once: one automation.run.failed event and one runs push, a second record writes nothing", async () => {
    const lead = await newLead("Fay Failing", false);
    const run = await server.services.db.automationRun.create({
      data: { businessId: owner.businessId, automationId, leadId: lead.id, step: 0, actionType: "email", scheduledFor: new Date() },
    });
    const { ctx, pushes } = recording();
    const step = { id: run.id, businessId: owner.businessId, automationId, leadId: lead.id };
    expect(await recordAutomationStep(ctx, step, { status: "failed", error: "550 mailbox unavailable" })).toBe(true);
    expect(await recordAutomationStep(ctx, step, { status: "failed", error: "550 mailbox unavailable" })).toBe(false);
    expect(await jobsWith(EVENT_QUEUE, "runId", run.id)).toBe(1);
    expect(pushes).toEqual([automationId]);
    expect(await server.services.db.automationRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "failed", error: "550 mailbox unavailable" });
  });
});

describe("automation runs: cancel, resume and delete own their consequences", () => {
  const db = () => server.services.db;
  const runsPushes = (automationId: string) => seen.runs.filter((id) => id === automationId).length;
  /** Every runs push made so far has arrived: socket.io keeps their order, so a marker pushed now comes after them. */
  async function pushesArrived() {
    const marker = `marker-${randomUUID()}`;
    server.app.workspaceEvents.automationRuns(owner.businessId, marker);
    await until(async () => seen.runs.includes(marker), Boolean);
  }

  /** An automation of two notification steps, in `status`, made through the edit modal's command. */
  async function automation(name: string, status: "active" | "paused") {
    const created = await createFromTemplate(db(), owner.businessId, "high-priority");
    if (!created.ok) throw new Error(created.error);
    const updated = await updateAutomation(commandContext(server.services, server.app.workspaceEvents), {
      businessId: owner.businessId,
      id: created.value.id,
      input: { ...input(name), status },
    });
    expect(updated.ok).toBe(true);
    return created.value.id;
  }
  const input = (name: string) => ({
    name,
    trigger: "lead_scored",
    triggerConfig: {},
    conditions: [],
    actions: [
      { type: "notification", template: "Call {name}", delay: 0 },
      { type: "notification", template: "Call {name} again", delay: 2 },
    ],
  });

  /** A lead typed in without an event, with the automation's two steps pending (held: their time came while paused). */
  async function pendingRuns(automationId: string, leadName: string, held: boolean) {
    const lead = await db().lead.create({ data: { businessId: owner.businessId, name: leadName, score: 9, priority: "high", source: "manual" } });
    const at = new Date(Date.now() + (held ? -60_000 : 86_400_000));
    const runs = await Promise.all(
      [0, 1].map((step) =>
        db().automationRun.create({
          data: { businessId: owner.businessId, automationId, leadId: lead.id, step, actionType: "notification", scheduledFor: at, heldAt: held ? at : null },
        }),
      ),
    );
    return { lead, runs };
  }

  it("the cancel job cancels the lead's pending steps: one push per automation, a second cancel changes nothing", async () => {
    const first = await automation("Cancel one", "active");
    const second = await automation("Cancel two", "active");
    const { lead, runs } = await pendingRuns(first, "Cora Cancel", false);
    const other = await db().automationRun.create({
      data: { businessId: owner.businessId, automationId: second, leadId: lead.id, step: 0, actionType: "notification", scheduledFor: new Date(Date.now() + 86_400_000) },
    });
    await server.services.jobs.enqueue(db(), [
      automationJob({ kind: "cancel", businessId: owner.businessId, leadIds: [lead.id], reason: CLOSED_ERROR }, `t-cancel:${lead.id}`),
    ]);
    const cancelled = await until(() => db().automationRun.findMany({ where: { leadId: lead.id }, orderBy: { id: "asc" } }), (r) => r.every((run) => run.status === "cancelled"));
    await server.services.jobs.idle([AUTOMATION_QUEUE]);
    await pushesArrived();

    expect(cancelled.map((r) => r.error)).toEqual([CLOSED_ERROR, CLOSED_ERROR, CLOSED_ERROR]);
    expect(cancelled.map((r) => r.id).sort()).toEqual([...runs.map((r) => r.id), other.id].sort());
    expect([runsPushes(first), runsPushes(second)]).toEqual([1, 1]);
    const again = recording();
    expect(await cancelLeadRuns(again.ctx, { businessId: owner.businessId, leadIds: [lead.id], reason: CLOSED_ERROR })).toBe(0);
    expect(again.pushes).toEqual([]);
    expect(await db().automationRun.findMany({ where: { leadId: lead.id }, orderBy: { id: "asc" } })).toEqual(cancelled);
  });

  const RESUMES = [
    { by: "the toggle", form: () => ({ intent: "toggle" }) },
    { by: "the edit modal", form: (name: string) => ({ intent: "update", payload: JSON.stringify({ ...input(name), status: "active" }) }) },
  ];

  it.each(RESUMES)("resumed by $by: every held step claimed, its job written once, one runs push; resuming again writes nothing", async ({ by, form }) => {
    const name = `Resume by ${by}`;
    const automationId = await automation(name, "paused");
    const { lead, runs } = await pendingRuns(automationId, `Rita ${by.split(" ").at(-1)}`, true);
    const res = await owner.client.post("/app/automation", { ...form(name), id: automationId });
    expect(res.status).toBe(200);
    expect((await db().automation.findUniqueOrThrow({ where: { id: automationId } })).status).toBe("active");
    // Released, the held steps run now: each recorded sent once, with its notification.
    await until(() => db().automationRun.findMany({ where: { automationId }, orderBy: { step: "asc" } }), (r) => r.every((run) => run.status === "sent"));
    await server.services.jobs.idle([AUTOMATION_QUEUE]);
    await pushesArrived();

    for (const run of runs) expect(await jobsWith(AUTOMATION_QUEUE, "runId", run.id)).toBe(1);
    expect(await db().notification.count({ where: { leadId: lead.id } })).toBe(2);
    // One push for the release, one for each step's result.
    expect(runsPushes(automationId)).toBe(3);
    const again = recording();
    expect(await releaseHeldSteps(again.ctx, { businessId: owner.businessId, automationId })).toBe(0);
    expect(again.pushes).toEqual([]);
    for (const run of runs) expect(await jobsWith(AUTOMATION_QUEUE, "runId", run.id)).toBe(1);
  });

  it("Delete hides the automation and cancels its pending steps with one runs push; deleting again is a 404 that writes nothing", async () => {
    const automationId = await automation("Delete me", "active");
    const { runs } = await pendingRuns(automationId, "Dana Delete", false);
    const res = await owner.client.post("/app/automation", { intent: "delete", id: automationId });
    expect(res.status).toBe(200);
    await pushesArrived();

    expect((await db().automation.findUniqueOrThrow({ where: { id: automationId } })).deletedAt).not.toBeNull();
    const cancelled = await db().automationRun.findMany({ where: { automationId }, orderBy: { step: "asc" } });
    expect(cancelled.map((r) => [r.status, r.error])).toEqual(runs.map(() => ["cancelled", DELETED_ERROR]));
    expect(runsPushes(automationId)).toBe(1);
    expect((await owner.client.post("/app/automation", { intent: "delete", id: automationId })).status).toBe(404);
    const again = recording();
    expect(await deleteAutomation(again.ctx, { businessId: owner.businessId, id: automationId })).toMatchObject({ ok: false, status: 404 });
    expect(again.pushes).toEqual([]);
    expect(await db().automationRun.findMany({ where: { automationId }, orderBy: { step: "asc" } })).toEqual(cancelled);
  });
});

describe("sendAgentMessage: a member's message owns its consequences", () => {
  it("stored once and pushed once to each side; its SMS copy's job written once when the business can text; a resend changes nothing", async () => {
    const { visitor, conversationId } = await joinedChat();
    const clientMessageId = newClientMessageId();
    const sent = await emit<{ message: Message }>("agent:message:send", { conversationId, clientMessageId, text: "Hello from the team" });
    if (!sent.ok) throw new Error(sent.error);
    const id = sent.message.id;
    await until(async () => visitor.unique().filter((m) => m.id === id).length + seen.messages.filter((m) => m.id === id).length, (n) => n >= 2);
    const resent = await emit<{ message: Message }>("agent:message:send", { conversationId, clientMessageId, text: "Hello from the team" });
    expect(resent).toEqual({ ok: true, message: sent.message });
    expect(await server.services.db.message.count({ where: { conversationId, clientMessageId } })).toBe(1);
    expect(visitor.unique().filter((m) => m.id === id)).toHaveLength(1);
    expect(seen.messages.filter((m) => m.id === id)).toHaveLength(1);
    // This business cannot text: no SMS job.
    expect(await jobsWith(SMS_INBOUND_QUEUE, "messageId", id)).toBe(0);

    // The same command where the business can text: the SMS copy's job, once.
    const pushed: Message[] = [];
    const ctx = {
      ...commandContext(server.services, {
        leadCreated: () => undefined,
        leadUpdated: () => undefined,
        conversationMessage: (_businessId: string, message: Message) => pushed.push(message),
        conversationAgent: () => undefined,
        visitorTyping: () => undefined,
        botResumes: async () => undefined,
      }),
      texting: { canText: async () => true, replyJob: agentReplyJob },
    };
    const input = { businessId: owner.businessId, conversationId, agent: { userId: owner.userId, name: "Owner" }, clientMessageId: newClientMessageId(), text: "We can text you too" };
    const stored = await sendAgentMessage(ctx, input);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    expect(await sendAgentMessage(ctx, input)).toEqual({ kind: "duplicate", message: stored.message });
    expect(pushed).toEqual([stored.message]);
    expect(await jobsWith(SMS_INBOUND_QUEUE, "messageId", stored.message.id)).toBe(1);
  });
});
