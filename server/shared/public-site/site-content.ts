// The public site's own content that LeadBroom's site assistant answers from (issue 29 item 6,
// decision 0063): the pricing page's FAQ and description, the features page's sections and the
// install step of the getting-started guide. One source: the pages render these and the assistant
// reads them, and every price comes from the plan catalogue (`../billing/plans.ts`) and the trial
// length from `../billing/subscription.ts`, so a price change shows on the page and in the chat at once.
// Pure (the pages ship it to the browser).
import { PLAN_NAMES, PLANS, annualSavingCents, type PlanName } from "../billing/plans.ts";
import { TRIAL_DAYS } from "../billing/subscription.ts";
import { formatUsd } from "../format/intl.ts";

export type FaqItem = { q: string; a: string };

/** "Starter $49, Pro $99 and Enterprise $249" at a period's monthly price. */
function planPriceList(price: (name: PlanName) => number, separator = " "): string {
  const items = PLAN_NAMES.map((name) => `${name}${separator}${formatUsd(price(name))}`);
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The annual discount in whole per cent, as the catalogue's prices give it ("20"). */
export function annualDiscountPercent(): number {
  const plan = PLANS.Starter;
  return Math.round((1 - plan.annualMonthlyCents / plan.monthlyCents) * 100);
}

export const TRIAL_SENTENCE = `Every plan starts with a ${TRIAL_DAYS}-day free trial and no credit card is required.`;

/** The pricing page's meta description. */
export function pricingDescription(): string {
  return `LeadBroom plans: ${planPriceList((name) => PLANS[name].monthlyCents)} a month, ${annualDiscountPercent()}% less billed annually. Every plan starts with a ${TRIAL_DAYS}-day free trial, no credit card required.`;
}

/** "Starter is $39 instead of $49 a month, Pro $79 instead of $99 and Enterprise $199 instead of $249". */
function annualComparison(): string {
  const items = PLAN_NAMES.map(
    (name, index) => `${name}${index === 0 ? " is" : ""} ${formatUsd(PLANS[name].annualMonthlyCents)} instead of ${formatUsd(PLANS[name].monthlyCents)}${index === 0 ? " a month" : ""}`,
  );
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The pricing page's questions and answers. */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    q: "Do I need a credit card to start the free trial?",
    a: `No. ${TRIAL_SENTENCE} Add a card whenever you are ready; if you subscribe during the trial, the first charge happens when the trial ends.`,
  },
  { q: "What happens if I go over my monthly lead limit?", a: "Nothing is lost: the chatbot keeps capturing every lead. Leads beyond your plan's monthly limit are charged a small per-lead fee on your next invoice, and you can upgrade at any time." },
  { q: "Can I change plans later?", a: "Yes. An upgrade takes effect immediately and is prorated for the rest of your billing period. A downgrade takes effect at your next billing date." },
  {
    q: "How much do I save with annual billing?",
    a: `Annual billing saves ${annualDiscountPercent()}%: ${annualComparison()}, billed once a year.`,
  },
  { q: "How many LinkedIn connection requests does cold outreach send?", a: "None by itself: LinkedIn's terms forbid automating it. You choose 10, 20 or 30 a day, and each day the Outreach page lists that many of your prospects with their profile link and your message ready to copy; you mark each one sent. E-mail sequences and their follow-ups are sent for you." },
  { q: "Can I cancel at any time?", a: "Yes. Manage or cancel your subscription from Settings → Billing & Subscription. Your leads stay yours." },
];

/** A plan in one sentence, from the catalogue: price, annual price, lead limit and tagline. */
export function planSummary(name: PlanName): string {
  const plan = PLANS[name];
  const leads = plan.leadLimit === null ? "unlimited leads" : `up to ${plan.leadLimit.toLocaleString("en-US")} leads a month`;
  return `${name}: ${formatUsd(plan.monthlyCents)} a month (${formatUsd(plan.annualMonthlyCents)} a month billed annually, saving ${formatUsd(annualSavingCents(name))} a year), ${leads}. ${plan.tagline}`;
}

export type FeatureSectionContent = {
  id: string;
  title: string;
  badge?: string;
  plan?: string;
  text: string;
  points: string[];
};

/** The features page's sections (the page adds an icon to each by its id). */
export const FEATURE_SECTIONS: readonly FeatureSectionContent[] = [
  {
    id: "ai-chatbot",
    title: "AI Chatbot",
    text: "A chat widget on your own website that greets every visitor, day or night, asks your qualification questions and turns the conversation into a scored lead. Install it by pasting one script tag before the closing body tag of your site.",
    points: [
      "Available 24/7, with your own after-hours response outside business hours",
      "Asks about service type, building size, cleaning frequency, budget and timeline",
      "Understands free text like “about 12k sq ft” or “twice a week”, with quick replies for every question",
      "Answers questions about your hours, service areas and services, then picks the conversation back up",
      "Your business name, welcome message, service areas, hours and accent colour",
    ],
  },
  {
    id: "lead-scoring",
    title: "Lead Scoring",
    text: "Every lead is scored out of 10 from four weighted factors: building size (30%), cleaning frequency (25%), budget compared with your market price (25%) and timeline (20%). The score sets the priority, so the best opportunities reach the top of your list.",
    points: [
      "High priority 8–10: call within the hour",
      "Medium priority 6–7.9: follow up within 4 hours",
      "Low priority under 6: follow up within 24 hours",
      "Budget judged against your own price per 1,000 sq ft",
    ],
  },
  {
    id: "lead-management",
    title: "Lead Management",
    text: "All your leads in one workspace, live. New leads appear the moment a visitor finishes chatting; you and your support staff search, filter, update and follow up without reloading.",
    points: [
      "Statuses New, Contacted, Qualified, Proposal, Won and Lost",
      "Follow-up reminders set automatically from the lead's priority",
      "Notes, e-mails and a complete history of every change",
      "Replay of the whole conversation behind each lead",
    ],
  },
  {
    id: "automation",
    title: "Workflow Automation",
    text: "Follow-up that runs itself: respond to high-priority leads immediately, nurture the rest with timed e-mails and send a calendar link when a visitor says it's urgent.",
    points: [
      "Templates for high-priority response, medium follow-up, appointment scheduling and nurturing",
      "Triggers on score and on keywords in the conversation",
      "Pause, resume and edit each automation",
    ],
  },
  {
    id: "analytics",
    title: "Analytics",
    text: "See where your leads come from and how quickly you answer them, from your own conversations and leads: widget views, conversations, leads, proposals and won deals as a funnel, lead quality, response time by hour of day, revenue from won deals and performance by channel.",
    points: ["Last 7 days, 30 days, 90 days or the last year", "Performance by channel", "CSV export"],
  },
  {
    id: "cold-outreach",
    title: "Cold Outreach",
    badge: "PRO",
    plan: "Available on the Pro and Enterprise plans.",
    text: "Don't wait for buildings to find you: import your own list of facility managers, find the ones you want by job title, location and industry, and run e-mail sequences that stop when they answer.",
    points: [
      "Prospects from your own CSV files, found by job title, location and industry",
      "E-mail sequences with up to two follow-ups, within a daily limit, each with an unsubscribe link",
      "A daily LinkedIn list with your message ready to copy (LinkedIn itself is never automated)",
      "Competitor analysis of lost leads",
    ],
  },
  {
    id: "enterprise",
    plan: "Available on the Enterprise plan.",
    title: "Enterprise",
    text: "For multi-location operators and franchises: a white-labeled chatbot, API access to your leads and a dedicated account manager.",
    points: ["White-labeled chatbot", "REST API access", "Dedicated account manager", "Unlimited leads"],
  },
];

/** The widget snippet a customer pastes, with their own site key. */
export function widgetSnippet(appUrl: string, siteKey = "KEY"): string {
  return `<script src="${appUrl}/widget.js" data-site-key="${siteKey}" async></script>`;
}

/** The getting-started guide's install step, after the snippet. */
export const INSTALL_WHERE =
  "Paste it just before the closing </body> tag of every page of your website (most site builders have a “custom code” or “footer scripts” setting for this). A chat button appears in the bottom corner.";
export const INSTALL_WEIGHT =
  "The script is about 2 KB and loads the chat itself only when a visitor reaches for the chat button, so it does not slow your site down.";
export const INSTALL_WHERE_TO_COPY = "On AI Chatbot → Installation, copy your snippet.";
