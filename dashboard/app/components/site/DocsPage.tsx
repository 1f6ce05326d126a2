import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink, Prose, focusRing } from "./ui";

export const DOC_GUIDES = [
  { to: "/docs/getting-started", title: "Getting Started", text: "Create your account, set up your chatbot and install it on your website." },
  { to: "/docs/chatbot-configuration", title: "Chatbot Configuration", text: "Business details, hours, service types, questions and after-hours responses." },
  { to: "/docs/lead-management", title: "Lead Management", text: "How leads are scored and prioritised, and how to work them to a signed contract." },
] as const;

/** A documentation guide: title, body and links to the other guides. */
export function DocsPage({ path, title, intro, children }: { path: string; title: string; intro: string; children: ReactNode }) {
  const others = DOC_GUIDES.filter((guide) => guide.to !== path);
  return (
    <article>
      <header className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-12 pb-8 sm:px-6 lg:px-8">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link to="/resources#documentation" className={`rounded-sm font-medium text-brand-700 hover:underline ${focusRing}`}>
              Documentation
            </Link>{" "}
            / {title}
          </nav>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-700">{intro}</p>
        </div>
      </header>
      <Prose>
        {children}
        <aside aria-labelledby="more-guides" className="mt-12 border-t border-slate-200 pt-8">
          <h2 id="more-guides" className="!mt-0 !text-xl">
            More guides
          </h2>
          <ul className="!list-none !pl-0">
            {others.map((guide) => (
              <li key={guide.to}>
                <Link to={guide.to} className={`rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`}>
                  {guide.title}
                </Link>
                : {guide.text}
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ButtonLink to="/register">Start Free Trial</ButtonLink>
          </div>
        </aside>
      </Prose>
    </article>
  );
}
