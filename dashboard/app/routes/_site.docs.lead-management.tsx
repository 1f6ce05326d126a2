import { Link } from "@remix-run/react";
import { DocsPage } from "~/components/site/DocsPage";
import { pageMeta } from "~/components/site/seo";
import { textLink } from "~/components/site/ui";

export const meta = pageMeta(
  "Lead Management",
  "How LeadBroom scores leads out of 10 (building size 30%, frequency 25%, budget 25%, timeline 20%), sets High, Medium and Low priority, and how to follow up.",
);

const FACTORS = [
  { factor: "Building size (30%)", ten: "Over 50,000 sq ft", eight: "20,000–50,000 sq ft", six: "5,000–19,999 sq ft", four: "Under 5,000 sq ft" },
  { factor: "Cleaning frequency (25%)", ten: "Daily", eight: "2–3 times a week", six: "Weekly", four: "Bi-weekly or less" },
  { factor: "Budget (25%)", ten: "Above market", eight: "At market", six: "—", four: "Below market" },
  { factor: "Timeline (20%)", ten: "Immediate", eight: "Within 30 days", six: "Within 90 days", four: "Beyond 90 days" },
];

const cell = "border border-slate-200 px-3 py-2 text-left align-top";

export default function LeadManagementPage() {
  return (
    <DocsPage
      path="/docs/lead-management"
      title="Lead Management"
      intro="Every lead gets a score out of 10 and a priority, so you know who to call first. This guide explains how the score is calculated and how to work your leads."
    >
      <h2>How a lead is scored</h2>
      <p>
        The chatbot rates four factors from the visitor's answers, each on a scale of 10, 8, 6 or 4, and combines them
        with these weights:
      </p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Points per factor (scrollable)">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Points per factor</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={cell}>
                Factor (weight)
              </th>
              <th scope="col" className={cell}>
                10 points
              </th>
              <th scope="col" className={cell}>
                8 points
              </th>
              <th scope="col" className={cell}>
                6 points
              </th>
              <th scope="col" className={cell}>
                4 points
              </th>
            </tr>
          </thead>
          <tbody>
            {FACTORS.map((row) => (
              <tr key={row.factor}>
                <th scope="row" className={`${cell} font-semibold text-slate-900`}>
                  {row.factor}
                </th>
                <td className={cell}>{row.ten}</td>
                <td className={cell}>{row.eight}</td>
                <td className={cell}>{row.six}</td>
                <td className={cell}>{row.four}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <strong>Score = 0.30 × size + 0.25 × frequency + 0.25 × budget + 0.20 × timeline</strong>, rounded to one decimal,
        so every score is between 4.0 and 10.0. A factor the visitor did not answer counts as 4 and the lead is marked
        incomplete. Four or more visits a week counts as daily.
      </p>
      <h3>How the budget is judged</h3>
      <p>
        The chatbot estimates the expected monthly cost as building size × your market price (per 1,000 sq ft per visit,
        set in the chatbot settings, default $10) × visits a month: daily 22, 2–3 times a week 10.8, weekly 4.33,
        bi-weekly 2.17. A budget more than 10% above that is <em>above market</em>, within ±10% is <em>at market</em>, and
        more than 10% below is <em>below market</em>.
      </p>
      <h3>An example</h3>
      <p>
        A 30,000 sq ft office (8), cleaned three times a week (8), with a budget of $4,000 a month against an expected
        $3,240 (above market, 10), starting within 30 days (8): 0.30 × 8 + 0.25 × 8 + 0.25 × 10 + 0.20 × 8 = 8.5, a High
        priority lead.
      </p>

      <h2>Priority bands</h2>
      <ul>
        <li>
          <strong>High (8–10)</strong>: needs immediate follow-up. Respond within 1 hour.
        </li>
        <li>
          <strong>Medium (6–7.9)</strong>: follow up within 24 hours; we advise responding within 4 hours.
        </li>
        <li>
          <strong>Low (below 6)</strong>: follow up within 48 hours; we advise responding within 24 hours.
        </li>
      </ul>
      <p>
        Each new lead gets a follow-up reminder due after the advised response time: 1 hour for High, 4 hours for Medium
        and 24 hours for Low.
      </p>

      <h2>Lead statuses</h2>
      <p>Move each lead through the stages as you work it. Every change is kept in the lead's history.</p>
      <ol>
        <li>
          <strong>New</strong>: just captured by the chatbot (or added by hand).
        </li>
        <li>
          <strong>Contacted</strong>: you have called or e-mailed.
        </li>
        <li>
          <strong>Qualified</strong>: a real opportunity that fits your crews.
        </li>
        <li>
          <strong>Proposal</strong>: a quote or proposal has been sent.
        </li>
        <li>
          <strong>Won</strong> or <strong>Lost</strong>: the outcome.
        </li>
      </ol>

      <h2>Working your leads</h2>
      <ul>
        <li>New leads appear live on the dashboard and the Leads page, with a notification.</li>
        <li>Filter by priority and status, search by name, company, e-mail or phone, and sort by score or date.</li>
        <li>Open a lead to see the answers, the score, the notes, the reminders and the whole conversation replay.</li>
        <li>Add notes, set reminders, change the status and send e-mails from the lead itself.</li>
        <li>Support staff can work leads and conversations; only owners change billing and settings.</li>
      </ul>
      <p>
        Want follow-up to run on its own? Automations answer high-priority leads immediately and nurture the rest. See
        the{" "}
        <Link to="/features#automation" className={textLink}>
          features
        </Link>{" "}
        page.
      </p>
    </DocsPage>
  );
}
