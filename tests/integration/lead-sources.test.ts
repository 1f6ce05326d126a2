// Every way a lead is born has the same consequences (issue 30; server/leads/commands.server.ts): a
// chatbot conversation, the "Add a lead" form, the REST API and Cold Outreach → Convert to lead each
// make exactly one `lead.created` domain event, one live `lead:created` push to the business's open
// workspace socket, one count against the plan (owner-typed leads are not charged, decision 0010; the
// count is in the month's LeadUsage row), one run of the business's active automation and one signed
// webhook delivery to its endpoint. Against the real server, a real socket.io client and a real
// webhook receiver on loopback.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "#server/db/generated/client.ts";
import { createFromTemplate, updateAutomation } from "#server/automations/automations.server.ts";
import { leadUsage } from "#server/billing/lead-quota.server.ts";
import { AUTOMATION_QUEUE, EVENT_QUEUE, LEAD_QUOTA_QUEUE, WEBHOOK_QUEUE } from "#server/jobs/queue/queues.ts";
import { JOB_SCHEMA } from "#server/jobs/queue/job-queue.server.ts";
import type { LeadSummary } from "#server/realtime/protocol.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";
import { startReceiver } from "../support/webhook-receiver.ts";
import { Visitor } from "../support/widget-client.ts";
import { openWorkspaceSocket } from "../support/workspace-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";
import { commandContext } from "#server/events/command-context.server.ts";

let server: TestServer;
let receiver: ReturnType<typeof startReceiver>;
let owner: Owner;
let apiKey: string;
let automationId: string;
const sockets: Socket[] = [];
const pushed: LeadSummary[] = [];

const cookieOf = (owner: Owner) => [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

beforeAll(async () => {
  receiver = startReceiver();
  const receiverUrl = await receiver.listen();
  server = await startTestServer({ seedDemo: false, env: { WEBHOOKS_ALLOW_LOOPBACK: "true" } });
  owner = await registerOwner(server, "Every Source Cleaning");
  // Enterprise: the REST API and Cold Outreach are open; the lead limit is unlimited, usage still counted.
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Enterprise" } });
  const key = await owner.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "Lead sources" });
  apiKey = /lb_live_[A-Za-z0-9_-]{43}/.exec(key.text)?.[0] ?? "";
  expect(apiKey).not.toBe("");
  const endpoint = await fetch(new URL("/app/settings/integrations", server.url), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieOf(owner) },
    body: new URLSearchParams({ intent: "webhook-create", url: `${receiverUrl}/hooks`, events: "lead.created" }).toString(),
    redirect: "manual",
  });
  expect(endpoint.status).toBe(200);
  // One active automation on every new lead: a follow-up task at once.
  const automation = await createFromTemplate(server.services.db, owner.businessId, "high-priority");
  if (!automation.ok) throw new Error(automation.error);
  automationId = automation.value.id;
  const updated = await updateAutomation(
    commandContext(server.services, server.app.workspaceEvents),
    {
      businessId: owner.businessId,
      id: automationId,
      input: { name: "Every lead", trigger: "lead_scored", triggerConfig: {}, conditions: [], actions: [{ type: "task", template: "Call {name}", delay: 0 }], status: "active" },
    },
  );
  expect(updated.ok).toBe(true);
  const { socket } = await openWorkspaceSocket(server.url, owner.client, sockets);
  socket.on("lead:created", ({ lead }: { lead: LeadSummary }) => pushed.push(lead));
});

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await server?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

/** Each entry point as its user reaches it; answers the new lead's id. */
const SOURCES: { source: string; counted: boolean; create(): Promise<string> }[] = [
  {
    source: "chatbot",
    counted: true,
    async create() {
      const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
      const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
      try {
        await visitor.connect();
        const opened = await visitor.open();
        if (!opened.ok) throw new Error(opened.error);
        await visitor.qualifyHighLead({ name: "Chad Chat", company: "Chat Towers", contact: "chad@chattowers.example" });
        await server.app.chat.idle();
      } finally {
        visitor.disconnect();
      }
      return (await server.services.db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, conversationId: visitor.conversationId! } })).id;
    },
  },
  {
    source: "manual",
    counted: false,
    async create() {
      const res = await owner.client.post("/app/leads/new", { name: "Mona Manual", email: "mona@manual.example", company: "Manual Plaza", buildingSize: "30,000", frequency: "daily", timeline: "immediate" });
      expect(res.status).toBe(302);
      return res.location!.split("/").pop()!;
    },
  },
  {
    source: "api",
    counted: true,
    async create() {
      const res = await fetch(new URL("/api/v1/leads", server.url), {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Abe Api", company: "API Offices", email: "abe@api.example", buildingSizeSqFt: 40000, frequency: "daily", timeline: "immediate" }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    },
  },
  {
    source: "outreach",
    counted: true,
    async create() {
      const prospect = await server.services.db.prospect.create({
        data: { businessId: owner.businessId, name: "Olga Outreach", email: "olga@outreach.example", company: "Outreach Tower", status: "responded" },
      });
      const res = await fetch(new URL("/app/outreach.data", server.url), {
        method: "POST",
        headers: { Cookie: cookieOf(owner) },
        body: new URLSearchParams({ intent: "convert", prospectId: prospect.id }),
        redirect: "manual",
      });
      expect(res.status).toBe(200);
      await res.text();
      const converted = await server.services.db.prospect.findUniqueOrThrow({ where: { id: prospect.id } });
      expect(converted.status).toBe("converted");
      return converted.leadId!;
    },
  },
];

/** `lead.created` events of the lead on the event queue (pending, done or archived). */
async function leadCreatedEvents(leadId: string): Promise<number> {
  const schema = Prisma.raw(`"${JOB_SCHEMA}"`);
  const count = async (table: string) => {
    const rows = await server.services.db.$queryRaw<{ n: bigint }[]>(
      Prisma.sql`SELECT count(*) AS n FROM ${schema}.${Prisma.raw(`"${table}"`)}
                  WHERE "name" = ${EVENT_QUEUE} AND "data"->>'type' = 'lead.created' AND "data"->>'leadId' = ${leadId}`,
    );
    return Number(rows[0]?.n ?? 0);
  };
  return (await count("job")) + (await count("archive"));
}

const deliveriesOf = (leadId: string) =>
  receiver.received.filter((r) => {
    const body = JSON.parse(r.body) as { type: string; data: { lead?: { id: string } } };
    return body.type === "lead.created" && body.data.lead?.id === leadId;
  });

describe("every lead source has the same consequences", () => {
  it.each(SOURCES)("a $source lead: one lead.created, one live push, one plan count, one automation run, one webhook", async ({ source, counted, create }) => {
    const usageBefore = (await leadUsage(server.services.db, owner.businessId)).count;
    const leadId = await create();
    const lead = await server.services.db.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead.source).toBe(source);

    await until(async () => pushed.filter((p) => p.id === leadId).length, (n) => n >= 1);
    await until(async () => deliveriesOf(leadId).length, (n) => n >= 1);
    await until(() => server.services.db.automationRun.findMany({ where: { automationId, leadId } }), (runs) => runs.length >= 1 && runs.every((r) => r.status !== "scheduled"));
    await server.services.jobs.idle([EVENT_QUEUE, AUTOMATION_QUEUE, WEBHOOK_QUEUE, LEAD_QUOTA_QUEUE]);

    expect(await leadCreatedEvents(leadId)).toBe(1);
    expect(pushed.filter((p) => p.id === leadId)).toHaveLength(1);
    expect((await leadUsage(server.services.db, owner.businessId)).count - usageBefore).toBe(counted ? 1 : 0);
    const runs = await server.services.db.automationRun.findMany({ where: { automationId, leadId } });
    expect(runs.map((r) => [r.step, r.actionType, r.status])).toEqual([[0, "task", "sent"]]);
    const deliveries = deliveriesOf(leadId);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.path).toBe("/hooks");
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({ type: "lead.created", version: 1 });
  });
});
