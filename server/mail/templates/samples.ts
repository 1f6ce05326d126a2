// Sample data for every template of templates.ts: `npm run email:preview` renders each to files, and
// the template test renders each. A template added to templates.ts gets a sample here.
import type { EmailContent } from "./email-content.ts";
import * as t from "./templates.ts";

const appUrl = "https://app.leadbroom.example";
const brand = t.businessBrand(
  { name: "Sparkle Commercial Cleaning", logoPath: "sample-logo.png", street: "120 Main St", city: "Springfield", state: "IL", zip: "62701" },
  appUrl,
);
const unsubscribeUrl = `${appUrl}/unsubscribe/sample-token`;

export const SAMPLE_EMAILS: Record<string, EmailContent> = {
  "lead-alert": t.leadAlertEmail({
    brand,
    headline: "New high-priority lead: Dana Reyes (Acme Property Group)",
    score: 8.7,
    contact: "dana@acme.example · +1 217 555 0142",
    leadUrl: `${appUrl}/app/leads/lead_1`,
  }),
  "reminder-due": t.reminderDueEmail({ brand, text: "Follow-up due for Dana Reyes: call about the walkthrough", leadUrl: `${appUrl}/app/leads/lead_1` }),
  "daily-summary": t.dailySummaryEmail({
    brand,
    day: "2026-11-24",
    total: 3,
    counts: { high: 1, medium: 1, low: 1 },
    appUrl,
    leads: [
      { id: "lead_1", name: "Dana Reyes", company: "Acme Property Group", email: "dana@acme.example", score: 8.7, priority: "high" },
      { id: "lead_2", name: "Sam Ortiz", company: null, email: "sam@ortiz.example", score: 6.1, priority: "medium" },
      { id: "lead_3", name: null, company: null, email: null, score: 2.4, priority: "low" },
    ],
  }),
  "daily-summary-empty": t.dailySummaryEmail({ brand, day: "2026-11-24", total: 0, counts: { high: 0, medium: 0, low: 0 }, appUrl, leads: [] }),
  "trial-ending": t.trialEndingEmail({ brand, endsOn: "December 1, 2026", appUrl }),
  "trial-will-end": t.trialWillEndEmail({ brand, endsOn: "December 1, 2026", appUrl }),
  "payment-failed": t.paymentFailedEmail({ brand, invoiceUrl: "https://invoice.stripe.example/i/sample", appUrl }),
  invite: t.inviteEmail({
    brand,
    email: "jo@sparkle.example",
    roleText: "a support team member",
    link: `${appUrl}/invite/sample-token`,
    inviterName: "Alex Owner",
    ttlDays: 7,
  }),
  "password-reset": t.passwordResetEmail({ email: "alex@sparkle.example", link: `${appUrl}/reset-password?token=sample-token` }),
  contact: t.contactMessageEmail({
    id: "msg_1",
    name: "Dana Reyes",
    email: "dana@acme.example",
    phone: null,
    company: "Acme Property Group",
    message: "We manage six office buildings and would like a demo.\n\nIs next Tuesday possible?",
  }),
  application: t.jobApplicationEmail({
    id: "app_1",
    position: "Customer Success Manager",
    name: "Robin Lee",
    email: "robin@example.com",
    resume: "robin-lee.pdf (84 KB), stored as uploads/resumes/sample.pdf",
    coverLetter: "I have run support for two SaaS companies serving facility managers.",
  }),
  "lead-quote": t.leadMessageEmail({
    brand,
    subject: "Your cleaning quote from Sparkle Commercial Cleaning",
    body: "Hi Dana,\n\nThank you for telling us about your 20,000 sq ft office.\n\nDaily cleaning comes to about $4,200 a month.\n\nBest regards,\nAlex",
    unsubscribeUrl,
  }),
  "outreach-email": t.prospectMessageEmail({
    brand,
    subject: "Commercial cleaning for Northwind Offices",
    body: "Hi Jordan,\n\nWe clean offices and facilities across Austin, and several healthcare companies trust us with their buildings.\n\nWould a short call next week be useful?",
    unsubscribeUrl,
  }),
  "install-instructions": t.installInstructionsEmail({
    brand,
    senderName: "Alex Owner",
    snippet: `<script src="${appUrl}/widget.js" data-site-key="site_sample" async></script>`,
    allowedOrigins: ["https://www.sparkle.example"],
    note: "Footer of every page, please.",
    unsubscribeUrl,
  }),
};
