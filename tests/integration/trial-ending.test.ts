// Cardless trials get no Stripe `trial_will_end` webhook, so a job e-mails their owners once when the
// trial ends within three days, with a link to the billing tab. Driven with a fake clock (`now`); the
// e-mails are jobs (DESIGN §10), read from the outbox once the job layer has delivered them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueTrialEndingReminders, TRIAL_ENDING_SUBJECT } from "#server/jobs/trial-ending.server.ts";
import { MAIL_QUEUE, TRIAL_ENDING_TICK } from "#server/jobs/queue/queues.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { registerOwner } from "./billing-support.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
});

afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The fake clock: far from the real one, so the businesses other tests register never fall due.
const T = new Date("2031-03-10T15:00:00Z");

async function trialOwner(trialEnd: Date, extra: Record<string, unknown> = {}) {
  const owner = await registerOwner(server, "Ending Soon Janitorial");
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { trialEnd, timeZone: "America/Chicago", ...extra } });
  return owner;
}

const mailsTo = async (email: string) => {
  await server.services.jobs.idle([MAIL_QUEUE]);
  return (await readOutbox(server.services.outboxDir)).filter((m) => m.to === email && m.subject === TRIAL_ENDING_SUBJECT);
};

describe("the trial-ending reminder", () => {
  it("e-mails the owners of cardless trials ending within 3 days, once per business", async () => {
    const soon = await trialOwner(new Date(T.getTime() + 2 * DAY));
    const edge = await trialOwner(new Date(T.getTime() + 3 * DAY));
    const later = await trialOwner(new Date(T.getTime() + 5 * DAY));
    const withCard = await trialOwner(new Date(T.getTime() + DAY), { stripeSubscriptionId: "sub_trial_card", stripeCustomerId: "cus_trial_card" });
    const over = await trialOwner(new Date(T.getTime() - HOUR));
    const active = await trialOwner(new Date(T.getTime() + DAY), { subscriptionStatus: "active", plan: "Pro" });
    await server.services.db.business.updateMany({ where: { isDemo: true }, data: { subscriptionStatus: "trial", trialEnd: new Date(T.getTime() + DAY) } });

    const first = await queueTrialEndingReminders(server.services, T);
    expect(first).toContain(soon.businessId);
    expect(first).toContain(edge.businessId);
    for (const o of [later, withCard, over, active]) expect(first).not.toContain(o.businessId);
    const demo = await server.services.db.business.findFirstOrThrow({ where: { isDemo: true } });
    expect(first).not.toContain(demo.id);
    expect(first).toHaveLength(2);

    const mails = await mailsTo(soon.email);
    expect(mails).toHaveLength(1);
    // 2 days after 15:00 UTC on March 10: March 12 in Chicago.
    expect(mails[0]!.text).toContain("Your LeadBroom free trial for Ending Soon Janitorial ends on March 12, 2031.");
    expect(mails[0]!.text).toContain(`${server.url}/app/settings/billing`);
    const row = await server.services.db.business.findUniqueOrThrow({ where: { id: soon.businessId } });
    expect(row.trialEndingEmailedAt?.toISOString()).toBe(T.toISOString());

    // An hour later, and a day later: nothing again for those already told.
    expect(await queueTrialEndingReminders(server.services, new Date(T.getTime() + HOUR))).toEqual([]);
    expect(await queueTrialEndingReminders(server.services, new Date(T.getTime() + DAY))).toEqual([]);
    expect(await mailsTo(soon.email)).toHaveLength(1);

    // Two days later the 5-day trial is within 3 days.
    expect(await queueTrialEndingReminders(server.services, new Date(T.getTime() + 2 * DAY + HOUR))).toEqual([later.businessId]);
    expect(await mailsTo(later.email)).toHaveLength(1);
    for (const o of [withCard, over, active]) expect(await mailsTo(o.email)).toHaveLength(0);
  });

  it("keeps the business unclaimed when its e-mails cannot be queued, so the next tick queues them", async () => {
    const owner = await trialOwner(new Date(T.getTime() + 10 * DAY + DAY));
    const at = new Date(T.getTime() + 10 * DAY);
    // The claim and the e-mail jobs are one transaction. (A failed delivery is retried by the job layer.)
    const failing = { ...server.services.jobs, enqueue: async () => Promise.reject(new Error("database down")) };
    await expect(queueTrialEndingReminders({ ...server.services, jobs: failing }, at)).rejects.toThrow("database down");
    expect((await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } })).trialEndingEmailedAt).toBeNull();

    expect(await queueTrialEndingReminders(server.services, new Date(at.getTime() + HOUR))).toEqual([owner.businessId]);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("runs as a schedule of the job layer, whose tick job queues the e-mails", async () => {
    const rows = await server.database.sql.query<{ name: string; cron: string }>(`SELECT name, cron FROM pgboss.schedule ORDER BY name`);
    expect(rows).toContainEqual({ name: TRIAL_ENDING_TICK, cron: "7 * * * *" });
    // A tick is an ordinary job: run one now (the real clock) for a trial ending in two days.
    const owner = await trialOwner(new Date(Date.now() + 2 * DAY));
    await server.services.jobs.enqueue(server.services.db, [{ name: TRIAL_ENDING_TICK, key: "tick:test", data: {} }]);
    await server.services.jobs.idle([TRIAL_ENDING_TICK]);
    const row = await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } });
    expect(row.trialEndingEmailedAt).not.toBeNull();
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});
