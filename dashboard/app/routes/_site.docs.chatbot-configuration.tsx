import { PlaceholderPage, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta("Chatbot Configuration", "Configure your LeadBroom chatbot: business details, service areas, hours, welcome message and qualification questions.");

export default function ChatbotConfigurationPage() {
  return (
    <PlaceholderPage eyebrow="Documentation" title="Chatbot Configuration">
        <p>
          Your chatbot is configured with your business name, service areas, business hours, a welcome message, the
          service types you offer, the qualification questions for each service type and the responses it gives
          after hours. A detailed guide to each setting will be published here soon.
        </p>
        <p>
          <TextLink to="/resources#documentation">All documentation</TextLink>
        </p>
    </PlaceholderPage>
  );
}
