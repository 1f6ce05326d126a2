import { HOURS_END_OPTIONS, HOURS_START_OPTIONS, QUALIFICATION_QUESTIONS } from "#shared/chatbots/setting-options.ts";
import { DEFAULT_SERVICE_TYPES as SERVICE_TYPE_OPTIONS } from "#shared/chatbots/defaults.ts";
import { DocsPage } from "~/components/site/DocsPage";
import { pageMeta } from "~/components/site/seo";

export const meta = pageMeta(
  "Chatbot Configuration",
  "Configure your LeadBroom chatbot: business name, welcome message, service areas, business hours, service types, qualification questions, market price and after-hours responses.",
);

const first = (options: readonly { label: string }[]) => options[0]!.label;
const last = (options: readonly { label: string }[]) => options[options.length - 1]!.label;

export default function ChatbotConfigurationPage() {
  return (
    <DocsPage
      path="/docs/chatbot-configuration"
      title="Chatbot Configuration"
      intro="Every setting of your chatbot lives on the AI Chatbot page of your workspace, under Settings. Changes apply to the next message a visitor sends."
    >
      <h2>Business name</h2>
      <p>The name the chatbot introduces itself with, shown in the chat window's header.</p>

      <h2>Welcome message</h2>
      <p>
        The first message a visitor sees when they open the chat (up to 500 characters). End it with a question, for
        example: “Hi! Welcome to Brightline Cleaning. I can help you get a quote for commercial cleaning in about a
        minute. What type of cleaning are you looking for?”
      </p>

      <h2>Service areas</h2>
      <p>
        The towns, cities or regions you serve, separated by commas (for example Springfield, Chatham, Rochester); each
        entry is trimmed. When a visitor asks “Do you cover Chatham?”, the chatbot answers from this list and then returns
        to the quote.
      </p>

      <h2>Business hours</h2>
      <p>
        Opening time ({first(HOURS_START_OPTIONS)} to {last(HOURS_START_OPTIONS)}, default 8:00 AM), closing time (
        {first(HOURS_END_OPTIONS)} to {last(HOURS_END_OPTIONS)}, default 6:00 PM), the days you are open (Monday to Friday by
        default) and your time zone. The chatbot works 24/7; the hours decide which response it gives and what it tells
        visitors who ask when you are open.
      </p>

      <h2>After-hours response</h2>
      <p>
        What the chatbot tells visitors outside your business hours, before it carries on qualifying them, for example:
        “We're closed right now, but I can take your details and the team will call you first thing tomorrow.”
      </p>

      <h2>Service types</h2>
      <p>The services you offer. The chatbot offers them as quick replies to its first question. The defaults are:</p>
      <ul>
        {SERVICE_TYPE_OPTIONS.map((type) => (
          <li key={type}>{type}</li>
        ))}
      </ul>

      <h2>Qualification questions</h2>
      <p>
        The chatbot asks the same qualification questions for every service type, in this order, each with quick replies
        and free-text answers (“about 12k sq ft”, “twice a week”, “$2,500 a month”, “ASAP”). A visitor may skip a question;
        the lead is then marked incomplete. The questions are shown read-only on the settings page:
      </p>
      <ol>
        {QUALIFICATION_QUESTIONS.map((question) => (
          <li key={question}>{question}</li>
        ))}
      </ol>
      <p>
        Keep conversations short: the flow uses five qualification questions plus contact details, in line with our
        guidance of 3-5 qualification questions at most.
      </p>

      <h2>Market price</h2>
      <p>
        Your typical price per 1,000 sq ft per visit, in US dollars (default $10). The chatbot multiplies it by the
        building size and the visits a month to estimate the expected monthly cost, then rates the visitor's budget as
        above, at or below market. See the{" "}
        <a href="/docs/lead-management" className="font-semibold text-brand-700 underline underline-offset-2">
          Lead Management
        </a>{" "}
        guide for how that feeds the score.
      </p>

      <h2>Allowed origins</h2>
      <p>
        The websites allowed to embed your chatbot, as origins such as https://www.example.com (no path), separated by
        spaces, commas or new lines. An empty list allows any website, and the workspace warns you about it.
      </p>

      <h2>Accent colour</h2>
      <p>The colour of the chat button and of the visitor's messages, as a hex value like #1d64d8.</p>

      <h2>Activate or deactivate</h2>
      <p>
        The Activate/Deactivate button at the top of the AI Chatbot page turns the chatbot on or off. While it is inactive
        the chat button does not appear on your website.
      </p>
    </DocsPage>
  );
}
