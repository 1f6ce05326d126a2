import { PlaceholderPage, PrimaryLink, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta(
  "Resources",
  "LeadBroom documentation, guides and articles for commercial cleaning companies.",
);

const DOCS = [
  { to: "/docs/getting-started", label: "Getting Started" },
  { to: "/docs/chatbot-configuration", label: "Chatbot Configuration" },
  { to: "/docs/lead-management", label: "Lead Management" },
];

export default function ResourcesPage() {
  return (
    <PlaceholderPage eyebrow="Learn" title="Resources">
      <p>
        Documentation, guides and articles to help you get the most out of LeadBroom. Downloadable guides and video
        tutorials are being prepared and will be added to this page soon.
      </p>
      <section id="documentation" aria-labelledby="documentation-heading" className="scroll-mt-24">
        <h2 id="documentation-heading" className="text-2xl font-bold text-slate-900">
          Documentation
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6">
          {DOCS.map((doc) => (
            <li key={doc.to}>
              <TextLink to={doc.to}>{doc.label}</TextLink>
            </li>
          ))}
        </ul>
      </section>
      <section id="guides" aria-labelledby="guides-heading" className="scroll-mt-24">
        <h2 id="guides-heading" className="text-2xl font-bold text-slate-900">
          Guides
        </h2>
        <p className="mt-3">
          Our downloadable guides are on their way. Meanwhile, the <TextLink to="/blog">LeadBroom blog</TextLink> has
          articles on lead generation and growing a cleaning business.
        </p>
      </section>
      <div className="flex flex-wrap items-center gap-4">
        <PrimaryLink to="/register">Start Free Trial</PrimaryLink>
        <TextLink to="/contact">Contact Support</TextLink>
      </div>
    </PlaceholderPage>
  );
}
