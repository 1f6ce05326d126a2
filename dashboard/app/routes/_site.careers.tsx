import { useState } from "react";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { CAREERS_FAILED, JOB_POSITIONS, type JobPosition } from "../../../server/public-site/careers.ts";
import { forwardForm } from "~/lib/forms";
import { ApplyModal } from "~/components/site/ApplyModal";
import { useSiteData } from "~/components/site/site-data";
import { pageMeta } from "~/components/site/seo";
import { CheckIcon, Icon, PageHeader, SectionHeading, primaryButton, textLink } from "~/components/site/ui";

export const meta = pageMeta(
  "Careers",
  "Careers at LeadBroom: open positions in sales, marketing, customer success and product design. Remote, with a $2,000 learning budget.",
);

const BENEFITS = [
  { title: "Remote first", text: "Work from anywhere in the US, with a home-office stipend.", icon: <path d="M3 11 12 4l9 7M5 10v10h14V10" /> },
  { title: "Health coverage", text: "Medical, dental and vision insurance for you and your family.", icon: <path d="M12 21s-7-4.5-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.5-9 9-9 9Z" /> },
  { title: "Learning budget", text: "$2,000 a year for courses, books and conferences.", icon: <path d="m2 9 10-5 10 5-10 5L2 9ZM6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5" /> },
  { title: "Flexible time off", text: "Generous paid time off and the US public holidays.", icon: <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" /> },
  { title: "Equity", text: "Every full-time team member shares in LeadBroom's success.", icon: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" /> },
  { title: "Real impact", text: "Your work helps small cleaning businesses win contracts every day.", icon: <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" /> },
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
                  <Icon>{benefit.icon}</Icon>
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
                  <button type="button" className={`${primaryButton} cursor-pointer`} onClick={() => setApplyingFor(position)}>
                    Apply Now<span className="sr-only"> for {position.title}</span>
                  </button>
                </div>
                <p className="mt-4 text-sm leading-6 text-slate-700">{position.description}</p>
                <div className="mt-5 grid gap-6 md:grid-cols-2">
                  <div>
                    <h4 className="text-sm font-semibold text-slate-900">Responsibilities</h4>
                    <ul className="mt-2 space-y-2 text-sm text-slate-700">
                      {position.responsibilities.map((item) => (
                        <li key={item} className="flex gap-2">
                          <CheckIcon />
                          {item}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h4 className="text-sm font-semibold text-slate-900">Requirements</h4>
                    <ul className="mt-2 space-y-2 text-sm text-slate-700">
                      {position.requirements.map((item) => (
                        <li key={item} className="flex gap-2">
                          <CheckIcon />
                          {item}
                        </li>
                      ))}
                    </ul>
                  </div>
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
