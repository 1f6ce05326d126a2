import { Link, type ClientActionFunctionArgs } from "@remix-run/react";
import { CONTACT_FAILED } from "#shared/public-site/contact.ts";
import { forwardForm } from "~/lib/forms";
import { ContactForm } from "~/components/site/ContactForm";
import { Faq } from "~/components/site/Faq";
import { useSiteData } from "~/components/site/site-data";
import { pageMeta } from "~/components/site/seo";
import { PageHeader, textLink } from "~/components/site/ui";
import { buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { Clock, Mail, MessageCircle } from "lucide-react";

export const meta = pageMeta(
  "Contact",
  "Contact LeadBroom: questions, demos and support for commercial cleaning companies. We reply within 24 hours, Monday to Friday 9-6 EST.",
);

const FAQ = [
  { q: "How quickly will you reply?", a: "We answer every message within 24 hours. Our business hours are Monday to Friday 9-6 EST." },
  { q: "Do I need a credit card to try LeadBroom?", a: "No. Every plan starts with a 14-day free trial and no credit card is required." },
  { q: "How long does installation take?", a: "About five minutes: copy your snippet from the AI Chatbot page and paste it before the closing body tag of your website." },
  { q: "Will the chatbot work on my website builder?", a: "Yes. Any website that lets you add a script tag (WordPress, Wix, Squarespace, Webflow or hand-written HTML) can run the chatbot." },
  { q: "Can I see a demo first?", a: "Of course. Book a Demo picks a time that suits you, or send us a message and we'll arrange one." },
];

/** The contact form's submission: handed to POST /api/contact, its answer checked (ContactForm's fetcher). */
export async function clientAction({ request }: ClientActionFunctionArgs) {
  return forwardForm(request, "/api/contact", CONTACT_FAILED);
}

export default function ContactPage() {
  const { contactEmail, schedulingUrl } = useSiteData();
  return (
    <>
      <PageHeader eyebrow="Get in touch" title="Contact us">
        <p>Questions about LeadBroom, or want a demo for your cleaning company? We reply within 24 hours.</p>
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-3">
          <ContactForm />
        </div>
        <aside aria-labelledby="details-heading" className="space-y-6 lg:col-span-2">
          <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
            <h2 id="details-heading" className="text-xl font-bold text-slate-900">
              Contact details
            </h2>
            <ul className="mt-4 space-y-4 text-sm">
              <li className="flex gap-3">
                <Icon icon={Mail} className="h-5 w-5 shrink-0 text-brand-700" />
                <div>
                  <p className="font-semibold text-slate-900">Email</p>
                  <p>
                    <a href={`mailto:${contactEmail}`} className={textLink}>
                      {contactEmail}
                    </a>
                  </p>
                </div>
              </li>
              <li className="flex gap-3">
                <Icon icon={Clock} className="h-5 w-5 shrink-0 text-brand-700" />
                <div>
                  <p className="font-semibold text-slate-900">Business hours</p>
                  <p className="text-slate-700">Monday to Friday 9-6 EST</p>
                </div>
              </li>
              <li className="flex gap-3">
                <Icon icon={MessageCircle} className="h-5 w-5 shrink-0 text-brand-700" />
                <div>
                  <p className="font-semibold text-slate-900">Response time</p>
                  <p className="text-slate-700">Within 24 hours</p>
                </div>
              </li>
            </ul>
          </div>
          <div className="rounded-2xl bg-brand-900 p-6 text-white">
            <h2 className="text-xl font-bold">See LeadBroom in action</h2>
            <p className="mt-2 text-sm leading-6 text-brand-100">A 30-minute walkthrough of the chatbot, lead scoring and the workspace with our team.</p>
            <a
              href={schedulingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-5 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 text-base font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Book a Demo<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </aside>
      </div>

      <section aria-labelledby="faq-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <Faq items={FAQ} />
          <p className="mt-8 text-center">
            <Link to="/register" className={buttonClasses({ size: "lg" })}>
              Start Free Trial
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
