// The three tutorials: real flows through the running product, each written as the steps a viewer
// sees, with the caption that explains each step. They run in order on one fresh database: the first
// creates the business and installs its snippet on a website, the second brings a lead through that
// website's chat, the third works that lead.
import type { Page } from "playwright-core";
import type { Director } from "./director.ts";

export type Stage = { appUrl: string; siteUrl: () => string; startSite(siteKey: string): Promise<void>; siteKey(email: string): Promise<string> };

export type Flow = {
  id: string;
  title: string;
  text: string;
  guide: { to: string; title: string };
  /** Where the page is before recording starts (not recorded). */
  before(page: Page, stage: Stage): Promise<void>;
  run(d: Director, stage: Stage): Promise<void>;
};

export const OWNER = { business: "BrightPath Facility Services", name: "Maria Lopez", email: "maria@brightpath.example", password: "CleanFloors1" };
const LEAD = { name: "Daniel Brooks", company: "Brooks Dental Group", contact: "daniel@brooksdental.example" };

const WAIT = { timeout: 30_000 };

export const FLOWS: Flow[] = [
  {
    id: "install-snippet",
    title: "Install the Chat Widget on Your Website",
    text: "Create your account, add your website and paste the snippet: the chat shows on your site.",
    guide: { to: "/docs/getting-started", title: "Getting Started" },
    async before(page, stage) {
      await page.goto(`${stage.appUrl}/register`);
    },
    async run(d, stage) {
      const { page } = d;
      await d.say("Start your free trial: your business name, your name, e-mail and a password.");
      await d.type(page.getByLabel("Business Name"), OWNER.business);
      await d.type(page.getByLabel("Your name"), OWNER.name);
      await d.type(page.getByLabel("Email"), OWNER.email);
      await d.type(page.getByLabel("Password", { exact: true }), OWNER.password);
      await d.type(page.getByLabel("Confirm Password"), OWNER.password);
      await d.click(page.getByRole("checkbox"));
      await d.click(page.getByRole("button", { name: "Create Account" }));
      await page.waitForURL(`${stage.appUrl}/app/dashboard`, WAIT);
      const checklist = page.getByRole("region", { name: "Get your chatbot live" });
      await checklist.waitFor(WAIT);
      await d.say("Your dashboard lists what is left to get the chatbot live.");
      await d.show(checklist);
      await stage.startSite(await stage.siteKey(OWNER.email));
      const origin = new URL(stage.siteUrl()).origin;
      await d.say("Add your website's address, so only your own site can show your chat.");
      await d.click(checklist.locator('li[data-step="origins"]').getByRole("link", { name: "Add your website" }));
      await page.waitForURL(/tab=installation/, WAIT);
      await d.type(page.getByLabel("Allowed origins"), origin);
      await d.click(page.getByRole("button", { name: "Save allowed origins" }));
      await page.getByText("Allowed origins saved.").waitFor(WAIT);
      await d.say("Copy the snippet and paste it into your site, just before the closing </body> tag.");
      await d.click(page.getByRole("button", { name: "Copy code" }));
      await page.getByText("Code copied to clipboard!").waitFor(WAIT);
      await d.pause(1500);
      await d.say("Your website now shows the chat button.");
      await page.goto(stage.siteUrl());
      await d.point(page.getByRole("button", { name: "Open chat" }));
      await d.pause(1500);
      await d.say("Back on the dashboard, the installation is verified.");
      await page.goto(`${stage.appUrl}/app/dashboard`);
      const verify = page.locator('[data-testid="onboarding"] li[data-step="verify"]');
      await verify.waitFor(WAIT);
      await d.show(verify);
      await page.waitForFunction(() => document.querySelector('[data-testid="onboarding"] li[data-step="verify"]')?.getAttribute("data-done") === "true", null, WAIT);
    },
  },
  {
    id: "visitor-to-lead",
    title: "A Website Visitor Becomes a Lead",
    text: "A visitor chats on your site, the chatbot qualifies and scores them, and the lead is in your workspace.",
    guide: { to: "/docs/chatbot-configuration", title: "Chatbot Configuration" },
    async before(page, stage) {
      await page.goto(stage.siteUrl());
    },
    async run(d, stage) {
      const { page } = d;
      const log = page.getByRole("log", { name: "Messages" });
      const input = page.getByRole("textbox", { name: "Type your message" });
      const send = async (text: string) => {
        await d.type(input, text);
        await input.press("Enter");
      };
      await d.say("A visitor on your website opens the chat.");
      await d.click(page.getByRole("button", { name: "Open chat" }));
      await page.getByRole("dialog", { name: `Chat with ${OWNER.business}` }).waitFor(WAIT);
      await d.say("The chatbot asks what the visitor needs. Quick replies make answering easy.");
      await d.click(page.getByRole("button", { name: "Regular Commercial Cleaning", exact: true }));
      await page.getByRole("button", { name: "Over 50,000 sq ft", exact: true }).waitFor(WAIT);
      await d.say("One message in the visitor's own words can answer several questions at once.");
      await send("about 12k sq ft, twice a week, $1,500 a month, within 30 days");
      await log.getByText(/your name/i).first().waitFor(WAIT);
      await d.say("Then it asks for a name, the company and an e-mail address or phone number.");
      await send(LEAD.name);
      await log.getByText(/company/i).first().waitFor(WAIT);
      await send(LEAD.company);
      await log.getByText(/email or phone/i).first().waitFor(WAIT);
      await send(LEAD.contact);
      await d.pause(2500);
      await d.say("You get the lead at once, scored and prioritised, in Leads.");
      await page.goto(`${stage.appUrl}/app/leads`);
      const row = page.getByRole("link", { name: LEAD.name }).first();
      await row.waitFor(WAIT);
      await d.point(row);
      await d.pause(2000);
    },
  },
  {
    id: "work-a-lead",
    title: "Work a Lead from First Contact to Won",
    text: "Read why a lead scored as it did, update its status, add notes and set a follow-up reminder.",
    guide: { to: "/docs/lead-management", title: "Lead Management" },
    async before(page, stage) {
      await page.goto(`${stage.appUrl}/app/leads`);
      await page.getByRole("link", { name: LEAD.name }).first().waitFor(WAIT);
    },
    async run(d) {
      const { page } = d;
      await d.say("Open a lead from your Leads list.");
      await d.click(page.getByRole("link", { name: LEAD.name }).first());
      await page.getByRole("heading", { level: 1, name: LEAD.name }).waitFor(WAIT);
      await d.say("The lead page shows the contact details, the answers and why the lead got its score.");
      await d.pause(1500);
      const status = page.getByRole("region", { name: "Status", exact: true });
      await d.say("After your first call, move the lead to Contacted.");
      await d.choose(status.getByLabel("Move to"), "contacted");
      await d.click(status.getByRole("button", { name: "Update status" }));
      await status.getByRole("status").getByText("Status updated.").waitFor(WAIT);
      const notes = page.getByRole("region", { name: "Add a note" });
      await d.say("Keep what you learned as a note for your team.");
      await d.type(notes.getByLabel("Note", { exact: true }), "Wants a walkthrough on Tuesday. Two floors, 14 rooms.");
      await d.click(notes.getByRole("button", { name: "Add note" }));
      await notes.getByText("Note added.").waitFor(WAIT);
      const reminders = page.getByRole("region", { name: "Follow-up reminders" });
      await d.say("Set a follow-up reminder, so the lead is never forgotten.");
      await d.type(reminders.getByLabel("What to do"), "Send the walkthrough summary and quote");
      await d.click(reminders.getByRole("button", { name: "Add reminder" }));
      await reminders.getByText("Reminder created.").waitFor(WAIT);
      await d.say("When the deal is signed, mark the lead Won with its value.");
      await d.show(status);
      await d.choose(status.getByLabel("Move to"), "won");
      await d.type(status.getByLabel("Deal value (USD, required for Won)"), "1,500");
      await d.click(status.getByRole("button", { name: "Update status" }));
      const history = page.getByRole("region", { name: "History" });
      await history.getByText(/to Won \(deal value \$1,500\)/).waitFor(WAIT);
      await d.say("Every change is kept in the lead's history.");
      await d.show(history);
      await d.pause(1500);
    },
  },
];
