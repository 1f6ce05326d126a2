// Every e-mail LeadBroom sends, as content (email-content.ts) rendered to HTML and text by
// render-email.tsx. Domain code gathers the data and calls one of these; `npm run email:preview`
// renders each with the sample data of samples.ts. Pure: no database, no clock, no secrets.
import { plural } from "../../shared/format/plural.ts";
import { LEADBROOM_BRAND, type EmailBlock, type EmailBrand, type EmailContent } from "./email-content.ts";

/** The brand of e-mails sent for a business: its name, its logo (absolute URL) and its address. */
export function businessBrand(
  business: { name: string; logoPath?: string | null; street?: string | null; city?: string | null; state?: string | null; zip?: string | null },
  appUrl: string,
): EmailBrand {
  const cityLine = [business.city, [business.state, business.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const address = [business.street, cityLine].filter(Boolean).join(", ");
  return {
    name: business.name,
    logoUrl: business.logoPath ? `${appUrl}/uploads/logos/${encodeURIComponent(business.logoPath)}` : null,
    address: address || null,
  };
}

const notificationReason = (setting: string) => `You get this e-mail because "${setting}" is on in Settings > Notifications.`;
const ownerReason = (businessName: string) => `You get this e-mail because you are an owner of ${businessName}'s LeadBroom account.`;

/** Paragraphs of someone's own text: blank lines separate them. */
function paragraphs(text: string): EmailBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: "text", text: p }));
}

// ---- To the business's owners -------------------------------------------------------------------

export function leadAlertEmail(args: { brand: EmailBrand; headline: string; score: number; contact: string; leadUrl: string }): EmailContent {
  const score = args.score.toFixed(1);
  return {
    subject: `${args.headline} (score ${score})`,
    heading: args.headline,
    preview: `Scored ${score} out of 10. Best answered within the hour.`,
    brand: args.brand,
    blocks: [
      { type: "text", text: `${args.headline} scored ${score} out of 10 for ${args.brand.name}.` },
      { type: "fields", rows: [["Contact", args.contact]] },
      { type: "text", text: "High-priority leads are best answered within the hour." },
      { type: "button", label: "Open the lead", url: args.leadUrl },
    ],
    footer: { reason: notificationReason("Email me on new high-priority leads") },
  };
}

export function personRequestedEmail(args: { brand: EmailBrand; headline: string; quote: string; conversationUrl: string }): EmailContent {
  return {
    subject: args.headline,
    heading: args.headline,
    preview: "Join the chat from the conversation page, or reply by e-mail or phone.",
    brand: args.brand,
    blocks: [
      { type: "text", text: `${args.headline} on ${args.brand.name}'s website.` },
      ...(args.quote ? [{ type: "fields" as const, rows: [["They wrote", args.quote]] as [string, string][] }] : []),
      { type: "text", text: "If they are still on the site you can join the chat; otherwise reply by e-mail or phone." },
      { type: "button", label: "Open the conversation", url: args.conversationUrl },
    ],
    footer: { reason: ownerReason(args.brand.name) },
  };
}

export function reminderDueEmail(args: { brand: EmailBrand; text: string; leadUrl: string }): EmailContent {
  return {
    subject: args.text,
    heading: args.text,
    brand: args.brand,
    blocks: [
      { type: "text", text: `A follow-up reminder for ${args.brand.name} fell due.` },
      { type: "button", label: "Open the lead", url: args.leadUrl },
    ],
    footer: { reason: notificationReason("Email me when a follow-up is due") },
  };
}

export type SummaryLead = { id: string; name: string | null; company: string | null; email: string | null; score: number; priority: string };

export function dailySummaryEmail(args: {
  brand: EmailBrand;
  day: string;
  leads: SummaryLead[];
  total: number;
  counts: { high: number; medium: number; low: number };
  appUrl: string;
}): EmailContent {
  const businessName = args.brand.name;
  const subject = `${businessName}: ${plural(args.total, "new lead")} on ${args.day}`;
  const footer = { reason: notificationReason("Daily summary") };
  if (args.total === 0) {
    return {
      subject,
      heading: `No new leads on ${args.day}`,
      brand: args.brand,
      blocks: [
        { type: "text", text: `No new leads came in for ${businessName} on ${args.day}.` },
        { type: "button", label: "Your workspace", url: `${args.appUrl}/app/dashboard` },
      ],
      footer,
    };
  }
  const more = args.total - args.leads.length;
  return {
    subject,
    heading: `${args.total} new ${plural} on ${args.day}`,
    brand: args.brand,
    blocks: [
      {
        type: "text",
        text:
          `${args.total} new ${plural} for ${businessName} on ${args.day}: ` +
          `${args.counts.high} high, ${args.counts.medium} medium, ${args.counts.low} low priority.`,
      },
      {
        type: "list",
        items: args.leads.map((lead) => {
          const who = lead.name?.trim() || lead.email || "A website visitor";
          const company = lead.company?.trim() ? ` (${lead.company.trim()})` : "";
          return { text: `${who}${company}: score ${lead.score.toFixed(1)}, ${lead.priority} priority.`, url: `${args.appUrl}/app/leads/${lead.id}` };
        }),
      },
      ...(more > 0 ? [{ type: "text" as const, text: `…and ${more} more in your workspace.` }] : []),
      { type: "button", label: "All leads", url: `${args.appUrl}/app/leads` },
    ],
    footer,
  };
}

export const TRIAL_ENDING_SUBJECT = "Your LeadBroom trial ends soon";

/** A cardless trial about to end (our own schedule). */
export function trialEndingEmail(args: { brand: EmailBrand; endsOn: string; appUrl: string }): EmailContent {
  return {
    subject: TRIAL_ENDING_SUBJECT,
    heading: "Your free trial ends soon",
    brand: args.brand,
    blocks: [
      { type: "text", text: `Your LeadBroom free trial for ${args.brand.name} ends on ${args.endsOn}.` },
      {
        type: "text",
        text:
          "Choose a plan before then to keep seeing the details of the leads your chatbot captures. " +
          "Leads keep being captured either way; nothing is deleted.",
      },
      { type: "button", label: "Choose a plan", url: `${args.appUrl}/app/settings/billing` },
    ],
    footer: { reason: ownerReason(args.brand.name) },
  };
}

/** Stripe's `trial_will_end`: a trial with a card, about to turn into a paid subscription. */
export function trialWillEndEmail(args: { brand: EmailBrand; endsOn: string; appUrl: string }): EmailContent {
  return {
    subject: TRIAL_ENDING_SUBJECT,
    heading: "Your free trial ends soon",
    brand: args.brand,
    blocks: [
      { type: "text", text: `Your LeadBroom free trial ends on ${args.endsOn}. Your subscription starts then and your card on file will be charged.` },
      { type: "button", label: "Review your plan", url: `${args.appUrl}/app/settings/billing` },
    ],
    footer: { reason: ownerReason(args.brand.name) },
  };
}

export function paymentFailedEmail(args: { brand: EmailBrand; invoiceUrl: string | null; appUrl: string }): EmailContent {
  return {
    subject: "Your LeadBroom payment failed",
    heading: "We could not collect your payment",
    brand: args.brand,
    blocks: [
      { type: "text", text: "We could not collect your LeadBroom subscription payment, so your subscription is past due." },
      {
        type: "text",
        text: "Please update your payment method in Settings → Billing & Subscription to keep capturing and seeing your leads.",
      },
      ...(args.invoiceUrl ? [{ type: "text" as const, text: `You can also pay the invoice here: ${args.invoiceUrl}` }] : []),
      { type: "button", label: "Manage billing", url: `${args.appUrl}/app/settings/billing` },
    ],
    footer: { reason: ownerReason(args.brand.name) },
  };
}

// ---- Account e-mails ------------------------------------------------------------------------------

export function inviteEmail(args: { brand: EmailBrand; email: string; roleText: string; link: string; inviterName: string; ttlDays: number }): EmailContent {
  const businessName = args.brand.name;
  return {
    subject: `You're invited to join ${businessName} on LeadBroom`,
    heading: `Join ${businessName} on LeadBroom`,
    brand: args.brand,
    blocks: [
      { type: "text", text: `${args.inviterName} invited you to join ${businessName} on LeadBroom as ${args.roleText}.` },
      { type: "text", text: `Accept the invitation here (the link works once and expires in ${plural(args.ttlDays, "day")}):\n${args.link}` },
      { type: "button", label: "Accept the invitation", url: args.link },
      { type: "text", text: "If you weren't expecting this, you can ignore this e-mail.", muted: true },
    ],
    footer: { reason: `You get this e-mail because ${args.inviterName} invited ${args.email} to ${businessName}'s LeadBroom workspace.` },
  };
}

export const RESET_SUBJECT = "Reset your LeadBroom password";

export function passwordResetEmail(args: { email: string; link: string }): EmailContent {
  return {
    subject: RESET_SUBJECT,
    heading: "Reset your password",
    brand: LEADBROOM_BRAND,
    blocks: [
      { type: "text", text: "Someone asked to reset the password of your LeadBroom account." },
      { type: "text", text: `Set a new password here (the link works once and expires in 1 hour):\n${args.link}` },
      { type: "button", label: "Set a new password", url: args.link },
      { type: "text", text: "If you did not ask for this, you can ignore this e-mail; your password stays as it is.", muted: true },
    ],
    footer: { reason: `You get this e-mail because a password reset was requested for the LeadBroom account ${args.email}.` },
  };
}

// ---- To the LeadBroom team --------------------------------------------------------------------------

export function contactMessageEmail(args: { id: string; name: string; email: string; phone: string | null; company: string; message: string }): EmailContent {
  return {
    subject: `Contact form: ${args.name} (${args.company})`,
    heading: `New message from ${args.name}`,
    brand: LEADBROOM_BRAND,
    blocks: [
      { type: "text", text: `New message from the LeadBroom contact form (id ${args.id}).` },
      {
        type: "fields",
        rows: [
          ["Name", args.name],
          ["Email", args.email],
          ["Phone", args.phone ?? "not given"],
          ["Company", args.company],
        ],
      },
      { type: "quote", label: "Message", text: args.message },
    ],
    footer: { reason: "You get this e-mail because it is sent to the team address (CONTACT_EMAIL) for every contact-form message. Reply to answer the sender." },
  };
}

export function jobApplicationEmail(args: {
  id: string;
  position: string;
  name: string;
  email: string;
  resume: string;
  coverLetter: string;
}): EmailContent {
  return {
    subject: `Job application: ${args.position} from ${args.name}`,
    heading: `${args.name} applied for ${args.position}`,
    brand: LEADBROOM_BRAND,
    blocks: [
      { type: "text", text: `New application for ${args.position} (application ${args.id}).` },
      {
        type: "fields",
        rows: [
          ["Name", args.name],
          ["Email", args.email],
          ["Resume", args.resume],
        ],
      },
      { type: "quote", label: "Cover letter", text: args.coverLetter },
    ],
    footer: { reason: "You get this e-mail because it is sent to the team address (CONTACT_EMAIL) for every job application. Reply to answer the applicant." },
  };
}

// ---- To leads and prospects (each with an unsubscribe link) ------------------------------------------

/** The owner's own subject and words under the business's brand, with why the recipient gets it. */
function ownWordsEmail(args: { brand: EmailBrand; subject: string; body: string; unsubscribeUrl: string }, reason: string): EmailContent {
  const blocks = paragraphs(args.body);
  return {
    subject: args.subject,
    heading: args.subject,
    brand: args.brand,
    blocks: blocks.length ? blocks : [{ type: "text", text: args.body }],
    footer: { reason, unsubscribeUrl: args.unsubscribeUrl },
  };
}

/** Send Quote / Send Info: the owner's own subject and words, under the business's brand. */
export function leadMessageEmail(args: { brand: EmailBrand; subject: string; body: string; unsubscribeUrl: string }): EmailContent {
  return ownWordsEmail(args, `You get this e-mail because you were in touch with ${args.brand.name} about cleaning services.`);
}

/** Cold outreach (DESIGN §12): the campaign's e-mail, placeholders filled, with why and how to stop. */
export function prospectMessageEmail(args: { brand: EmailBrand; subject: string; body: string; unsubscribeUrl: string }): EmailContent {
  return ownWordsEmail(
    args,
    `You get this e-mail because ${args.brand.name} thought your organisation might need commercial cleaning. Unsubscribe and you will not hear from ${args.brand.name} again.`,
  );
}

/** The installation step's "send the instructions to your web person". */
export function installInstructionsEmail(args: {
  brand: EmailBrand;
  senderName: string;
  snippet: string;
  allowedOrigins: string[];
  note: string | null;
  unsubscribeUrl: string;
}): EmailContent {
  const businessName = args.brand.name;
  const where = args.allowedOrigins.length ? ` on ${args.allowedOrigins.join(", ")}` : "";
  return {
    subject: `Please add ${businessName}'s chat assistant to the website`,
    heading: `Add ${businessName}'s chat assistant to the website`,
    brand: args.brand,
    blocks: [
      { type: "text", text: "Hello," },
      {
        type: "text",
        text: `${args.senderName} of ${businessName} asked us to send you the code that adds their LeadBroom chat assistant to their website${where}.`,
      },
      ...(args.note ? [{ type: "quote" as const, text: `Their note: ${args.note}` }] : []),
      {
        type: "text",
        text: '1. Paste this line just before the closing </body> tag of every page (most site builders have a "custom code" or "footer scripts" setting for it):',
      },
      { type: "code", text: args.snippet },
      {
        type: "text",
        text: "2. Publish the site and open any page: a chat button appears in the bottom corner. The script is small and loads the chat only when a visitor reaches for it.",
      },
      {
        type: "text",
        text: `3. That's all: ${businessName}'s LeadBroom workspace ticks "Verify the installation" by itself the first time the chat loads on the site.`,
      },
      ...(args.allowedOrigins.length
        ? [
            {
              type: "text" as const,
              text: `The chat runs only on ${args.allowedOrigins.join(", ")}. If the site lives at another address, ask ${args.senderName} to add it in LeadBroom (AI Chatbot → Installation).`,
            },
          ]
        : []),
      { type: "text", text: `Questions about the code? Reply to this e-mail to reach ${businessName}.` },
    ],
    footer: {
      reason: `You get this e-mail because ${args.senderName} of ${businessName} entered your address to send you these instructions.`,
      unsubscribeUrl: args.unsubscribeUrl,
    },
  };
}
