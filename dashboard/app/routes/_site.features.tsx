import { PlaceholderPage, PrimaryLink, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Features", "LeadBroom features: a 24/7 AI chatbot, lead scoring and management, and cold outreach on the Pro plan.");

export default function FeaturesPage() {
  return (
    <PlaceholderPage eyebrow="Product" title="Features">
        <p>
          LeadBroom gives commercial cleaning companies a 24/7 AI chatbot that qualifies website visitors and scores
          each lead out of 10, lead management with High, Medium and Low priority and follow-up reminders, and, on
          the Pro plan, cold outreach through LinkedIn prospecting and email sequences. A detailed tour of each
          feature is being written and will be published here soon.
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <PrimaryLink to="/register">Start Free Trial</PrimaryLink>
          <TextLink to="/pricing">See pricing</TextLink>
          <TextLink to="/contact">Schedule Demo</TextLink>
        </div>
    </PlaceholderPage>
  );
}
