import { useState } from "react";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { CAREERS_FAILED, JOB_POSITIONS, type JobPosition } from "#shared/public-site/careers.ts";
import { forwardForm } from "~/lib/forms";
import { ApplyModal } from "~/components/site/ApplyModal";
import { useSiteData } from "~/components/site/site-data";
import { pageMeta } from "~/components/site/seo";
import { CheckIcon, PageHeader, SectionHeading, textLink } from "~/components/site/ui";
import { Button } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { Calendar, ChartNoAxesColumnIncreasing, GraduationCap, Heart, House, Zap } from "lucide-react";

export const meta = pageMeta(
  "Careers",
  "Careers at LeadBroom: open positions in sales, marketing, customer success and product design. Remote, with a $2,000 learning budget.",
);

const BENEFITS = [
  { title: "Remote first", text: "Work from anywhere in the US, with a home-office stipend.", icon: House },
  { title: "Health coverage", text: "Medical, dental and vision insurance for you and your family.", icon: Heart },
  { title: "Learning budget", text: "$2,000 a year for courses, books and conferences.", icon: GraduationCap },
  { title: "Flexible time off", text: "Generous paid time off and the US public holidays.", icon: Calendar },
  { title: "Equity", text: "Every full-time team member shares in LeadBroom's success.", icon: ChartNoAxesColumnIncreasing },
  { title: "Real impact", text: "Your work helps small cleaning businesses win contracts every day.", icon: Zap },
];

/** The apply modal's submission (multipart, with the résumé): handed to POST /api/careers, its answer checked. */
export async function clientAction({ request }: ClientActionFunctionArgs) {
  return forwardForm(request, "/api/careers", CAREERS_FAILED);
}

export default function CareersPage() {
  const { contactEmail } = useSiteData();
  const [applyingFor, setApplyingFor] = useState<JobPosition | null>(null);
  return (
    <>
      <PageHeader eyebrow="Careers" title="Help cleaning companies never miss a lead again">
        <p>We're a small, remote team building the tools that help commercial cleaning companies grow. Come build them with us.</p>
      </PageHeader>

      <section aria-labelledby="benefits-heading" className="pb-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="benefits-heading" eyebrow="Why LeadBroom" title="Benefits" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="flex gap-4 rounded-2xl border border-slate-200 p-6">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon icon={benefit.icon} className="h-6 w-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{benefit.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="positions-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="positions-heading" eyebrow="Join us" title="Open positions" />
          <ul className="mt-10 space-y-6">
            {JOB_POSITIONS.map((position) => (
              <li key={position.id} id={position.id} className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <div>
                    <h3 className="text-xl font-semibold text-slate-900">{position.title}</h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {position.department} · {position.location} · {position.type}
                    </p>
                    <p className="mt-1 text-sm font-semibold text-emerald-800">{position.salaryRange}</p>
                  </div>
                  <Button type="button" size="lg" onClick={() => setApplyingFor(position)}>
                    Apply Now<span className="sr-only"> for {position.title}</span>
                  </Button>
                </div>
                <p className="mt-4 text-sm leading-6 text-slate-700">{position.description}</p>
                <div className="mt-5 grid gap-6 md:grid-cols-2">
                  {(
                    [
                      ["Responsibilities", position.responsibilities],
                      ["Requirements", position.requirements],
                    ] as const
                  ).map(([heading, items]) => (
                    <div key={heading}>
                      <h4 className="text-sm font-semibold text-slate-900">{heading}</h4>
                      <ul className="mt-2 space-y-2 text-sm text-slate-700">
                        {items.map((item) => (
                          <li key={item} className="flex gap-2">
                            <CheckIcon />
                            {item}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-10 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
            <h3 className="text-lg font-semibold text-slate-900">Don't see the right role?</h3>
            <p className="mt-2 text-sm text-slate-600">
              We're always glad to meet great people. Send a general application to{" "}
              <a href={`mailto:${contactEmail}?subject=${encodeURIComponent("General Application")}`} className={textLink}>
                {contactEmail}
              </a>
              .
            </p>
          </div>
        </div>
      </section>
      <ApplyModal position={applyingFor} onClose={() => setApplyingFor(null)} />
    </>
  );
}
