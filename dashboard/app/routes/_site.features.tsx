import { Link } from "@remix-run/react";
import { FEATURE_SECTIONS } from "#shared/public-site/site-content.ts";
import { pageMeta } from "~/components/site/seo";
import { ButtonLink, CallToAction, CheckIcon, PageHeader, textLink } from "~/components/site/ui";
import { Icon, type LucideIcon } from "~/components/ui/Icon";
import { ArrowUpFromLine, ChartNoAxesColumnIncreasing, Landmark, ListChecks, MessageCircle, Send, Zap } from "lucide-react";

export const meta = pageMeta(
  "Features",
  "LeadBroom features: a 24/7 AI chatbot that qualifies and scores leads, lead management with priorities and reminders, workflow automation, analytics, cold outreach, competitor analysis and API access.",
);

/** Each section of the shared content (the site assistant answers from the same text) with its icon. */
const ICONS: Record<string, LucideIcon> = {
  "ai-chatbot": MessageCircle,
  "lead-scoring": ArrowUpFromLine,
  "lead-management": ListChecks,
  automation: Zap,
  analytics: ChartNoAxesColumnIncreasing,
  "cold-outreach": Send,
  enterprise: Landmark,
};

const SECTIONS = FEATURE_SECTIONS.map((section) => ({ ...section, icon: ICONS[section.id] ?? MessageCircle }));

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
