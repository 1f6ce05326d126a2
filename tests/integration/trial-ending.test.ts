// Cardless trials get no Stripe `trial_will_end` webhook, so a job e-mails their owners once when the
// trial ends within three days, with a link to the billing tab. Driven with a fake clock (`now`).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startJobs } from "../../server/jobs/jobs.server.ts";
import { sendTrialEndingReminders, TRIAL_ENDING_SUBJECT } from "../../server/jobs/trial-ending.server.ts";
import { readOutbox, type Mailer } from "../../server/mail/mailer.server.ts";
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

const mailsTo = async (email: string) => (await readOutbox(server.services.outboxDir)).filter((m) => m.to === email && m.subject === TRIAL_ENDING_SUBJECT);

describe("the trial-ending reminder", () => {
  it("e-mails the owners of cardless trials ending within 3 days, once per business", async () => {
    const soon = await trialOwner(new Date(T.getTime() + 2 * DAY));
    const edge = await trialOwner(new Date(T.getTime() + 3 * DAY));
    const later = await trialOwner(new Date(T.getTime() + 5 * DAY));
    const withCard = await trialOwner(new Date(T.getTime() + DAY), { stripeSubscriptionId: "sub_trial_card", stripeCustomerId: "cus_trial_card" });
    const over = await trialOwner(new Date(T.getTime() - HOUR));
    const active = await trialOwner(new Date(T.getTime() + DAY), { subscriptionStatus: "active", plan: "Pro" });
    await server.services.db.business.updateMany({ where: { isDemo: true }, data: { subscriptionStatus: "trial", trialEnd: new Date(T.getTime() + DAY) } });

    const first = await sendTrialEndingReminders(server.services, T);
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
    expect(mails[0]!.text).toContain(`${server.url}/app/settings?tab=billing`);
    const row = await server.services.db.business.findUniqueOrThrow({ where: { id: soon.businessId } });
    expect(row.trialEndingEmailedAt?.toISOString()).toBe(T.toISOString());

    // An hour later, and a day later: nothing again for those already told.
    expect(await sendTrialEndingReminders(server.services, new Date(T.getTime() + HOUR))).toEqual([]);
    expect(await sendTrialEndingReminders(server.services, new Date(T.getTime() + DAY))).toEqual([]);
    expect(await mailsTo(soon.email)).toHaveLength(1);

    // Two days later the 5-day trial is within 3 days.
    expect(await sendTrialEndingReminders(server.services, new Date(T.getTime() + 2 * DAY + HOUR))).toEqual([later.businessId]);
    expect(await mailsTo(later.email)).toHaveLength(1);
    for (const o of [withCard, over, active]) expect(await mailsTo(o.email)).toHaveLength(0);
  });

  it("gives the claim back when sending fails, so the next run retries", async () => {
    const owner = await trialOwner(new Date(T.getTime() + 10 * DAY + DAY));
    const at = new Date(T.getTime() + 10 * DAY);
    const errors: unknown[] = [];
    const failing: Mailer = { send: async () => Promise.reject(new Error("SMTP down")), describe: () => "failing", close: () => {} };
    const logger = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => errors.push(args) };
    expect(await sendTrialEndingReminders({ ...server.services, mailer: failing, logger }, at)).toEqual([]);
    expect(errors).toHaveLength(1);
    expect((await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } })).trialEndingEmailedAt).toBeNull();

    expect(await sendTrialEndingReminders(server.services, new Date(at.getTime() + HOUR))).toEqual([owner.businessId]);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("runs as one of the process's scheduled jobs, on the scheduler's clock", async () => {
    const at = new Date(T.getTime() + 20 * DAY);
    const owner = await trialOwner(new Date(at.getTime() + 2 * DAY));
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "clearTimeout", "clearInterval", "Date"], now: at });
    const jobs = startJobs(server.services);
    try {
      await vi.advanceTimersByTimeAsync(61_000);
    } finally {
      vi.useRealTimers();
    }
    await jobs.stop();
    const row = await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } });
    expect(row.trialEndingEmailedAt?.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});
