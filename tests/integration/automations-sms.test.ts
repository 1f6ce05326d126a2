// @postgres: parallel claims of the SMS allowance.
// Automation SMS steps through Twilio (DESIGN §11, decision 0033; issue 17), against a real server,
// real PGlite and the official `twilio` library answered by MSW (tests/mocks/twilio.ts): with
// TWILIO_* set, an SMS step calls the Messages API once with the lead's phone and the rendered text;
// a Twilio error is retried and the step is failed after the last attempt, emitting
// `automation.run.failed`.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";
import { createTwilioMock } from "../mocks/twilio.ts";
import { emitEvents } from "#server/events/emit-events.server.ts";
import { AUTOMATION_QUEUE, EVENT_QUEUE, queueSpec } from "#server/jobs/queue/queues.ts";
import { createFromTemplate, updateAutomation } from "#server/automations/automations.server.ts";
import { AUTOMATION_TEMPLATES } from "#shared/automations/definition.ts";
import { smsAllowanceReachedText, smsMonth } from "#shared/automations/sms-allowance.ts";
import { claimSms, smsUsage } from "#server/automations/sms-allowance.server.ts";
import { SANDBOX_HELD_TEXT } from "#server/demo/outbound-policy.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";

const SID = "AC0123456789abcdef0123456789abcdef";
const FROM = "+15550001111";
const twilio = createTwilioMock();
const msw = setupServer(...twilio.handlers);

describe("automation SMS through Twilio", () => {
  let server: TestServer;

  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "bypass" });
    // Quiet hours off: these steps must send at whatever hour the suite runs (tests/integration/sms-two-way.test.ts covers them).
    server = await startTestServer({ env: { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "test-auth-token", TWILIO_FROM_NUMBER: FROM, SMS_QUIET_HOURS: "off" } });
  });
  afterEach(() => twilio.reset());
  afterAll(async () => {
    await server?.close();
    msw.close();
  });


  /** An active automation whose only step is an SMS, and a high lead with a phone announced as scored. */
  async function smsRun(businessName: string, leadName: string, phone: string, plan: { plan: string; timeZone?: string; isDemo?: boolean; sandboxExpiresAt?: Date } = { plan: "Pro" }) {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: businessName, subscriptionStatus: "active", ...plan } });
    const created = await createFromTemplate(db, business.id, "high-priority");
    if (!created.ok) throw new Error(created.error);
    const template = AUTOMATION_TEMPLATES["high-priority"];
    const updated = await updateAutomation(
      commandContext(server.services, server.app.workspaceEvents),
      { businessId: business.id, id: created.value.id, input: { ...template, status: "active", actions: [{ type: "sms", template: "Hi {firstName}, {businessName} got your request.", delay: 0 }] } },
    );
    expect(updated.ok).toBe(true);
    const lead = await db.lead.create({
      data: { businessId: business.id, name: leadName, phone, company: `${leadName} Co`, score: 9, priority: "high", source: "manual" },
    });
    // No SMS without consent (decision 0068): this lead agreed in the chat.
    await db.smsConsent.create({ data: { businessId: business.id, phone, wording: "Can we text you at this number? Yes" } });
    await emitEvents(server.services.jobs, db, [{ type: "lead.scored", businessId: business.id, leadId: lead.id, score: 9 }]);
    const step = () => db.automationRun.findMany({ where: { automationId: created.value.id, leadId: lead.id } });
    return { business, automationId: created.value.id, lead, step };
  }

  /** Another lead of the business, announced as scored: the automation's SMS step runs for it. */
  async function scoredLead(businessId: string, name: string, phone: string) {
    const db = server.services.db;
    const lead = await db.lead.create({ data: { businessId, name, phone, score: 9, priority: "high", source: "manual" } });
    await db.smsConsent.create({ data: { businessId, phone, wording: "Can we text you at this number? Yes" } });
    await emitEvents(server.services.jobs, db, [{ type: "lead.scored", businessId, leadId: lead.id, score: 9 }]);
    return lead;
  }

  /** `count` SMS already claimed this month (steps of one earlier run), at `at`. */
  async function priorClaims(businessId: string, automationId: string, count: number, at: Date) {
    const db = server.services.db;
    const lead = await db.lead.create({ data: { businessId, name: "Earlier Lead", phone: "+15550009999", score: 9, priority: "high", source: "manual" } });
    await db.automationRun.createMany({
      data: Array.from({ length: count }, (_, step) => ({
        businessId, automationId, leadId: lead.id, step, actionType: "sms" as const, status: "sent" as const, scheduledFor: at, finishedAt: at, smsClaimedAt: at,
      })),
    });
  }

  it("the plan's monthly SMS allowance: steps past it end with the allowance text and never reach Twilio; parallel claims never go over", async () => {
    const db = server.services.db;
    // A Starter business (100 SMS a month) in Los Angeles with 98 SMS this month and 5 from last month.
    const { business, automationId, step } = await smsRun("Allowance Cleaning", "Al First", "+15553330001", { plan: "Starter", timeZone: "America/Los_Angeles" });
    await until(step, (r) => r.length === 1 && r[0]!.status === "sent");
    const month = smsMonth("America/Los_Angeles");
    await priorClaims(business.id, automationId, 97, new Date(month.start.getTime() + 60_000));
    const oldAutomation = await db.automation.create({ data: { businessId: business.id, name: "Old", trigger: "lead_scored", type: "sms", status: "paused", actions: [] } });
    await priorClaims(business.id, oldAutomation.id, 5, new Date(month.start.getTime() - 60_000));
    expect(await smsUsage(db, business.id)).toEqual({ used: 98, allowance: 100 });

    // Three more leads at once: two SMS are sent, the third step ends with the allowance text.
    twilio.reset();
    const leads = await Promise.all(["Bo Second", "Cy Third", "Di Fourth"].map((name, i) => scoredLead(business.id, name, `+1555333000${i + 2}`)));
    const runs = await until(
      () => db.automationRun.findMany({ where: { automationId, leadId: { in: leads.map((l) => l.id) } } }),
      (r) => r.length === 3 && r.every((s) => s.status !== "scheduled"),
    );
    expect(runs.map((r) => r.status).sort()).toEqual(["sent", "sent", "skipped"]);
    expect(runs.find((r) => r.status === "skipped")!.error).toBe(smsAllowanceReachedText(100));
    expect(runs.find((r) => r.status === "skipped")!.error).toBe(
      "Not sent: this month's SMS allowance (100) is used up. It renews on the 1st, or upgrade in Settings > Billing & Subscription",
    );
    await server.services.jobs.idle([EVENT_QUEUE, AUTOMATION_QUEUE]);
    expect(twilio.messages).toHaveLength(2);
    expect(await smsUsage(db, business.id)).toEqual({ used: 100, allowance: 100 });

    // Claims racing each other (a trial: 50 a month, 48 used) are counted one after the other.
    const trial = await db.business.create({ data: { name: "Trial Sms Cleaning", subscriptionStatus: "trial", trialEnd: new Date(Date.now() + 7 * 86_400_000) } });
    const trialAutomation = await db.automation.create({ data: { businessId: trial.id, name: "Sms", trigger: "lead_scored", type: "sms", status: "active", actions: [] } });
    await priorClaims(trial.id, trialAutomation.id, 48, new Date());
    const racing = await db.lead.create({ data: { businessId: trial.id, name: "Race", phone: "+15550001234", score: 9, priority: "high", source: "manual" } });
    const pending = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        db.automationRun.create({ data: { businessId: trial.id, automationId: trialAutomation.id, leadId: racing.id, step: i, actionType: "sms", scheduledFor: new Date() } }),
      ),
    );
    const claims = await Promise.all(pending.map((run) => claimSms(db, { businessId: trial.id, runId: run.id, now: new Date() })));
    expect(claims.filter((c) => c.ok)).toHaveLength(2);
    expect(claims.filter((c) => !c.ok)).toEqual(Array.from({ length: 4 }, () => ({ ok: false, allowance: 50 })));
    // A retried step keeps its claim.
    const claimed = pending[claims.findIndex((c) => c.ok)]!;
    expect(await claimSms(db, { businessId: trial.id, runId: claimed.id, now: new Date() })).toEqual({ ok: true });
    expect(await smsUsage(db, trial.id)).toEqual({ used: 50, allowance: 50, trial: true });
  });

  it("sends the rendered text to the lead's phone once", async () => {
    const { step } = await smsRun("Sms Cleaning", "Sam Sms", "+15552223333");
    const runs = await until(step, (r) => r.length === 1 && r[0]!.status !== "scheduled");
    expect(runs[0]).toMatchObject({ actionType: "sms", status: "sent", error: null });
    expect(twilio.requests).toEqual([
      { accountSid: SID, authAccount: SID, to: "+15552223333", from: FROM, body: "Hi Sam, Sms Cleaning got your request.", idempotencyToken: `automation-run:${runs[0]!.id}` },
    ]);
    await server.services.jobs.idle([EVENT_QUEUE, AUTOMATION_QUEUE]);
    expect(twilio.messages).toHaveLength(1);
  });

  it("a demo sandbox's SMS step is held: recorded with the held text, and no request reaches Twilio", async () => {
    // A sandbox (a demo: every feature, thousands of SMS a month) whose visitor typed a stranger's number into a lead.
    const sandboxExpiresAt = new Date(Date.now() + 86_400_000);
    const { business, step } = await smsRun("Sandbox Sms Cleaning", "Stranger Number", "+15557654321", { plan: "Pro", isDemo: true, sandboxExpiresAt });
    const runs = await until(step, (r) => r.length === 1 && r[0]!.status !== "scheduled");
    expect(runs[0]).toMatchObject({ actionType: "sms", status: "skipped", error: SANDBOX_HELD_TEXT.sms, smsClaimedAt: null });
    expect(runs[0]!.error).toBe("Held: a demo sandbox sends no SMS");
    await server.services.jobs.idle([EVENT_QUEUE, AUTOMATION_QUEUE]);
    expect(twilio.requests).toHaveLength(0);
    // A held SMS takes nothing from the allowance.
    expect((await smsUsage(server.services.db, business.id)).used).toBe(0);
  });

  it("a Twilio error is retried, then the step is failed and automation.run.failed emitted", async () => {
    twilio.set({ failure: { status: 400, code: 21211 } });
    const { step, lead, automationId } = await smsRun("Failing Sms Cleaning", "Fiona Fail", "+15550000000");
    // Each retry waits its backoff; the job layer's clock is moved on until the step gives up.
    const runs = await until(
      async () => {
        await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
        return step();
      },
      (r) => r.length === 1 && r[0]!.status !== "scheduled",
      120_000,
    );
    expect(runs[0]).toMatchObject({ actionType: "sms", status: "failed" });
    expect(runs[0]!.error).toMatch(/Twilio refused the SMS: The 'To' number \+15550000000 is not a valid phone number/);
    expect(twilio.requests).toHaveLength(queueSpec(AUTOMATION_QUEUE).retryLimit + 1);
    expect(new Set(twilio.requests.map((r) => r.idempotencyToken))).toEqual(new Set([`automation-run:${runs[0]!.id}`]));
    expect(twilio.messages).toHaveLength(0);
    const failed = await until(
      () =>
        server.services.db.$queryRawUnsafe<{ data: unknown }[]>(
          `SELECT data FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
          EVENT_QUEUE,
          `automation.run.failed:${runs[0]!.id}`,
        ),
      (r) => r.length === 1,
    );
    expect(failed[0]).toMatchObject({ data: { type: "automation.run.failed", automationId, runId: runs[0]!.id, leadId: lead.id } });
  }, 180_000);
});
