import { PlaceholderPage, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Careers", "Careers at LeadBroom: help commercial cleaning companies never miss a lead again.");

export default function CareersPage() {
  return (
    <PlaceholderPage eyebrow="Company" title="Careers">
        <p>
          We are a small team helping commercial cleaning companies never miss a lead again. Our open positions and
          the application form will be listed here soon. In the meantime, you are welcome to send a general
          application to{" "}
          <a
            href="mailto:hello@leadbroom.com"
            className="rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            hello@leadbroom.com
          </a>
          .
        </p>
    </PlaceholderPage>
  );
}
