import { PlaceholderPage, PrimaryLink, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Pricing", "LeadBroom plans: Starter, Pro and Enterprise, each with a 14-day free trial and no credit card required.");

export default function PricingPage() {
  return (
    <PlaceholderPage eyebrow="Plans" title="Pricing">
        <p>
          LeadBroom has three plans: Starter at $49 a month for up to 100 leads, Pro at $99 a month for up to 500
          leads, and Enterprise at $249 a month with unlimited leads. Annual billing saves 20%. Every plan starts
          with a 14-day free trial and no credit card is required. The full plan comparison and online checkout are
          coming soon; until then, start a trial or talk to us.
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <PrimaryLink to="/register">Start Free Trial</PrimaryLink>
          <TextLink to="/contact">Contact Sales</TextLink>
        </div>
    </PlaceholderPage>
  );
}
