// Outreach campaigns (DESIGN §12, §10): the outreach modal started on selected prospects. E-mail steps
// are `outreach.send` jobs due at the send time in the business's time zone, never more a day than the
// daily cap counted over every campaign of the business; each step, when due, checks that the prospect
// has not responded, unsubscribed or been converted, writes its `mail.send` job (rendered, with the
// signed unsubscribe link; the delivery checks the suppression list again) and schedules the next
// follow-up, at most two. LinkedIn is assisted, not automated: a daily list to work through by hand.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobHandler, JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import { OUTREACH_SEND_QUEUE } from "../jobs/queue/queues.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, prospectMessageEmail } from "../mail/templates/templates.ts";
import { normalizeAddress, unsubscribeUrl, type UnsubscribeSigner } from "../mail/unsubscribe.server.ts";
import { dayNumberOfIsoDate, isoDateOf, safeTimeZone } from "../shared/time/calendar.ts";
import { campaignSchema, fillPlaceholders, MAX_FOLLOW_UPS, type PlaceholderValues } from "./outreach-options.ts";
import { STOP_REASONS, stopSequences, type OutreachResult } from "./prospects.server.ts";
import { refuse } from "../shared/forms/action-result.ts";
import { allocateDays, firstSendDay, sendInstant, todayOf } from "./send-days.ts";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export const NO_ADDRESS_MESSAGE =
  "Add your business's postal address in Settings → Business Profile first: every outreach e-mail must carry it (CAN-SPAM).";

export type OutreachSendJob = { emailId: string };

const sendJob = (emailId: string, runAt: Date): JobRequest<OutreachSendJob> => ({
  name: OUTREACH_SEND_QUEUE,
  key: `outreach-email:${emailId}`,
  data: { emailId },
  runAt,
});

/** One business's campaign scheduling at a time (caps are counted over all of its campaigns). */
async function lockBusiness(tx: Tx, businessId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtext(${`outreach:${businessId}`}))`;
}

async function emailDaysUsed(tx: Tx, businessId: string, fromDay: number): Promise<Map<number, number>> {
  const rows = await tx.outreachEmail.groupBy({
    by: ["sendOn"],
    where: { businessId, sendOn: { gte: isoDateOf(fromDay) }, status: { in: ["scheduled", "sent"] } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [dayNumberOfIsoDate(r.sendOn), r._count._all]));
}

async function linkedinDaysUsed(tx: Tx, businessId: string, fromDay: number): Promise<Map<number, number>> {
  const rows = await tx.outreachEnrollment.groupBy({
    by: ["linkedinOn"],
    where: { businessId, linkedinOn: { gte: isoDateOf(fromDay) } },
    _count: { _all: true },
  });
  return new Map(rows.filter((r) => r.linkedinOn).map((r) => [dayNumberOfIsoDate(r.linkedinOn!), r._count._all]));
}

export type CampaignStart = {
  campaignId: string;
  emails: number;
  linkedin: number;
  firstSendOn: string | null;
  skipped: { name: string; reason: string }[];
};

export async function startCampaign(
  deps: { db: Db; jobs: JobQueue },
  args: { businessId: string; actorUserId: string | null; input: unknown; now?: Date },
): Promise<OutreachResult<CampaignStart>> {
  const parsed = campaignSchema.safeParse(args.input);
  if (!parsed.success) return refuse("invalid", parsed.error.issues[0]?.message ?? "Invalid campaign");
  const input = parsed.data;
  const now = args.now ?? new Date();
  const { db } = deps;
  const business = await db.business.findUnique({ where: { id: args.businessId }, select: { timeZone: true, street: true, city: true } });
  if (!business) return refuse("not_found", "Business not found");
  const timeZone = safeTimeZone(business.timeZone);

  return db.$transaction(
    async (tx) => {
      await lockBusiness(tx, args.businessId);
      const prospects = await tx.prospect.findMany({
        where: { businessId: args.businessId, id: { in: [...new Set(input.prospectIds)] } },
        select: { id: true, name: true, email: true, profileUrl: true, status: true, unsubscribed: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      if (!prospects.length) return refuse("not_found", "None of the selected prospects were found");
      const running = new Set(
        (
          await tx.outreachEnrollment.findMany({
            where: { businessId: args.businessId, prospectId: { in: prospects.map((p) => p.id) }, stoppedAt: null, finishedAt: null },
            select: { prospectId: true },
          })
        ).map((e) => e.prospectId),
      );
      const emails = prospects.map((p) => p.email).filter((e): e is string => e !== null);
      const suppressed = new Set(
        emails.length
          ? (await tx.emailSuppression.findMany({ where: { businessId: args.businessId, email: { in: emails.map(normalizeAddress) } }, select: { email: true } })).map((s) => s.email)
          : [],
      );
      const skipped: CampaignStart["skipped"] = [];
      const plan: { id: string; email: boolean; linkedin: boolean }[] = [];
      for (const p of prospects) {
        const label = p.name || p.email || p.profileUrl;
        if (p.status === "responded" || p.status === "converted") {
          skipped.push({ name: label, reason: p.status === "responded" ? "already responded" : "already a lead" });
          continue;
        }
        if (running.has(p.id)) {
          skipped.push({ name: label, reason: "already in a running campaign" });
          continue;
        }
        const canEmail = p.email !== null && !p.unsubscribed && !suppressed.has(normalizeAddress(p.email));
        const linkedin = p.profileUrl !== "";
        if (!canEmail && !linkedin) {
          skipped.push({ name: label, reason: p.email ? "unsubscribed, and no profile URL" : "no e-mail or profile URL" });
          continue;
        }
        plan.push({ id: p.id, email: canEmail, linkedin });
      }
      const emailCount = plan.filter((p) => p.email).length;
      if (emailCount > 0 && !business.street && !business.city) return refuse("invalid", NO_ADDRESS_MESSAGE);
      if (!plan.length) return refuse("invalid", "None of the selected prospects can be contacted: " + skipped.map((s) => `${s.name} (${s.reason})`).join(", "));

      const campaign = await tx.outreachCampaign.create({
        data: {
          businessId: args.businessId,
          name: `Campaign of ${isoDateOf(todayOf(now, timeZone))}`,
          linkedinMessage: input.linkedinMessage,
          emailSubject: input.emailSubject,
          emailBody: input.emailBody,
          dailyConnections: input.dailyConnections,
          followUpDays: input.followUpDays,
          dailyEmails: input.dailyEmails,
          sendTime: input.sendTime,
          createdById: args.actorUserId,
        },
        select: { id: true },
      });
      const emailFrom = firstSendDay(now, timeZone, input.sendTime);
      const emailDays = allocateDays({ fromDay: emailFrom, count: emailCount, cap: input.dailyEmails, used: await emailDaysUsed(tx, args.businessId, emailFrom) });
      const linkedinFrom = todayOf(now, timeZone);
      const linkedinCount = plan.filter((p) => p.linkedin).length;
      const linkedinDays = allocateDays({ fromDay: linkedinFrom, count: linkedinCount, cap: input.dailyConnections, used: await linkedinDaysUsed(tx, args.businessId, linkedinFrom) });

      const enrollments = plan.map((p) => ({ id: randomUUID(), prospectId: p.id, email: p.email, linkedinOn: p.linkedin ? isoDateOf(linkedinDays.shift()!) : null }));
      await tx.outreachEnrollment.createMany({
        data: enrollments.map((e) => ({ id: e.id, businessId: args.businessId, campaignId: campaign.id, prospectId: e.prospectId, linkedinOn: e.linkedinOn })),
      });
      const steps = enrollments
        .filter((e) => e.email)
        .map((e) => {
          const day = emailDays.shift()!;
          return { id: randomUUID(), enrollmentId: e.id, prospectId: e.prospectId, sendOn: isoDateOf(day), scheduledFor: sendInstant(day, input.sendTime, timeZone) };
        });
      if (steps.length) {
        await tx.outreachEmail.createMany({
          data: steps.map((s) => ({ ...s, businessId: args.businessId, campaignId: campaign.id, step: 0 })),
        });
        await deps.jobs.enqueue(tx, steps.map((s) => sendJob(s.id, s.scheduledFor)));
      }
      return {
        ok: true as const,
        value: { campaignId: campaign.id, emails: steps.length, linkedin: linkedinCount, firstSendOn: steps[0]?.sendOn ?? null, skipped },
      };
    },
    { timeout: 60_000 },
  );
}

/** The words of a follow-up before the campaign's own body. */
const FOLLOW_UP_INTRO = ["", "Following up on my e-mail below, in case it got buried.", "One last note from me: if now is not the right time, no problem at all."];

/** Subject and body of step 0 (the first e-mail) or a follow-up, placeholders filled. */
export function composeStep(campaign: { emailSubject: string; emailBody: string }, values: PlaceholderValues, step: number): { subject: string; body: string } {
  const subject = fillPlaceholders(campaign.emailSubject, values);
  const body = fillPlaceholders(campaign.emailBody, values);
  if (step === 0) return { subject, body };
  return { subject: `Re: ${subject}`, body: `${FOLLOW_UP_INTRO[step] ?? FOLLOW_UP_INTRO[2]}\n\n${body}` };
}

export type OutreachSendDeps = { db: Db; jobs: JobQueue; unsubscribe: UnsubscribeSigner; now?: () => Date };

/** Runs one due e-mail step (idempotent: a step leaves `scheduled` once). */
export async function runOutreachStep(deps: OutreachSendDeps, emailId: string): Promise<"sent" | "stopped" | "done"> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const step = await db.outreachEmail.findUnique({
    where: { id: emailId },
    select: {
      id: true,
      businessId: true,
      step: true,
      sendOn: true,
      status: true,
      enrollmentId: true,
      enrollment: { select: { stoppedAt: true } },
      campaign: { select: { id: true, emailSubject: true, emailBody: true, followUpDays: true, dailyEmails: true, sendTime: true } },
      prospect: { select: { id: true, email: true, firstName: true, company: true, location: true, industry: true, status: true, unsubscribed: true } },
      business: { select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true, timeZone: true, emailSenderName: true, emailReplyTo: true } },
    },
  });
  if (!step || step.status !== "scheduled") return "done";
  const { prospect, campaign, business } = step;
  const email = prospect.email ? normalizeAddress(prospect.email) : null;
  const suppressed = email
    ? await db.emailSuppression.findUnique({ where: { businessId_email: { businessId: step.businessId, email } }, select: { id: true } })
    : null;
  const stop =
    step.enrollment.stoppedAt !== null
      ? "The sequence was stopped"
      : prospect.status === "responded"
        ? STOP_REASONS.responded
        : prospect.status === "converted"
          ? STOP_REASONS.converted
          : prospect.unsubscribed || suppressed || !email
            ? STOP_REASONS.unsubscribed
            : null;
  if (stop || !email) {
    await db.$transaction(async (tx) => {
      await tx.outreachEmail.updateMany({ where: { id: step.id, status: "scheduled" }, data: { status: "skipped", reason: stop } });
      if (suppressed) await tx.prospect.update({ where: { id: prospect.id }, data: { unsubscribed: true } });
      await stopSequences(tx, { businessId: step.businessId, prospectIds: [prospect.id], reason: stop ?? STOP_REASONS.unsubscribed, now });
    });
    return "stopped";
  }

  const timeZone = safeTimeZone(business.timeZone);
  const { subject, body } = composeStep(campaign, prospect, step.step);
  const link = unsubscribeUrl(deps.unsubscribe, { businessId: step.businessId, email });
  const rendered = await renderEmail(prospectMessageEmail({ brand: businessBrand(business, deps.unsubscribe.appUrl), subject, body, unsubscribeUrl: link }));
  let outcome: "sent" | "done" = "done";
  await db.$transaction(async (tx) => {
    const claimed = await tx.outreachEmail.updateMany({ where: { id: step.id, status: "scheduled" }, data: { status: "sent", sentAt: now } });
    if (claimed.count !== 1) return;
    outcome = "sent";
    await tx.prospect.updateMany({ where: { id: prospect.id, status: "pending" }, data: { status: "contacted" } });
    await enqueueMail(deps.jobs, tx, [
      {
        key: `outreach:${step.id}`,
        mail: {
          businessId: step.businessId,
          kind: step.step === 0 ? "outreach-email" : "outreach-follow-up",
          unsubscribeUrl: link,
          message: {
            to: email,
            ...rendered,
            fromName: business.emailSenderName ?? business.name,
            ...(business.emailReplyTo ? { replyTo: business.emailReplyTo } : {}),
          },
        },
      },
    ]);
    if (step.step >= MAX_FOLLOW_UPS) {
      await tx.outreachEnrollment.update({ where: { id: step.enrollmentId }, data: { finishedAt: now } });
      return;
    }
    await lockBusiness(tx, step.businessId);
    const from = Math.max(dayNumberOfIsoDate(step.sendOn) + campaign.followUpDays, firstSendDay(now, timeZone, campaign.sendTime));
    const [day] = allocateDays({ fromDay: from, count: 1, cap: campaign.dailyEmails, used: await emailDaysUsed(tx, step.businessId, from) });
    const next = { id: randomUUID(), sendOn: isoDateOf(day!), scheduledFor: sendInstant(day!, campaign.sendTime, timeZone) };
    await tx.outreachEmail.create({
      data: { ...next, businessId: step.businessId, campaignId: campaign.id, enrollmentId: step.enrollmentId, prospectId: prospect.id, step: step.step + 1 },
    });
    await deps.jobs.enqueue(tx, [sendJob(next.id, next.scheduledFor)]);
  });
  return outcome;
}

export function outreachJobHandler(deps: OutreachSendDeps): JobHandler<OutreachSendJob> {
  return { name: OUTREACH_SEND_QUEUE, run: async (data) => void (await runOutreachStep(deps, data.emailId)) };
}

export type LinkedinItem = {
  enrollmentId: string;
  dueOn: string;
  prospect: { id: string; name: string; title: string; company: string; profileUrl: string };
  message: string;
};

/** Today's LinkedIn list: due (today or earlier), not yet marked sent, sequence not stopped. */
export async function linkedinList(db: Db, args: { businessId: string; now?: Date; take?: number }): Promise<LinkedinItem[]> {
  const business = await db.business.findUnique({ where: { id: args.businessId }, select: { timeZone: true } });
  if (!business) return [];
  const today = isoDateOf(todayOf(args.now ?? new Date(), safeTimeZone(business.timeZone)));
  const rows = await db.outreachEnrollment.findMany({
    where: {
      businessId: args.businessId,
      linkedinOn: { lte: today },
      linkedinSentAt: null,
      stoppedAt: null,
      prospect: { status: { in: ["pending", "contacted"] } },
    },
    orderBy: [{ linkedinOn: "asc" }, { createdAt: "asc" }],
    take: args.take ?? 100,
    select: {
      id: true,
      linkedinOn: true,
      campaign: { select: { linkedinMessage: true } },
      prospect: { select: { id: true, name: true, firstName: true, title: true, company: true, location: true, industry: true, profileUrl: true } },
    },
  });
  return rows.map((r) => ({
    enrollmentId: r.id,
    dueOn: r.linkedinOn!,
    prospect: { id: r.prospect.id, name: r.prospect.name, title: r.prospect.title, company: r.prospect.company, profileUrl: r.prospect.profileUrl },
    message: fillPlaceholders(r.campaign.linkedinMessage, r.prospect),
  }));
}

/** The owner sent the connection request by hand: off the list, the prospect counts as contacted. */
export async function markLinkedinSent(db: Db, args: { businessId: string; enrollmentId: string; now?: Date }): Promise<OutreachResult<null>> {
  const now = args.now ?? new Date();
  return db.$transaction(async (tx) => {
    const enrollment = await tx.outreachEnrollment.findFirst({
      where: { id: args.enrollmentId, businessId: args.businessId },
      select: { id: true, prospectId: true, linkedinOn: true, linkedinSentAt: true, _count: { select: { emails: true } } },
    });
    if (!enrollment || !enrollment.linkedinOn) return refuse("not_found", "This LinkedIn message is not on your list");
    if (enrollment.linkedinSentAt) return { ok: true as const, value: null };
    await tx.outreachEnrollment.update({
      where: { id: enrollment.id },
      data: { linkedinSentAt: now, ...(enrollment._count.emails === 0 ? { finishedAt: now } : {}) },
    });
    await tx.prospect.updateMany({ where: { id: enrollment.prospectId, status: "pending" }, data: { status: "contacted" } });
    return { ok: true as const, value: null };
  });
}

export type CampaignSummary = { id: string; name: string; createdAt: Date; sendTime: string; dailyEmails: number; prospects: number; sent: number; scheduled: number; stopped: number };

/** The business's latest campaigns with their e-mails sent, still scheduled and stopped. */
export async function campaignSummaries(db: Db, businessId: string, take = 5): Promise<CampaignSummary[]> {
  const campaigns = await db.outreachCampaign.findMany({
    where: { businessId },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, name: true, createdAt: true, sendTime: true, dailyEmails: true, _count: { select: { enrollments: true } } },
  });
  if (!campaigns.length) return [];
  const counts = await db.outreachEmail.groupBy({
    by: ["campaignId", "status"],
    where: { businessId, campaignId: { in: campaigns.map((c) => c.id) } },
    _count: { _all: true },
  });
  const count = (id: string, statuses: string[]) => counts.filter((c) => c.campaignId === id && statuses.includes(c.status)).reduce((n, c) => n + c._count._all, 0);
  return campaigns.map((c) => ({
    id: c.id,
    name: c.name,
    createdAt: c.createdAt,
    sendTime: c.sendTime,
    dailyEmails: c.dailyEmails,
    prospects: c._count.enrollments,
    sent: count(c.id, ["sent"]),
    scheduled: count(c.id, ["scheduled"]),
    stopped: count(c.id, ["skipped", "cancelled"]),
  }));
}
