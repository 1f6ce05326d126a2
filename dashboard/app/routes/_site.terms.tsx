import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/site/LegalPage";
import { pageMeta } from "~/components/site/seo";
import { textLink } from "~/components/site/ui";
import { useSiteData } from "~/components/site/site-data";

export const meta = pageMeta("Terms of Service", "The terms that govern your use of LeadBroom: accounts, free trials, subscriptions, acceptable use and liability.");

export default function TermsPage() {
  const { contactEmail } = useSiteData();
  return (
    <LegalPage title="Terms of Service">
      <p>
        These Terms of Service govern your use of LeadBroom, a subscription service that provides an AI chatbot, lead
        management and related tools for commercial cleaning businesses. By creating an account or using the service you
        agree to these terms.
      </p>
      <h2>1. Accounts</h2>
      <p>
        You must give accurate information when you register and keep your password confidential. You are responsible for
        the activity in your account, including that of the support staff you invite. You must be at least 18 and able to
        enter into a contract on behalf of your business.
      </p>
      <h2>2. Free trial</h2>
      <p>
        Every plan starts with a 14-day free trial. No credit card is required to start a trial. When the trial ends,
        paid features stop until you choose a plan.
      </p>
      <h2>3. Plans, billing and cancellation</h2>
      <ul>
        <li>Plans are billed monthly or annually in advance, in US dollars, through our payment provider.</li>
        <li>Each plan includes a number of leads per month (Starter 100, Pro 500, Enterprise unlimited). Leads beyond the limit are still captured and counted as overage.</li>
        <li>An upgrade takes effect immediately and is prorated. A downgrade takes effect at the next billing date.</li>
        <li>You can cancel at any time from the billing portal; your plan stays active until the end of the period you paid for. Fees already paid are not refunded except where the law requires.</li>
      </ul>
      <p>
        Current prices are listed on the{" "}
        <Link to="/pricing" className={textLink}>
          pricing page
        </Link>
        .
      </p>
      <h2>4. Your content and your visitors' data</h2>
      <p>
        You keep all rights to your business information, chatbot settings, leads and conversations. You give us the
        permission we need to host and process them to provide the service. You are responsible for having a lawful basis
        to collect your website visitors' information and for telling them about it in your own privacy notice. Our{" "}
        <Link to="/privacy" className={textLink}>
          Privacy Policy
        </Link>{" "}
        describes how we handle it.
      </p>
      <h2>5. Acceptable use</h2>
      <ul>
        <li>Do not use LeadBroom to send spam or messages that break anti-spam or marketing laws.</li>
        <li>Do not try to access other customers' data, probe or overload the service, or get around plan limits.</li>
        <li>Do not use the chatbot to collect sensitive information such as payment card numbers or health records.</li>
      </ul>
      <h2>6. AI-generated responses</h2>
      <p>
        The chatbot may phrase replies with the help of an AI model. Replies are based on the information you configure;
        review your settings and do not rely on the chatbot for binding quotes or commitments.
      </p>
      <h2>7. Availability and changes</h2>
      <p>
        We aim to keep LeadBroom available 24/7 but do not guarantee uninterrupted service. We may improve or change
        features; we will give reasonable notice of changes that materially reduce what your plan includes.
      </p>
      <h2>8. Liability</h2>
      <p>
        The service is provided “as is”. To the extent the law allows, we are not liable for indirect or consequential
        losses, such as lost contracts or profits, and our total liability is limited to the fees you paid in the 12 months
        before the claim.
      </p>
      <h2>9. Termination</h2>
      <p>
        You may close your account at any time. We may suspend or close accounts that break these terms, after notice
        where reasonable.
      </p>
      <h2>10. Changes to these terms</h2>
      <p>We will post changes on this page and update the date above; continuing to use LeadBroom after a change means you accept it.</p>
      <h2>11. Contact</h2>
      <p>
        Questions about these terms? Write to{" "}
        <a href={`mailto:${contactEmail}`} className={textLink}>
          {contactEmail}
        </a>
        .
      </p>
    </LegalPage>
  );
}
