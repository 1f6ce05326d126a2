// The first-run checklist of the dashboard (issue 14): what a new owner does to get a first lead, each
// step derived from stored facts (server/onboarding/checklist.server.ts), never from the browser. Pure.

export type OnboardingFacts = {
  /** The business profile has a contact (e-mail or phone) and at least one service area. */
  profileComplete: boolean;
  allowedOrigins: string[];
  isActive: boolean;
  snippetSharedAt: Date | null;
  installedAt: Date | null;
  installedOrigin: string | null;
  testedAt: Date | null;
  hasLead: boolean;
  dismissedAt: Date | null;
};

export type OnboardingStepKey = "profile" | "origins" | "snippet" | "verify" | "test" | "lead";

export type OnboardingStep = {
  key: OnboardingStepKey;
  title: string;
  /** What to do (not done yet) or what was seen (done). */
  description: string;
  done: boolean;
  /** Where the step is done in the workspace. */
  href: string;
  action: string;
  /** The Test Chatbot page opens in its own window. */
  external?: true;
};

export type Onboarding = {
  steps: OnboardingStep[];
  doneCount: number;
  complete: boolean;
  dismissed: boolean;
  /** Shown on the dashboard: neither complete nor dismissed. */
  visible: boolean;
};

export const INSTALLATION_HREF = "/app/chatbot?tab=installation";

export function onboardingChecklist(facts: OnboardingFacts): Onboarding {
  const installed = facts.installedAt !== null;
  const steps: OnboardingStep[] = [
    {
      key: "profile",
      title: "Complete your business profile",
      description: facts.profileComplete
        ? "Your contact details and service areas are set; the chatbot uses them to answer visitors."
        : "Add your e-mail or phone and the areas you serve: the chatbot uses them to answer visitors.",
      done: facts.profileComplete,
      href: "/app/settings/profile",
      action: "Open Business Profile",
    },
    {
      key: "origins",
      title: "Add your website's address",
      description:
        facts.allowedOrigins.length > 0
          ? `Your chatbot runs only on ${facts.allowedOrigins.join(", ")}.`
          : "Your chatbot is active and, until you add your website's address, any website with your snippet can show it.",
      done: facts.allowedOrigins.length > 0,
      href: `${INSTALLATION_HREF}#allowed-origins`,
      action: "Add your website",
    },
    {
      key: "snippet",
      title: "Install the snippet on your website",
      description:
        facts.snippetSharedAt !== null || installed
          ? "The snippet has been copied or sent to your web person."
          : "Copy one line of code into your website, or e-mail the instructions to the person who runs it.",
      done: facts.snippetSharedAt !== null || installed,
      href: `${INSTALLATION_HREF}#snippet`,
      action: "Get the snippet",
    },
    {
      key: "verify",
      title: "Verify the installation",
      description: installed
        ? facts.installedOrigin
          ? `Your chatbot loaded on ${facts.installedOrigin}.`
          : "Your chatbot has loaded on your website."
        : "Open any page of your website: this ticks itself the first time your chatbot loads there.",
      done: installed,
      href: `${INSTALLATION_HREF}#verify`,
      action: "Check the installation",
    },
    {
      key: "test",
      title: "Test your chatbot",
      description:
        facts.testedAt !== null
          ? "You have tried your chatbot as a visitor would."
          : "Chat with it as a visitor would; test conversations and leads are kept apart from real ones.",
      done: facts.testedAt !== null,
      href: "/test-chatbot",
      action: "Open Test Chatbot",
      external: true,
    },
    {
      key: "lead",
      title: "Get your first lead",
      description: facts.hasLead
        ? "Your first lead is in. Work it from the Leads page."
        : "When a visitor leaves their details, the lead appears here and in Leads, scored out of 10.",
      done: facts.hasLead,
      href: "/app/leads",
      action: "Open Leads",
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  const complete = doneCount === steps.length;
  const dismissed = facts.dismissedAt !== null;
  return { steps, doneCount, complete, dismissed, visible: !complete && !dismissed };
}
