import { PlaceholderPage, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Contact", "Contact LeadBroom: questions, demos and support for commercial cleaning companies.");

export default function ContactPage() {
  return (
    <PlaceholderPage eyebrow="Get in touch" title="Contact us">
        <p>
          Questions about LeadBroom, or want a demo for your cleaning company? Write to{" "}
          <a
            href="mailto:hello@leadbroom.com"
            className="rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            hello@leadbroom.com
          </a>{" "}
          and we will reply within 24 hours. Our business hours are Monday to Friday 9-6 EST. A contact form and
          demo booking will be added to this page soon.
        </p>
    </PlaceholderPage>
  );
}
