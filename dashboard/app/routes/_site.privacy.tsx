import { PlaceholderPage, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Privacy Policy", "How LeadBroom collects, uses and protects personal information.");

export default function PrivacyPage() {
  return (
    <PlaceholderPage eyebrow="Legal" title="Privacy Policy" lastUpdated="March 15, 2025">
        <p>
          This page will hold LeadBroom's full privacy policy: what personal information we collect from account
          holders and from the visitors who talk to their chatbots, how we use and protect it, and the choices you
          have. The complete text is being prepared for publication. For any privacy question in the meantime,
          contact us through the <TextLink to="/contact">contact page</TextLink>.
        </p>
    </PlaceholderPage>
  );
}
