import { PlaceholderPage, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Terms of Service", "The terms that govern the use of LeadBroom.");

export default function TermsPage() {
  return (
    <PlaceholderPage eyebrow="Legal" title="Terms of Service" lastUpdated="March 15, 2025">
        <p>
          This page will hold the terms of service that govern your use of LeadBroom, including subscriptions, free
          trials, billing and acceptable use. The complete text is being prepared for publication. For any question
          about these terms in the meantime, contact us through the <TextLink to="/contact">contact page</TextLink>.
        </p>
    </PlaceholderPage>
  );
}
