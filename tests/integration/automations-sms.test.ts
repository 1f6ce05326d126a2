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

const SID = "AC0123456789abcdef0123456789abcdef";
const FROM = "+15550001111";
const twilio = createTwilioMock();
const msw = setupServer(...twilio.handlers);

describe("automation SMS through Twilio", () => {
  let server: TestServer;

  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "bypass" });
    server = await startTestServer({ env: { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "test-auth-token", TWILIO_FROM_NUMBER: FROM } });
  });
  afterEach(() => twilio.reset());
  afterAll(async () => {
    await server?.close();
    msw.close();
  });


  /** An active automation whose only step is an SMS, and a high lead with a phone announced as scored. */
  async function smsRun(businessName: string, leadName: string, phone: string) {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: businessName } });
    const created = await createFromTemplate(db, business.id, "high-priority");
    if (!created.ok) throw new Error(created.error);
    const template = AUTOMATION_TEMPLATES["high-priority"];
    const updated = await updateAutomation(
      { db, jobs: server.services.jobs },
      { businessId: business.id, id: created.value.id, input: { ...template, status: "active", actions: [{ type: "sms", template: "Hi {firstName}, {businessName} got your request.", delay: 0 }] } },
    );
    expect(updated.ok).toBe(true);
    const lead = await db.lead.create({
      data: { businessId: business.id, name: leadName, phone, company: `${leadName} Co`, score: 9, priority: "high", source: "manual" },
    });
    await emitEvents(server.services.jobs, db, [{ type: "lead.scored", businessId: business.id, leadId: lead.id, score: 9 }]);
    const step = () => db.automationRun.findMany({ where: { automationId: created.value.id, leadId: lead.id } });
    return { business, automationId: created.value.id, lead, step };
  }

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
