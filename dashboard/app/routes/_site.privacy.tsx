import { LegalPage } from "~/components/site/LegalPage";
import { pageMeta } from "~/components/site/seo";
import { textLink } from "~/components/site/ui";
import { useSiteData } from "~/components/site/site-data";

export const meta = pageMeta("Privacy Policy", "How LeadBroom collects, uses, shares and protects personal information of account holders and of the visitors who talk to their chatbots.");

export default function PrivacyPage() {
  const { contactEmail } = useSiteData();
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This Privacy Policy explains how LeadBroom (“we”, “us”) collects, uses and protects personal information when you
        visit our website, create an account, or talk to a chatbot that one of our customers runs on their website.
      </p>
      <h2>1. Information we collect</h2>
      <h3>Account holders</h3>
      <ul>
        <li>Account details: business name, your name, e-mail address and a password (stored only as a secure hash).</li>
        <li>Business settings: business profile, chatbot settings, service areas and business hours.</li>
        <li>Billing details: your plan and subscription status. Card details are collected and stored by our payment provider, Stripe; we never see or store full card numbers.</li>
        <li>Usage data: sign-in times and the actions you take in the workspace, kept in lead history.</li>
      </ul>
      <h3>Visitors to our customers' websites</h3>
      <ul>
        <li>The messages you send to a chatbot and the answers you give (for example building size, cleaning frequency, budget, timeline).</li>
        <li>Contact details you choose to share: name, company, e-mail address and phone number.</li>
        <li>A random visitor identifier kept in your browser's local storage, the page address where the chat took place, and your IP address for abuse prevention.</li>
      </ul>
      <h3>Visitors to this website</h3>
      <ul>
        <li>Messages you send through our contact form and applications you send through our careers page, including your résumé.</li>
        <li>We do not use advertising cookies or third-party trackers on this website.</li>
      </ul>
      <h2>2. How we use information</h2>
      <ul>
        <li>To provide the service: running chatbots, scoring and storing leads, sending notifications and e-mails you request.</li>
        <li>To secure the service: preventing abuse, rate limiting and protecting accounts against brute-force attacks.</li>
        <li>To bill you and to answer your messages and support requests.</li>
        <li>To improve LeadBroom, using aggregated information that does not identify individuals.</li>
      </ul>
      <h2>3. Our customers' data</h2>
      <p>
        For conversations and leads captured on a customer's website, the customer is the controller of that information
        and we process it on their behalf and on their instructions. If you talked to a chatbot on a cleaning company's
        website and want your information corrected or deleted, please contact that company; we will help them respond.
      </p>
      <h2>4. Sharing</h2>
      <p>
        We do not sell personal information. We share it only with service providers who help us run LeadBroom (hosting,
        e-mail delivery, payment processing and, where a customer enables it, an AI language-model provider), under
        contracts that require them to protect it, or when the law requires it.
      </p>
      <h2>5. Retention</h2>
      <p>
        Account and lead information is kept while the account is active and deleted within 90 days after an account is
        closed, unless the law requires us to keep it longer. Contact messages and job applications are kept for up to two
        years.
      </p>
      <h2>6. Security</h2>
      <p>
        We use encryption in transit, hashed passwords, HttpOnly session cookies, per-business separation of data and
        access controls by role. No system is perfectly secure, but we work to protect your information and will notify
        affected customers of a breach as the law requires.
      </p>
      <h2>7. Your rights</h2>
      <p>
        Depending on where you live, you may have the right to access, correct, delete or export your personal
        information, and to object to or restrict its use. Account holders can update most information in the workspace.
      </p>
      <h2>8. Children</h2>
      <p>LeadBroom is a business service and is not directed to children under 16.</p>
      <h2>9. Changes</h2>
      <p>We will post any changes to this policy on this page and update the date above. Material changes are announced by e-mail to account holders.</p>
      <h2>10. Contact</h2>
      <p>
        Questions about privacy? Write to{" "}
        <a href={`mailto:${contactEmail}`} className={textLink}>
          {contactEmail}
        </a>
        .
      </p>
    </LegalPage>
  );
}
