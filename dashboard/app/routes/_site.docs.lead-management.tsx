import { PlaceholderPage, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Lead Management", "How LeadBroom scores leads out of 10 and sorts them into High, Medium and Low priority.");

export default function LeadManagementPage() {
  return (
    <PlaceholderPage eyebrow="Documentation" title="Lead Management">
        <p>
          Every lead is scored out of 10 from building size, cleaning frequency, budget and timeline. Leads scoring
          8 to 10 are High priority and need immediate follow-up, 6 to 7.9 are Medium and should be followed up
          within 24 hours, and below 6 are Low, to be followed up within 48 hours. The full guide to scoring and
          follow-up will be published here soon.
        </p>
        <p>
          <TextLink to="/resources#documentation">All documentation</TextLink>
        </p>
    </PlaceholderPage>
  );
}
