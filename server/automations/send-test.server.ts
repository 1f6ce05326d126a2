// "Send test" (issue 17): an automation's e-mail and notification steps run once, now, against a fixed
// sample lead (never a stored one). Its e-mails go only to the signed-in member's own address, through
// the job layer (mail jobs written in one transaction with the test's notifications, DESIGN §10).
import { plural } from "../shared/format/plural.ts";
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, leadMessageEmail } from "../mail/templates/templates.ts";
import { unsubscribeUrl, type UnsubscribeSigner } from "../mail/unsubscribe.server.ts";
import { firstNameOf, renderPlaceholders, type Action } from "../shared/automations/definition.ts";
import { AUTOMATION_NOT_FOUND, type AutomationResult } from "./automations.server.ts";
import type { WorkspaceNotification } from "../realtime/protocol.ts";

/** The sample lead a test runs against: fixed data, not a lead of the business. */
export const SAMPLE_LEAD = { name: "Jordan Sample", email: "jordan.sample@example.com", company: "Sample Office Park" } as const;
export const NO_TESTABLE_STEP = "This automation has no email or notification step to test.";
export const NO_BOOKING_LINK = "Add your booking link in Settings > Business Profile";
export const TEST_SUBJECT_PREFIX = "[Test] ";

export type TestSent = { to: string; emails: number; notifications: number };

export async function sendAutomationTest(
  deps: {
    db: Db;
    jobs: JobQueue;
    unsubscribe: UnsubscribeSigner;
    /** Pushes the test's stored notifications to the business's open workspaces, as real steps' are. */
    notify?: (businessId: string, notification: WorkspaceNotification) => void;
  },
  args: { businessId: string; id: string; userId: string; now?: Date },
): Promise<AutomationResult<TestSent>> {
  const { db } = deps;
  if (typeof args.id !== "string" || !args.id) return { ok: false, status: 404, error: AUTOMATION_NOT_FOUND };
  const [automation, business, member] = await Promise.all([
    db.automation.findFirst({ where: { id: args.id, businessId: args.businessId, deletedAt: null }, select: { id: true, name: true, actions: true } }),
    db.business.findUnique({
      where: { id: args.businessId },
      select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true, emailSenderName: true, emailReplyTo: true, bookingUrl: true },
    }),
    db.user.findUnique({ where: { id: args.userId }, select: { email: true } }),
  ]);
  if (!automation || !business || !member) return { ok: false, status: 404, error: AUTOMATION_NOT_FOUND };
  const steps = ((automation.actions ?? []) as Action[]).filter((a) => a.type === "email" || a.type === "notification");
  if (steps.length === 0) return { ok: false, status: 400, error: NO_TESTABLE_STEP };
  if (steps.some((a) => a.type === "email" && `${a.subject ?? ""} ${a.template}`.includes("{bookingLink}")) && !business.bookingUrl) {
    return { ok: false, status: 400, error: NO_BOOKING_LINK };
  }
  const values = {
    firstName: firstNameOf(SAMPLE_LEAD.name),
    name: SAMPLE_LEAD.name,
    company: SAMPLE_LEAD.company,
    businessName: business.name,
    bookingLink: business.bookingUrl,
  };
  const to = member.email;
  // The footer's link is the sample lead's (the e-mail shows what a lead gets); the owner's own address
  // is never put on the suppression list by a test.
  const footerUnsubscribe = unsubscribeUrl(deps.unsubscribe, { businessId: args.businessId, email: SAMPLE_LEAD.email });
  const brand = businessBrand(business, deps.unsubscribe.appUrl);
  const testId = randomUUID();
  const mails = await Promise.all(
    steps
      .map((action, index) => ({ action, index }))
      .filter(({ action }) => action.type === "email")
      .map(async ({ action, index }) => {
        const subject = TEST_SUBJECT_PREFIX + (renderPlaceholders(action.subject ?? "", values) || business.name);
        const body = renderPlaceholders(action.template, values);
        const rendered = await renderEmail(leadMessageEmail({ brand, subject, body, unsubscribeUrl: footerUnsubscribe }));
        return {
          key: `automation-test:${automation.id}:${testId}:${index}`,
          mail: {
            businessId: args.businessId,
            kind: "automation-test",
            message: { to, ...rendered, fromName: business.emailSenderName ?? business.name, ...(business.emailReplyTo ? { replyTo: business.emailReplyTo } : {}) },
          },
        };
      }),
  );
  const notes = steps.filter((a) => a.type === "notification").map((a) => `Test of ${automation.name}: ${renderPlaceholders(a.template, values)}`.slice(0, 500));
  const stored = await db.$transaction(async (tx) => {
    if (mails.length) await enqueueMail(deps.jobs, tx, mails);
    const createdAt = args.now ?? new Date();
    const rows = [];
    for (const text of notes) {
      rows.push(await tx.notification.create({ data: { businessId: args.businessId, type: "follow-up", text, createdAt }, select: { id: true, text: true, createdAt: true } }));
    }
    return rows;
  });
  // After the commit: the owner's open workspace shows the test notification live ("Test of …").
  for (const n of stored) deps.notify?.(args.businessId, { id: n.id, type: "follow-up", text: n.text, createdAt: n.createdAt.toISOString() });
  return { ok: true, value: { to, emails: mails.length, notifications: notes.length } };
}

/** What the page says after a test. */
export function testSentMessage(sent: TestSent): string {
  const parts = [
    sent.emails ? `${plural(sent.emails, "test email")} sent to ${sent.to}` : "",
    sent.notifications ? `${plural(sent.notifications, "test notification")} added` : "",
  ].filter(Boolean);
  const text = parts.join(", ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.${sent.emails ? "" : " This automation has no email step."}`;
}
