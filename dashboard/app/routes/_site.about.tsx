import { PlaceholderPage, PrimaryLink, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("About", "LeadBroom builds AI lead capture for commercial cleaning, janitorial and facility management companies.");

export default function AboutPage() {
  return (
    <PlaceholderPage eyebrow="Company" title="About LeadBroom">
        <p>
          LeadBroom started with a simple observation: commercial cleaning companies lose good contracts because an
          inquiry arrives after hours or waits too long for a reply. We build the tools that answer every visitor,
          qualify them and put the best opportunities in front of the owner first. Our full story, values, team and
          timeline will be published on this page soon.
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <PrimaryLink to="/register">Start Free Trial</PrimaryLink>
          <TextLink to="/contact">Contact us</TextLink>
        </div>
    </PlaceholderPage>
  );
}
