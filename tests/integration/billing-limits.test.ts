// Plan limits on the server: leads counted per billing period through the real capture code
// (captureLead, then its lead.quota job), overage at 101 (Starter) and 501 (Pro), overage leads still stored and reported to
// Stripe once each as meter events; Enterprise unlimited; test conversations not counted; PRO features
// locked below Pro; an expired trial keeps capturing but hides lead details until subscribing; and the
// app without Stripe keys.
import type { SetupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonthsUtc, usageWindow } from "#server/billing/usage-window.ts";
import { captureLead } from "#server/leads/capture-lead.server.ts";
import { countLeadAgainstPlan, leadUsage } from "#server/billing/lead-quota.server.ts";
import { Prisma } from "#server/db/generated/client.ts";
import { JOB_SCHEMA } from "#server/jobs/queue/job-queue.server.ts";
import { LEAD_QUOTA_QUEUE, OVERAGE_QUEUE } from "#server/jobs/queue/queues.ts";
import type { StripeMock } from "../mocks/stripe.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { expireTrial, postJson, registerOwner, startStripeMock, STRIPE_ENV, type Owner } from "./billing-support.ts";

let server: TestServer;
let mock: StripeMock;
let msw: SetupServer;

beforeAll(async () => {
  ({ mock, msw } = startStripeMock());
  server = await startTestServer({ seedDemo: false, env: STRIPE_ENV });
});

afterAll(async () => {
  await server?.close();
  msw?.close();
});

let visitor = 0;
/** A visitor's conversation on the business's chatbot becomes a lead (the chat service's call). */
async function captureOne(businessId: string, options: { isTest?: boolean; name?: string; now?: Date } = {}) {
  const db = server.services.db;
  const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId } });
  visitor += 1;
  const conversation = await db.conversation.create({
    data: { businessId, chatbotId: chatbot.id, visitorId: `visitor-${visitor}`, isTest: options.isTest ?? false },
  });
  const result = await captureLead(db, {
    businessId,
    conversationId: conversation.id,
    isTest: options.isTest ?? false,
    answers: { name: options.name ?? `Visitor ${visitor}`, email: `visitor${visitor}@example.com` },
    scoreInput: { buildingSizeSqFt: 12_000, frequency: "weekly", marketPriceCents: 1000 },
    now: options.now ?? new Date(),
  });
  // A test conversation's lead writes no lead.quota job; any other is counted by that job, off the chat's
  // path (decision 0103): its entry is written with the count and the overage flag, in one statement.
  if (!options.isTest) await expect.poll(() => db.leadUsageEntry.count({ where: { leadId: result.lead.id } })).toBe(1);
  return db.lead.findUniqueOrThrow({ where: { id: result.lead.id } });
}

/** A paying business on `plan` (active, as Stripe's webhook would leave it) with `used` leads counted. */
async function payingOwner(plan: "Starter" | "Pro" | "Enterprise", used: number): Promise<Owner> {
  const owner = await registerOwner(server, `${plan} Cleaning`);
  const db = server.services.db;
  const periodStart = new Date(Date.now() - 3 * 86_400_000);
  const business = await db.business.update({
    where: { id: owner.businessId },
    data: {
      subscriptionStatus: "active",
      plan,
      billingPeriod: "monthly",
      currentPeriodStart: periodStart,
      currentPeriodEnd: new Date(periodStart.getTime() + 30 * 86_400_000),
      stripeCustomerId: `cus_limits_${owner.businessId}`,
    },
  });
  await db.leadUsage.create({ data: { businessId: owner.businessId, periodStart: usageWindow(business).start, count: used } });
  return owner;
}

describe("lead limits", () => {
  it("Starter: the 99th and 100th leads are included, the 101st is overage, captured and reported once", async () => {
    const owner = await payingOwner("Starter", 98);
    const lead99 = await captureOne(owner.businessId);
    const lead100 = await captureOne(owner.businessId);
    const lead101 = await captureOne(owner.businessId, { name: "Over Limit" });
    expect([lead99.isOverage, lead100.isOverage, lead101.isOverage]).toEqual([false, false, true]);
    expect(lead101.name).toBe("Over Limit");

    // The overage is a job written with the count (DESIGN §10): one meter event, once.
    await server.services.jobs.idle([OVERAGE_QUEUE]);
    expect(await server.services.db.overageReport.findUniqueOrThrow({ where: { leadId: lead101.id } })).toMatchObject({ attempts: 1 });
    expect((await server.services.db.overageReport.findUniqueOrThrow({ where: { leadId: lead101.id } })).reportedAt).not.toBeNull();
    const events = mock.state.meterEvents.filter((e) => (e.payload as Record<string, string>).stripe_customer_id === `cus_limits_${owner.businessId}`);
    expect(events).toEqual([
      expect.objectContaining({ event_name: "leadbroom_overage_lead", identifier: `lead_${lead101.id}`, payload: { stripe_customer_id: `cus_limits_${owner.businessId}`, value: "1" } }),
    ]);
  });

  it("Pro: 499 and 500 included, 501 overage; a Stripe failure is retried until reported", async () => {
    const owner = await payingOwner("Pro", 498);
    // Stripe refuses the next meter event: the overage job's first attempt.
    mock.failNext(/meter_events/, 400, "Customer has no active subscription with this meter.", "invalid_request_error");
    const leads = [await captureOne(owner.businessId), await captureOne(owner.businessId), await captureOne(owner.businessId)];
    expect(leads.map((l) => l.isOverage)).toEqual([false, false, true]);
    // The job's first attempt fails at Stripe; it is kept with the error and retried with backoff.
    await expect
      .poll(async () => (await server.services.db.overageReport.findUniqueOrThrow({ where: { leadId: leads[2]!.id } })).attempts, { timeout: 30_000 })
      .toBe(1);
    const pending = await server.services.db.overageReport.findUniqueOrThrow({ where: { leadId: leads[2]!.id } });
    expect(pending).toMatchObject({ reportedAt: null, attempts: 1 });
    expect(pending.lastError).toContain("no active subscription");
    await expect.poll(() => server.services.jobs.releaseDelayed(OVERAGE_QUEUE), { timeout: 30_000 }).toBe(1);
    await server.services.jobs.idle([OVERAGE_QUEUE]);
    expect((await server.services.db.overageReport.findUniqueOrThrow({ where: { leadId: leads[2]!.id } })).reportedAt).not.toBeNull();
    expect(mock.state.meterEvents.filter((e) => e.identifier === `lead_${leads[2]!.id}`)).toHaveLength(1);
  });

  it("Enterprise is unlimited and test conversations are not counted", async () => {
    const owner = await payingOwner("Enterprise", 10_000);
    expect((await captureOne(owner.businessId)).isOverage).toBe(false);
    const starter = await payingOwner("Starter", 100);
    const testLead = await captureOne(starter.businessId, { isTest: true });
    expect(testLead.isOverage).toBe(false);
    // No lead.quota job was written for it (so none can count it later), and nothing counted it.
    const jobs = await server.services.db.$queryRaw<{ n: number }[]>(
      Prisma.sql`SELECT count(*)::int AS n FROM ${Prisma.raw(`"${JOB_SCHEMA}"`)}."job" WHERE "name" = ${LEAD_QUOTA_QUEUE} AND "data"->>'leadId' = ${testLead.id}`,
    );
    expect(jobs[0]!.n).toBe(0);
    const usage = await server.services.db.leadUsage.findFirstOrThrow({ where: { businessId: starter.businessId } });
    expect(usage.count).toBe(100);
  });

  it("a lead is counted once, however often its lead.quota job runs (a retry, two at once)", async () => {
    const owner = await payingOwner("Starter", 99);
    const db = server.services.db;
    const lead = await captureOne(owner.businessId); // the 100th: included
    expect(lead.isOverage).toBe(false);
    const again = await Promise.all([1, 2].map(() => countLeadAgainstPlan(db, { businessId: owner.businessId, leadId: lead.id })));
    expect(again.map((r) => r.counted)).toEqual([false, false]);
    expect((await db.leadUsage.findFirstOrThrow({ where: { businessId: owner.businessId } })).count).toBe(100);
    expect((await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).isOverage).toBe(false);
    // Another business's id does not count this lead either.
    const other = await payingOwner("Starter", 0);
    expect((await countLeadAgainstPlan(db, { businessId: other.businessId, leadId: lead.id })).counted).toBe(false);
    expect((await db.leadUsage.findFirstOrThrow({ where: { businessId: other.businessId } })).count).toBe(0);
  });

  it("a lead captured in a period's last second counts in that period, even when its job runs after the renewal", async () => {
    const owner = await payingOwner("Starter", 0);
    const db = server.services.db;
    // The period that ended an hour ago (P0 to P1), with its 100 leads used; the renewal moves the
    // business to P1 only after the capture, as Stripe's webhook would, before or after the job runs.
    const renewal = new Date(Date.now() - 3_600_000);
    const previous = addMonthsUtc(renewal, -1);
    await db.business.update({ where: { id: owner.businessId }, data: { currentPeriodStart: previous, currentPeriodEnd: renewal } });
    await db.leadUsage.deleteMany({ where: { businessId: owner.businessId } });
    await db.leadUsage.create({ data: { businessId: owner.businessId, periodStart: previous, count: 100 } });

    const last = await captureOne(owner.businessId, { now: new Date(renewal.getTime() - 1000), name: "Last Second" });
    await db.business.update({ where: { id: owner.businessId }, data: { currentPeriodStart: renewal, currentPeriodEnd: addMonthsUtc(renewal, 1) } });
    const first = await captureOne(owner.businessId, { now: new Date(renewal.getTime() + 1000), name: "First Second" });

    // The 101st lead of the old period is overage there; the new period starts from one.
    expect([last.isOverage, first.isOverage]).toEqual([true, false]);
    const usage = await db.leadUsage.findMany({ where: { businessId: owner.businessId }, orderBy: { periodStart: "asc" } });
    expect(usage.map((u) => [u.periodStart.toISOString(), u.count])).toEqual([
      [previous.toISOString(), 101],
      [renewal.toISOString(), 1],
    ]);
    expect(await leadUsage(db, owner.businessId)).toMatchObject({ count: 1, limit: 100, periodStart: renewal });
  });

  it("a free trial counts against Pro's 500 but its extra leads are not billed", async () => {
    const owner = await registerOwner(server);
    const business = await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } });
    await server.services.db.leadUsage.create({ data: { businessId: owner.businessId, periodStart: usageWindow(business).start, count: 500 } });
    const lead = await captureOne(owner.businessId);
    expect(lead.isOverage).toBe(true);
    expect(await server.services.db.overageReport.count({ where: { leadId: lead.id } })).toBe(0);
  });
});

describe("features by plan", () => {
  it("locks Cold Outreach below Pro and opens it on Pro and during the trial", async () => {
    const starter = await payingOwner("Starter", 0);
    const locked = await starter.client.get("/app/outreach");
    // 403 and no prospects (issue 19), the page still drawn locked with Unlock.
    expect(locked.status).toBe(403);
    expect(locked.text).toContain("Unlock");
    expect(locked.text).toContain("data-feature-locked=\"cold_outreach\"");

    const pro = await payingOwner("Pro", 0);
    const open = await pro.client.get("/app/outreach");
    expect(open.status).toBe(200);
    expect(open.text).not.toContain("data-feature-locked");

    const trial = await registerOwner(server);
    expect((await trial.client.get("/app/outreach")).text).not.toContain("data-feature-locked");
  });
});

describe("an expired trial", () => {
  it("keeps capturing leads but hides their details until the owner subscribes", async () => {
    const owner = await registerOwner(server);
    await expireTrial(server, owner.businessId);
    const lead = await captureOne(owner.businessId, { name: "Hidden Harriet" });
    expect(lead.name).toBe("Hidden Harriet");
    const list = await owner.client.get("/app/leads");
    expect(list.status).toBe(200);
    expect(list.text).not.toContain("Hidden Harriet");
    expect(list.text).toContain("Subscribe to see");
    const detail = await owner.client.get(`/app/leads/${lead.id}`);
    expect(detail.text).not.toContain("Hidden Harriet");
    expect(detail.text).not.toContain(lead.email!);

    await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Starter" } });
    expect((await owner.client.get("/app/leads")).text).toContain("Hidden Harriet");
  });
});

describe("without Stripe keys", () => {
  it("runs: trials work and billing answers that it is not configured", async () => {
    const plain = await startTestServer({ seedDemo: false });
    try {
      const owner = await registerOwner(plain);
      const res = await postJson(plain, owner.client, "/api/subscribe", { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_visa" });
      expect(res.status).toBe(503);
      expect(String(res.body.error)).toMatch(/Billing is not configured/);
      expect((await postJson(plain, owner.client, "/api/billing-portal")).status).toBe(503);
      expect((await postJson(plain, null, "/api/stripe/webhook", {})).status).toBe(503);
      const tab = await owner.client.get("/app/settings/billing");
      expect(tab.status).toBe(200);
      expect(tab.text).toContain("Billing is not configured");
      expect(tab.text).toContain("Trial ends on");
      expect((await owner.client.get("/app/dashboard")).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
