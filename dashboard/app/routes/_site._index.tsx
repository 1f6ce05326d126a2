import { Link } from "@remix-run/react";
import { pageMeta } from "~/components/site/seo";
import { buttonClasses } from "~/components/ui/Button";
import { Icon, type LucideIcon } from "~/components/ui/Icon";
import { ArrowRight, Building, Check, Factory, Funnel, GraduationCap, HardHat, Hospital, ListChecks, MessageCircle, MessageCircleMore, Moon, Quote, Send, Timer, Utensils } from "lucide-react";
import { focusRing } from "~/components/forms";
import { CallToActionLinks } from "~/components/site/ui";

export const meta = pageMeta(
  "LeadBroom — AI lead capture for commercial cleaning companies",
  "LeadBroom's 24/7 AI chatbot qualifies and scores every website visitor for commercial cleaning companies, so you never miss a lead again. 14-day free trial, no credit card required.",
  { fullTitle: true },
);


const SERVICES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Regular Commercial",
    text: "Offices, retail and multi-tenant buildings that need dependable daily or weekly cleaning.",
    icon: Building,
  },
  {
    title: "Post-Construction",
    text: "Dust, debris and final-clean requests from contractors racing to hand over a site.",
    icon: HardHat,
  },
  {
    title: "Industrial",
    text: "Warehouses, plants and distribution centres with large floors and strict schedules.",
    icon: Factory,
  },
  {
    title: "Medical Facilities",
    text: "Clinics, dental offices and labs where compliance and disinfection come first.",
    icon: Hospital,
  },
  {
    title: "Educational",
    text: "Schools, daycare centres and campuses that need cleaning around the academic calendar.",
    icon: GraduationCap,
  },
  {
    title: "Food Service",
    text: "Restaurants, commercial kitchens and cafeterias with hygiene rules to meet every night.",
    icon: Utensils,
  },
];

/** Facts about the product itself (no customer figures we cannot show). */
const STATS = [
  { value: "24/7", label: "Chatbot availability" },
  { value: "0–10", label: "Score for every lead" },
  { value: "1", label: "Script tag to install" },
  { value: "14 days", label: "Free trial, no credit card" },
];

const FEATURES: { title: string; text: string; points: string[]; pro?: boolean; icon: LucideIcon }[] = [
  {
    title: "AI Chatbot",
    text: "A chatbot on your own website that greets every visitor, day or night, and asks the questions you would ask.",
    points: [
      "Asks about building size, cleaning frequency, budget and timeline",
      "Scores each lead out of 10",
      "Installs with one script tag",
    ],
    icon: MessageCircleMore,
  },
  {
    title: "Lead Management",
    text: "Every conversation lands in one place, sorted by priority so you call the best opportunities first.",
    points: [
      "High, medium and low priority bands",
      "Follow-up reminders",
      "Full lead history and conversation replay",
    ],
    icon: ListChecks,
  },
  {
    title: "Cold Outreach",
    text: "Go after the buildings you want, not just the ones that find you: your own prospect lists and e-mail sequences.",
    points: ["Prospects from your own CSV files", "Email sequences that stop when they answer", "Competitor analysis of lost leads"],
    pro: true,
    icon: Send,
  },
];

/** Illustrative stories of how an owner uses LeadBroom; the page says so (names are made up). */
const TESTIMONIALS = [
  {
    quote:
      "We used to lose weekend inquiries to whoever called back first on Monday. Now the chatbot qualifies them on Saturday night and I open the week with a list of scored leads.",
    name: "Maria Delgado",
    role: "Owner",
    company: "Brightline Commercial Cleaning",
  },
  {
    quote:
      "The building size and frequency questions alone save my estimators hours. We only drive out to walk-throughs that are actually a fit.",
    name: "James Whitfield",
    role: "Operations Director",
    company: "Summit Janitorial Services",
  },
  {
    quote:
      "Installation was one script tag. The chatbot now asks a dental clinic's size, frequency and budget before I ever call, so my first call is about the walk-through.",
    name: "Priya Raman",
    role: "Founder",
    company: "ClearPath Facility Care",
  },
];

const CHALLENGES: { title: string; problem: string; answer: string; icon: LucideIcon }[] = [
  {
    title: "Missed after-hours inquiries",
    problem: "Facility managers research vendors in the evening and on weekends, when nobody is answering the phone.",
    answer: "LeadBroom answers every visitor 24/7 and captures their details before they move on.",
    icon: Moon,
  },
  {
    title: "Slow follow-up",
    problem: "The first company to respond usually wins the contract, and a busy owner can't always reply within the hour.",
    answer: "Leads arrive scored and prioritised, with reminders so the hottest ones get a call first.",
    icon: Timer,
  },
  {
    title: "Unqualified leads",
    problem: "Too many calls turn out to be the wrong size, the wrong budget or the wrong timeline.",
    answer: "The chatbot asks your qualification questions up front and scores each lead out of 10.",
    icon: Funnel,
  },
];

function CheckIcon() {
  return (
    <Icon icon={Check} className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
  );
}

/**
 * A static, text-only preview of a qualifying conversation (no images, no JS). Its score is the real
 * one: 25,000 sq ft (8) × 0.30 + 2–3 times a week (8) × 0.25 + $6k against about $2,700 expected at
 * $10 per 1,000 sq ft per visit, above market (10) × 0.25 + within 30 days (8) × 0.20 = 8.5.
 */
function ChatPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white shadow-xl shadow-brand-900/10">
      <div className="flex items-center gap-3 rounded-t-2xl bg-brand-700 px-5 py-4 text-white">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/15" aria-hidden="true">
          <Icon icon={MessageCircle} className="h-5 w-5" />
        </span>
        <div>
          <p className="text-sm font-semibold">Brightline Cleaning Assistant</p>
          <p className="flex items-center gap-1.5 text-xs text-brand-50">
            <span className="h-2 w-2 rounded-full bg-emerald-300" aria-hidden="true" />
            Online now · 11:42 PM
          </p>
        </div>
      </div>
      <div className="space-y-3 px-5 py-5 text-sm">
        <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2.5 text-slate-800">
          Hi! What kind of space do you need cleaned?
        </p>
        <p className="ml-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-2.5 text-white">
          A 25,000 sq ft medical office, three times a week, about $6k a month.
        </p>
        <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2.5 text-slate-800">
          Great. When would you like to start?
        </p>
        <p className="ml-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-2.5 text-white">
          Within the next 30 days.
        </p>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-4">
        <span className="text-sm text-slate-700">New lead qualified</span>
        <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200">
          Score 8.5 / 10 · High
        </span>
      </figcaption>
    </figure>
  );
}

function SectionHeading({ id, eyebrow, title, text }: { id: string; eyebrow: string; title: string; text?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {text ? <p className="mt-4 text-lg leading-8 text-slate-600">{text}</p> : null}
    </div>
  );
}

export default function Home() {
  return (
    <>
      {/* Hero */}
      <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-100">
              <span className="h-2 w-2 rounded-full bg-brand-600" aria-hidden="true" />
              Built for commercial cleaning companies
            </p>
            <h1
              id="hero-heading"
              className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
            >
              Never miss a lead <span className="text-brand-700">again.</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
              LeadBroom is a 24/7 AI chatbot for commercial cleaning companies. It answers every visitor on your
              website, asks your qualification questions and hands you scored, prioritised leads, even at midnight.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/register" className={buttonClasses({ size: "lg" })}>
                Start Free Trial
              </Link>
              <Link to="/features" prefetch="intent" className={buttonClasses({ variant: "secondary", size: "lg" })}>
                See Features
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">14-day free trial · No credit card required</p>
          </div>
          <ChatPreview />
        </div>
      </section>

      {/* Stats */}
      <section aria-labelledby="stats-heading" className="border-y border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <h2 id="stats-heading" className="sr-only">
            LeadBroom in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight text-brand-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* Services */}
      <section aria-labelledby="services-heading" className="bg-white py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="services-heading"
            eyebrow="Who it's for"
            title="Made for every kind of commercial cleaning"
            text="Your chatbot asks the right questions for each service you offer."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {SERVICES.map((service) => (
              <li
                key={service.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon icon={service.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{service.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Challenges */}
      <section aria-labelledby="challenges-heading" className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="challenges-heading"
            eyebrow="The problem"
            title="Where cleaning companies lose contracts"
            text="Most lost work isn't lost on price. It's lost before anyone picks up the phone."
          />
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {CHALLENGES.map((challenge) => (
              <li key={challenge.title} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-amber-50 text-amber-800">
                  <Icon icon={challenge.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{challenge.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{challenge.problem}</p>
                <p className="mt-4 flex gap-2 border-t border-slate-100 pt-4 text-sm leading-6 font-medium text-slate-800">
                  <CheckIcon />
                  {challenge.answer}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Features */}
      <section aria-labelledby="features-heading" className="bg-white py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="features-heading"
            eyebrow="Features"
            title="Everything you need to win more contracts"
          />
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
                <div className="flex items-start justify-between">
                  <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                    <Icon icon={feature.icon} className="h-6 w-6" />
                  </span>
                  <span className="flex flex-wrap justify-end gap-2">
                    {feature.pro ? (
                      <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900">
                        PRO
                      </span>
                    ) : null}
                  </span>
                </div>
                <h3 className="mt-5 text-xl font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{feature.text}</p>
                <ul className="mt-5 space-y-2.5 text-sm text-slate-700">
                  {feature.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <CheckIcon />
                      {point}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p className="mt-10 text-center">
            <Link
              to="/features"
              className={`inline-flex items-center gap-1 rounded-md font-semibold text-brand-700 hover:underline ${focusRing}`}
            >
              Explore all features
              <Icon icon={ArrowRight} className="h-4 w-4" />
            </Link>
          </p>
        </div>
      </section>

      {/* Testimonials */}
      <section aria-labelledby="testimonials-heading" className="bg-brand-50 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="testimonials-heading"
            eyebrow="How owners use it"
            title="Cleaning companies that stopped missing leads"
            text="Illustrative stories of a typical week with LeadBroom; the names are made up."
          />
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <figure className="flex h-full flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100">
                  <Icon icon={Quote} className="h-8 w-8 text-brand-600" />
                  <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-800">
                    <p>“{t.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                    <span
                      aria-hidden="true"
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-900"
                    >
                      {t.name
                        .split(" ")
                        .map((part) => part[0])
                        .join("")}
                    </span>
                    <span className="text-sm">
                      <span className="block font-semibold text-slate-900">{t.name}</span>
                      <span className="block text-slate-600">
                        {t.role}, {t.company}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading" className="bg-brand-900">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to capture every lead, around the clock?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">
            Install the chatbot on your website today: every visitor who chats becomes a scored lead in your workspace.
          </p>
          <CallToActionLinks secondary={{ to: "/contact", label: "Schedule Demo" }} />
          <p className="mt-4 text-sm text-brand-100">14-day free trial · No credit card required</p>
        </div>
      </section>
    </>
  );
}
