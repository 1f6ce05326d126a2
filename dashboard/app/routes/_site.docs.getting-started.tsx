import { PlaceholderPage, PrimaryLink, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Getting Started", "Get started with LeadBroom: create your account, set up your chatbot and install it on your website.");

export default function GettingStartedPage() {
  return (
    <PlaceholderPage eyebrow="Documentation" title="Getting Started">
        <p>
          New accounts get a 14-day free trial with no credit card required. Once you have registered, you set up
          your chatbot with your business details, copy the widget snippet and paste it before the closing body tag
          of your website. The complete step-by-step guide will be published here soon.
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <PrimaryLink to="/register">Start Free Trial</PrimaryLink>
          <TextLink to="/resources#documentation">All documentation</TextLink>
        </div>
    </PlaceholderPage>
  );
}
