import { describe, expect, it } from "vitest";
import { onboardingChecklist, type OnboardingFacts } from "./checklist.ts";
import { validateInstallInstructions } from "../shared/onboarding/install-instructions.ts";
import { emailText } from "../mail/templates/email-content.ts";
import { installInstructionsEmail } from "../mail/templates/templates.ts";

const fresh: OnboardingFacts = {
  profileComplete: false,
  allowedOrigins: [],
  isActive: true,
  snippetSharedAt: null,
  installedAt: null,
  installedOrigin: null,
  testedAt: null,
  hasLead: false,
  dismissedAt: null,
};

describe("first-run checklist", () => {
  it("starts with nothing done, tells an active chatbot without origins that any site can show it", () => {
    const checklist = onboardingChecklist(fresh);
    expect(checklist.steps.map((s) => [s.key, s.done])).toEqual([
      ["profile", false],
      ["origins", false],
      ["snippet", false],
      ["verify", false],
      ["test", false],
      ["lead", false],
    ]);
    expect(checklist.steps[1]!.description).toContain("any website");
    expect(checklist).toMatchObject({ doneCount: 0, complete: false, visible: true });
    expect(checklist.steps.map((s) => s.href)).toEqual([
      "/app/settings/profile",
      "/app/chatbot?tab=installation#allowed-origins",
      "/app/chatbot?tab=installation#snippet",
      "/app/chatbot?tab=installation#verify",
      "/test-chatbot",
      "/app/leads",
    ]);
  });

  it("an installation seen on the site also counts the snippet as installed, and names the origin", () => {
    const checklist = onboardingChecklist({ ...fresh, installedAt: new Date(), installedOrigin: "https://brightpath.example" });
    expect(checklist.steps.filter((s) => s.done).map((s) => s.key)).toEqual(["snippet", "verify"]);
    expect(checklist.steps[3]!.description).toBe("Your chatbot loaded on https://brightpath.example.");
  });

  it("is hidden once complete or dismissed", () => {
    const all = { ...fresh, profileComplete: true, allowedOrigins: ["https://a.example"], snippetSharedAt: new Date(), installedAt: new Date(), testedAt: new Date(), hasLead: true };
    expect(onboardingChecklist(all)).toMatchObject({ doneCount: 6, complete: true, visible: false });
    expect(onboardingChecklist({ ...fresh, dismissedAt: new Date() })).toMatchObject({ dismissed: true, visible: false });
  });
});

describe("installation instructions e-mail", () => {
  it("needs a valid address and keeps notes short", () => {
    expect(validateInstallInstructions({ to: "" })).toMatchObject({ ok: false, fields: { to: "Please enter your web person's email address" } });
    expect(validateInstallInstructions({ to: "web@" })).toMatchObject({ ok: false, error: "Invalid email address" });
    expect(validateInstallInstructions({ to: "a@b.example", note: "x".repeat(1001) })).toMatchObject({ ok: false });
    expect(validateInstallInstructions({ to: " Web@Agency.Example ", note: " thanks " })).toEqual({ ok: true, value: { to: "web@agency.example", note: "thanks" } });
  });

  it("carries the snippet, the sender and the allowed website", () => {
    const content = installInstructionsEmail({
      brand: { name: "BrightPath" },
      unsubscribeUrl: "https://app.example/unsubscribe/t",
      senderName: "Dana Owner",
      snippet: '<script src="https://app.example/widget.js" data-site-key="k" async></script>',
      allowedOrigins: ["https://brightpath.example"],
      note: "Footer please",
    });
    const email = { subject: content.subject, text: emailText(content) };
    expect(email.subject).toBe("Please add BrightPath's chat assistant to the website");
    expect(email.text).toContain('<script src="https://app.example/widget.js" data-site-key="k" async></script>');
    expect(email.text).toContain("Dana Owner of BrightPath");
    expect(email.text).toContain("on https://brightpath.example");
    expect(email.text).toContain("Their note: Footer please");
  });
});
