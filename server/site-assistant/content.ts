// What LeadBroom's site assistant knows, read from the public site's own content
// (`server/shared/public-site/site-content.ts`, which the pricing, features and getting-started pages
// render) and the plan catalogue: no price or text of its own. `siteKnowledge` is also the context the
// model gets when an OpenAI key is set.
import { PLAN_NAMES, PLANS, type PlanName } from "../shared/billing/plans.ts";
import { TRIAL_DAYS } from "../shared/billing/subscription.ts";
import { formatUsd } from "../shared/format/intl.ts";
import {
  FEATURE_SECTIONS,
  INSTALL_WEIGHT,
  INSTALL_WHERE,
  INSTALL_WHERE_TO_COPY,
  PRICING_FAQ,
  TRIAL_SENTENCE,
  annualDiscountPercent,
  planSummary,
  widgetSnippet,
  type FeatureSectionContent,
} from "../shared/public-site/site-content.ts";

export type SiteContent = {
  /** The app's public address, for the snippet. */
  appUrl: string;
};

/** Every plan with its monthly price, e.g. "Starter $49/month (up to 100 leads a month)". */
export function plansAnswer(): string {
  const lines = PLAN_NAMES.map((name) => {
    const plan = PLANS[name];
    const leads = plan.leadLimit === null ? "unlimited leads" : `up to ${plan.leadLimit.toLocaleString("en-US")} leads a month`;
    return `${name} ${formatUsd(plan.monthlyCents)}/month (${leads})`;
  });
  return (
    `LeadBroom has three plans: ${lines.join(", ")}. ` +
    `Billed annually they cost ${annualDiscountPercent()}% less: ${PLAN_NAMES.map((name) => formatUsd(PLANS[name].annualMonthlyCents)).join(", ")} a month. ` +
    TRIAL_SENTENCE
  );
}

/** One plan in detail: its prices, limit, tagline and features. */
export function planAnswer(name: PlanName): string {
  return `${planSummary(name)} It includes: ${PLANS[name].features.join("; ")}. ${TRIAL_SENTENCE}`;
}

/** The pricing FAQ's answer to a question (the page's own words). */
function faqAnswer(question: string): string {
  return PRICING_FAQ.find((item) => item.q === question)?.a ?? "";
}

export function trialAnswer(): string {
  // The FAQ answers "Do I need a credit card…?" with "No. …"; the rest is the trial itself.
  return faqAnswer("Do I need a credit card to start the free trial?").replace(/^No\. /, "");
}

export function overageAnswer(): string {
  return faqAnswer("What happens if I go over my monthly lead limit?");
}

export function cancelAnswer(): string {
  return faqAnswer("Can I cancel at any time?");
}

export function changePlanAnswer(): string {
  return faqAnswer("Can I change plans later?");
}

export function installAnswer(content: SiteContent): string {
  return `Installing takes one script tag. ${INSTALL_WHERE_TO_COPY} It looks like this: ${widgetSnippet(content.appUrl)} ${INSTALL_WHERE} ${INSTALL_WEIGHT}`;
}

/** The features page's section titles, or one section's text when the visitor named it. */
export function featuresAnswer(section?: FeatureSectionContent): string {
  if (section) return [section.text, section.plan].filter(Boolean).join(" ");
  const titles = FEATURE_SECTIONS.map((s) => s.title);
  return `LeadBroom puts an AI chatbot on a cleaning company's website that answers visitors 24/7, asks the qualification questions and scores every lead out of 10. Around it: ${titles.slice(1, -1).join(", ")} and ${titles.at(-1)} features. Ask me about any of them.`;
}

export function featureSection(id: string): FeatureSectionContent | undefined {
  return FEATURE_SECTIONS.find((s) => s.id === id);
}

/** The site's content as plain text: the model's only source when an OpenAI key is set. */
export function siteKnowledge(content: SiteContent): string {
  return [
    "PLANS AND PRICES",
    ...PLAN_NAMES.map((name) => `- ${planSummary(name)} Features: ${PLANS[name].features.join("; ")}.`),
    `- Trial: ${TRIAL_DAYS} days free on every plan, no credit card required.`,
    "PRICING FAQ",
    ...PRICING_FAQ.map((item) => `- Q: ${item.q} A: ${item.a}`),
    "FEATURES",
    ...FEATURE_SECTIONS.map((s) => `- ${s.title}${s.plan ? ` (${s.plan})` : ""}: ${s.text} ${s.points.join("; ")}.`),
    "INSTALLATION",
    `- ${installAnswer(content)}`,
  ].join("\n");
}
