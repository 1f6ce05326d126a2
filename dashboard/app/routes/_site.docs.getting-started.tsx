import { Link } from "@remix-run/react";
import { INSTALL_WEIGHT, INSTALL_WHERE, widgetSnippet } from "#shared/public-site/site-content.ts";
import { DocsPage } from "~/components/site/DocsPage";
import { pageMeta } from "~/components/site/seo";
import { textLink } from "~/components/site/ui";
import { useRootData } from "~/root";

export const meta = pageMeta(
  "Getting Started",
  "Get started with LeadBroom: start your 14-day free trial with no credit card, set up your chatbot and paste one script tag on your website.",
);

export default function GettingStartedPage() {
  const appUrl = useRootData()?.env.PUBLIC_APP_URL ?? "";
  const snippet = widgetSnippet(appUrl);
  return (
    <DocsPage
      path="/docs/getting-started"
      title="Getting Started"
      intro="From sign-up to your first scored lead in about ten minutes. New accounts get a 14-day free trial with no credit card required."
    >
      <h2>1. Create your account</h2>
      <p>
        Go to{" "}
        <Link to="/register" className={textLink}>
          Start Free Trial
        </Link>{" "}
        and enter your business name, your e-mail address and a password (at least 8 characters with one uppercase letter,
        one lowercase letter and one digit), then accept the Terms of Service and Privacy Policy. Your business starts a
        14-day free trial straight away: no credit card is needed, and every feature of your plan is available while the
        trial runs. You land in your workspace at /app.
      </p>

      <h2>2. Set up your chatbot</h2>
      <p>
        Open <strong>AI Chatbot → Settings</strong> in the workspace. Enter your business name, a welcome message, your
        service areas, your business hours and the service types you offer, and set your market price per 1,000 sq ft per
        visit: the chatbot compares each visitor's budget with it. The{" "}
        <Link to="/docs/chatbot-configuration" className={textLink}>
          Chatbot Configuration
        </Link>{" "}
        guide explains every setting.
      </p>

      <h2>3. Install the widget on your website</h2>
      <p>
        On <strong>AI Chatbot → Installation</strong>, copy your snippet. It looks like this, with your own site key in place
        of KEY:
      </p>
      <pre tabIndex={0} aria-label="Widget snippet" className="mt-4 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100">
        <code>{snippet}</code>
      </pre>
      <p>
        {INSTALL_WHERE} {INSTALL_WEIGHT}
      </p>
      <p>
        To stop other websites from using your chatbot, add your website's address (for example
        https://www.example.com) under <strong>Allowed origins</strong> on the Installation tab of the AI Chatbot page.
        Until you do, that tab and your dashboard's setup checklist warn you that any website can embed it.
      </p>

      <h2>4. Test it</h2>
      <p>
        Click <strong>Test Chatbot</strong> on the AI Chatbot page. A new window shows your chatbot exactly as visitors see
        it; conversations started there are marked as tests and their leads are kept apart from real ones.
      </p>

      <h2>5. Work your leads</h2>
      <p>
        Each visitor who answers the questions becomes a lead with a score out of 10 and a priority. New leads appear live on
        your dashboard and on the Leads page, with a notification and a follow-up reminder. The{" "}
        <Link to="/docs/lead-management" className={textLink}>
          Lead Management
        </Link>{" "}
        guide explains the score and how to follow up.
      </p>

      <h2>6. Choose a plan</h2>
      <p>
        Before your trial ends, choose Starter, Pro or Enterprise on the{" "}
        <Link to="/pricing" className={textLink}>
          pricing page
        </Link>{" "}
        or under Settings → Billing &amp; Subscription. Questions? Our team answers within 24 hours through the{" "}
        <Link to="/contact" className={textLink}>
          contact page
        </Link>
        .
      </p>
    </DocsPage>
  );
}
