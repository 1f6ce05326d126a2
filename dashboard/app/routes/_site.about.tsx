import { Link } from "@remix-run/react";
import { useSiteData } from "~/components/site/site-data";
import { pageMeta } from "~/components/site/seo";
import { CallToAction, PageHeader, SectionHeading, textLink } from "~/components/site/ui";
import { Icon } from "~/components/ui/Icon";
import { ChartNoAxesColumnIncreasing, ShieldCheck, UserRound, Zap } from "lucide-react";

export const meta = pageMeta(
  "About",
  "LeadBroom builds AI lead capture for commercial cleaning, janitorial and facility management companies: our story, values, team and milestones.",
);

const VALUES = [
  { title: "Owners first", text: "We build for the owner who quotes, cleans and answers the phone. Every feature has to save them time.", icon: UserRound },
  { title: "Speed wins", text: "The first reply usually wins the contract, so we make sure no inquiry waits, day or night.", icon: Zap },
  { title: "Honest numbers", text: "Scores you can explain, stats that come from your own data and prices without surprises.", icon: ChartNoAxesColumnIncreasing },
  { title: "Privacy by default", text: "Your leads belong to you. Every business's data is kept separate and never sold.", icon: ShieldCheck },
];

const TEAM = [
  { name: "Daniel Brooks", role: "Co-founder & CEO", bio: "Ran a 40-person commercial cleaning company in Ohio for twelve years before starting LeadBroom." },
  { name: "Aisha Patel", role: "Co-founder & CTO", bio: "Built conversational software for customer support teams; leads engineering and the chatbot." },
  { name: "Marcus Lee", role: "Head of Customer Success", bio: "Helps owners set up their chatbots and turns their feedback into the product roadmap." },
  { name: "Elena Novak", role: "Head of Sales", bio: "Spent a decade selling to facility managers and knows what they ask before they buy." },
];

/** What the product could do when: only what it does today, and what is still being built, marked as coming. */
const TIMELINE = [
  { year: "2023", title: "The idea", text: "Cleaning companies lose contracts before anyone picks up the phone: an inquiry sent on a Friday evening is booked elsewhere by Monday. We set out to answer every inquiry at once." },
  { year: "2024", title: "The qualifying chatbot", text: "A chat widget installed with one script tag that asks about the service, building size, cleaning frequency, budget and timeline, and answers questions about your hours and service areas." },
  { year: "2024", title: "Lead scoring and the workspace", text: "The weighted 10-point score, priorities, follow-up reminders and a live workspace for owners and their support staff." },
  { year: "2025", title: "Plans, competitor analysis and the API", text: "Starter, Pro and Enterprise plans with a 14-day free trial, competitor analysis of lost leads on Pro and a REST API for your leads on Enterprise." },
  { year: "2026", title: "Automations, analytics, cold outreach and live takeover", text: "Follow-up automations that run on their own, analytics from your own conversations and leads, e-mail sequences to your own prospect lists, and a person from your team joining a visitor's chat." },
];

const JOB_TEASERS = [
  { id: "sdr", title: "Sales Development Representative", text: "Start conversations with cleaning business owners and book demos." },
  { id: "customer-success", title: "Customer Success Manager", text: "Help new customers get their first contracts out of LeadBroom." },
];

export default function AboutPage() {
  const { contactEmail } = useSiteData();
  return (
    <>
      <PageHeader eyebrow="Company" title="About LeadBroom">
        <p>We help commercial cleaning companies answer every inquiry, qualify every lead and win more contracts.</p>
      </PageHeader>

      <section aria-labelledby="story-heading" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Our story
        </h2>
        <div className="mt-4 space-y-4 text-base leading-7 text-slate-700">
          <p>
            LeadBroom started in a cleaning company's office. Our founder ran a commercial cleaning business for twelve years
            and kept losing good contracts the same way: an inquiry came in on a Friday evening, and by Monday morning the
            facility manager had already booked a walk-through with someone else.
          </p>
          <p>
            The answer wasn't more staff. It was a chatbot that answers at once, asks the questions an estimator would ask,
            and tells the owner which leads deserve a call tonight. That became LeadBroom: a 24/7 AI chatbot, lead scoring
            and a workspace built for cleaning, janitorial and facility management companies.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="values-heading" eyebrow="What we believe" title="Our values" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon icon={value.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="team-heading" eyebrow="People" title="Meet the team" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {TEAM.map((member) => (
              <li key={member.name} className="rounded-2xl border border-slate-200 p-6 text-center">
                <span aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-900">
                  {member.name
                    .split(" ")
                    .map((part) => part[0])
                    .join("")}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{member.name}</h3>
                <p className="text-sm font-medium text-brand-700">{member.role}</p>
                <p className="mt-3 text-sm leading-6 text-slate-600">{member.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="timeline-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="timeline-heading" eyebrow="2023–2025" title="Our journey" />
          <ol className="mt-10 space-y-8 border-l-2 border-brand-100 pl-6">
            {TIMELINE.map((step) => (
              <li key={step.title} className="relative">
                <span aria-hidden="true" className="absolute top-1.5 -left-[33px] h-4 w-4 rounded-full border-2 border-white bg-brand-600" />
                <p className="text-sm font-bold text-brand-700">{step.year}</p>
                <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="jobs-heading" className="py-16">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="jobs-heading" eyebrow="Careers" title="Join us" text="We're hiring people who want to help small businesses grow." />
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {JOB_TEASERS.map((job) => (
              <li key={job.id} className="rounded-2xl border border-slate-200 p-6">
                <h3 className="text-lg font-semibold text-slate-900">{job.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{job.text}</p>
                <p className="mt-4 flex flex-wrap gap-4 text-sm">
                  <a href={`mailto:${contactEmail}?subject=${encodeURIComponent(`Application: ${job.title}`)}`} className={textLink}>
                    Apply by e-mail<span className="sr-only"> for {job.title}</span>
                  </a>
                  <Link to={`/careers#${job.id}`} className={textLink}>
                    Details<span className="sr-only"> of {job.title}</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CallToAction
        title="Ready to stop missing leads?"
        text="Start your 14-day free trial with no credit card, or talk to our team first."
        secondary={{ to: "/contact", label: "Contact Us" }}
      />
    </>
  );
}
