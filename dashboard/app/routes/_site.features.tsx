import { Link } from "@remix-run/react";
import { pageMeta } from "~/components/site/seo";
import { ButtonLink, CallToAction, CheckIcon, PageHeader, textLink } from "~/components/site/ui";
import { Icon, type LucideIcon } from "~/components/ui/Icon";
import { ArrowUpFromLine, ChartNoAxesColumnIncreasing, Landmark, ListChecks, MessageCircle, Send, Zap } from "lucide-react";

export const meta = pageMeta(
  "Features",
  "LeadBroom features: a 24/7 AI chatbot that qualifies and scores leads, lead management with priorities and reminders, workflow automation, analytics, cold outreach, competitor analysis and API access.",
);

type FeatureSection = {
  id: string;
  title: string;
  badge?: string;
  plan?: string;
  text: string;
  points: string[];
  icon: LucideIcon;
};

const SECTIONS: FeatureSection[] = [
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
    icon: MessageCircle,
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
    icon: ArrowUpFromLine,
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
    icon: ListChecks,
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
    icon: Zap,
  },
  {
    id: "analytics",
    title: "Analytics",
    text: "See where your leads come from and how quickly you answer them, from your own conversations and leads: widget views, conversations, leads, proposals and won deals as a funnel, lead quality, response time by hour of day, revenue from won deals and performance by channel.",
    points: ["Last 7 days, 30 days, 90 days or the last year", "Performance by channel", "CSV export"],
    icon: ChartNoAxesColumnIncreasing,
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
    icon: Send,
  },
  {
    id: "enterprise",
    plan: "Available on the Enterprise plan.",
    title: "Enterprise",
    text: "For multi-location operators and franchises: a white-labeled chatbot, API access to your leads and a dedicated account manager.",
    points: ["White-labeled chatbot", "REST API access", "Dedicated account manager", "Unlimited leads"],
    icon: Landmark,
  },
];

export default function FeaturesPage() {
  return (
    <>
      <PageHeader eyebrow="Product" title="Everything you need to win more cleaning contracts">
        <p>From the first “hello” on your website to the signed contract: LeadBroom captures, qualifies, scores and follows up every lead.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/register">Start Free Trial</ButtonLink>
          <ButtonLink to="/pricing" variant="secondary">
            See Pricing
          </ButtonLink>
        </div>
      </PageHeader>

      <div className="mx-auto max-w-6xl space-y-8 px-4 pb-16 sm:px-6 lg:px-8">
        {SECTIONS.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="grid scroll-mt-24 gap-8 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm md:grid-cols-5"
          >
            <div className="md:col-span-3">
              <div className="flex flex-wrap items-center gap-3">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                  <Icon icon={section.icon} className="h-6 w-6" />
                </span>
                <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
                  {section.title}
                </h2>
                {section.badge ? (
                  <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900">{section.badge}</span>
                ) : null}
              </div>
              <p className="mt-4 text-base leading-7 text-slate-700">{section.text}</p>
              {section.plan ? (
                <p className="mt-4 text-sm text-slate-600">
                  {section.plan}{" "}
                  <Link to="/pricing" className={textLink}>
                    Compare plans
                  </Link>
                </p>
              ) : null}
            </div>
            <ul className="space-y-2.5 text-sm text-slate-700 md:col-span-2">
              {section.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <CheckIcon />
                  {point}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <CallToAction
        title="See LeadBroom on your own website"
        text="Start a 14-day free trial with no credit card, or book a demo and we'll walk you through it."
        secondary={{ to: "/contact", label: "Schedule Demo" }}
      />
    </>
  );
}
