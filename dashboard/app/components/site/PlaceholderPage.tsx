import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Title and description tags for a public page. */
export function siteMeta(title: string, description: string): MetaFunction {
  return () => [{ title: `${title} · LeadBroom` }, { name: "description", content: description }];
}

/** The five blog articles (spec §2.1); the full articles arrive with the public pages (issue #7). */
export const BLOG_ARTICLES = [
  {
    id: "ai-revolution-cleaning",
    title: "How AI Is Changing the Way Cleaning Companies Win Contracts",
    excerpt: "Why facility managers now expect an instant answer, and how an AI chatbot gives them one at any hour.",
  },
  {
    id: "lead-generation-strategies",
    title: "Lead Generation Strategies for Commercial Cleaning Companies",
    excerpt: "Practical ways to fill your pipeline with offices, clinics and warehouses that fit your crews.",
  },
  {
    id: "scaling-cleaning-business",
    title: "Scaling Your Cleaning Business Without Adding Office Staff",
    excerpt: "How owners grow from a handful of accounts to dozens while keeping follow-up fast.",
  },
  {
    id: "chatbot-benefits",
    title: "Why a Website Chatbot Pays for Itself",
    excerpt: "After-hours inquiries, faster qualification and fewer wasted walk-throughs.",
  },
  {
    id: "commercial-cleaning-trends",
    title: "Commercial Cleaning Trends to Watch",
    excerpt: "Health-focused cleaning, flexible schedules and what buyers are asking for now.",
  },
] as const;

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`}>
      {children}
    </Link>
  );
}

export function PrimaryLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 ${focusRing}`}
    >
      {children}
    </Link>
  );
}

/** A simple, honest page for public routes whose full content comes later. */
export function PlaceholderPage({
  eyebrow,
  title,
  lastUpdated,
  children,
}: {
  eyebrow?: string;
  title: string;
  lastUpdated?: string;
  children: ReactNode;
}) {
  return (
    <div className="bg-linear-to-b from-brand-50 to-white">
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {lastUpdated ? <p className="mt-3 text-sm text-slate-600">{`Last updated ${lastUpdated}`}</p> : null}
        <div className="mt-6 space-y-6 text-lg leading-8 text-slate-700">{children}</div>
      </article>
    </div>
  );
}
