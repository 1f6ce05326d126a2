import { Link } from "@remix-run/react";
import { Logo } from "./SiteHeader";
import { Icon } from "~/components/ui/Icon";
import { Mail } from "lucide-react";
import { focusRing } from "~/components/forms";

const COLUMNS = [
  {
    heading: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/features#ai-chatbot", label: "AI Chatbot" },
      { to: "/features#lead-management", label: "Lead Management" },
      { to: "/features#cold-outreach", label: "Cold Outreach" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { to: "/documentation", label: "Documentation" },
      { to: "/guides", label: "Guides" },
      { to: "/blog", label: "Blog" },
      { to: "/resources", label: "Resources" },
    ],
  },
  {
    heading: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/careers", label: "Careers" },
      { to: "/contact", label: "Contact" },
      { to: "/privacy", label: "Privacy" },
      { to: "/terms", label: "Terms" },
    ],
  },
] as const;

const LINKEDIN_URL = "https://www.linkedin.com/company/leadbroom";

/** Public footer: Product, Resources and Company columns, social and e-mail links (spec §2.3). */
export function SiteFooter({ contactEmail }: { contactEmail: string }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <Link to="/" className={`inline-block rounded-md ${focusRing}`}>
              <Logo />
            </Link>
            <p className="mt-4 max-w-sm text-sm leading-6 text-slate-600">
              The 24/7 AI chatbot that captures, qualifies and scores leads for commercial cleaning companies.
            </p>
            <ul className="mt-6 flex flex-wrap items-center gap-4 text-sm">
              <li>
                <a
                  href={LINKEDIN_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label="LeadBroom on LinkedIn (opens in a new tab)"
                  className={`inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 hover:text-slate-900 ${focusRing}`}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                    <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.34V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z" />
                  </svg>
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${contactEmail}`}
                  className={`inline-flex items-center gap-2 rounded-md px-1 py-2 font-medium text-slate-700 hover:text-brand-700 ${focusRing}`}
                >
                  <Icon icon={Mail} />
                  {contactEmail}
                </a>
              </li>
            </ul>
          </div>

          {COLUMNS.map((column) => (
            <nav key={column.heading} aria-labelledby={`footer-${column.heading.toLowerCase()}`}>
              <h2
                id={`footer-${column.heading.toLowerCase()}`}
                className="text-sm font-semibold tracking-wide text-slate-900 uppercase"
              >
                {column.heading}
              </h2>
              <ul className="mt-4 space-y-1">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      to={link.to}
                      className={`inline-block rounded-md py-1.5 text-sm text-slate-600 hover:text-brand-700 hover:underline ${focusRing}`}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-12 border-t border-slate-200 pt-6">
          <p className="text-sm text-slate-600">© {new Date().getFullYear()} LeadBroom. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
