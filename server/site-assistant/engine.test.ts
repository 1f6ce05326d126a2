import { describe, expect, it } from "vitest";
import { PLAN_NAMES, PLANS } from "../shared/billing/plans.ts";
import { TRIAL_DAYS } from "../shared/billing/subscription.ts";
import { formatUsd } from "../shared/format/intl.ts";
import { FEATURE_SECTIONS, PRICING_FAQ, widgetSnippet } from "../shared/public-site/site-content.ts";
import { detectTopic, handleSiteMessage, newSiteState, parseCompanySize, parseName, parseWebsite, restoreSiteState, siteWelcome, type SiteState, type SiteTurn } from "./engine.ts";
import { scoreProspect, prospectNote } from "./prospect.ts";

const content = { appUrl: "https://app.leadbroom.test" };

function play(messages: string[], state: SiteState = newSiteState()) {
  const turns: SiteTurn[] = [];
  for (const text of messages) {
    const turn = handleSiteMessage(state, text, content);
    turns.push(turn);
    state = turn.state;
  }
  return { state, turns, last: turns.at(-1)!, text: (i: number) => turns[i]!.replies.map((r) => r.text).join("\n") };
}

describe("site assistant: intents", () => {
  it.each([
    ["I want to know about your plans", "plans"],
    ["how much does it cost?", "plans"],
    ["What's the price of Pro", "plans"],
    ["is there a free trial", "trial"],
    ["do I need a credit card?", "trial"],
    ["how do I install it on wordpress?", "install"],
    ["where do I put the script tag", "install"],
    ["what features do you have", "features"],
    ["how does lead scoring work?", "features"],
    ["can I talk to a person", "person"],
    ["are you a bot?", "bot"],
    ["we need someone to clean our office", "cleaning_request"],
    ["what's the capital of France?", "off_topic"],
  ])("%s → %s", (text, topic) => {
    expect(detectTopic(text)).toBe(topic);
  });

  it("plain answers are not questions", () => {
    for (const text of ["about 25 people", "brightclean.com", "offices and schools", "Dana Reyes", "dana@brightclean.com"]) {
      expect(detectTopic(text)).toBeUndefined();
    }
  });
});

describe("site assistant: answers come from the site's own content", () => {
  it("the plans answer names every plan at the catalogue's monthly and annual prices", () => {
    const reply = play(["I want to know about your plans"]).text(0);
    for (const name of PLAN_NAMES) {
      expect(reply).toContain(`${name} ${formatUsd(PLANS[name].monthlyCents)}/month`);
      expect(reply).toContain(formatUsd(PLANS[name].annualMonthlyCents));
    }
    expect(reply).toContain(`${TRIAL_DAYS}-day free trial`);
    expect(reply).not.toContain("type of cleaning");
  });

  it("a named plan gets its price, its limit and its features from the catalogue", () => {
    const reply = play(["how much is Enterprise?"]).text(0);
    expect(reply).toContain(formatUsd(PLANS.Enterprise.monthlyCents));
    expect(reply).toContain(formatUsd(PLANS.Enterprise.annualMonthlyCents));
    for (const feature of PLANS.Enterprise.features) expect(reply).toContain(feature);
    expect(reply).not.toContain(formatUsd(PLANS.Starter.monthlyCents));
  });

  it("the trial, cancelling and over-the-limit answers are the pricing FAQ's words", () => {
    const faq = (q: string) => PRICING_FAQ.find((item) => item.q.startsWith(q))!.a;
    expect(play(["do you have a free trial?"]).text(0)).toContain(faq("Do I need a credit card").replace(/^No\. /, ""));
    expect(play(["can I cancel anytime?"]).text(0)).toContain(faq("Can I cancel"));
    expect(play(["what if I go over my lead limit?"]).text(0)).toContain(faq("What happens if I go over"));
  });

  it("the install answer gives the snippet with the app's address and the getting-started guide's steps", () => {
    const reply = play(["how do I install it?"]).text(0);
    expect(reply).toContain(widgetSnippet(content.appUrl));
    expect(reply).toContain("</body>");
  });

  it("features: the features page's sections, or the one asked about", () => {
    const all = play(["what features do you have?"]).text(0);
    for (const section of FEATURE_SECTIONS.slice(1)) expect(all).toContain(section.title);
    const outreach = play(["tell me about cold outreach features"]).text(0);
    expect(outreach).toContain(FEATURE_SECTIONS.find((s) => s.id === "cold-outreach")!.text);
  });

  it("the pricing FAQ's annual answer is made from the catalogue", () => {
    const annual = PRICING_FAQ.find((item) => item.q.startsWith("How much do I save"))!.a;
    expect(annual).toBe(
      `Annual billing saves 20%: Starter is ${formatUsd(PLANS.Starter.annualMonthlyCents)} instead of ${formatUsd(PLANS.Starter.monthlyCents)} a month, ` +
        `Pro ${formatUsd(PLANS.Pro.annualMonthlyCents)} instead of ${formatUsd(PLANS.Pro.monthlyCents)} and Enterprise ${formatUsd(PLANS.Enterprise.annualMonthlyCents)} instead of ${formatUsd(PLANS.Enterprise.monthlyCents)}, billed once a year.`,
    );
  });
});

describe("site assistant: qualification", () => {
  it("opens as LeadBroom's assistant and asks the company's size, not the type of cleaning", () => {
    const [hello, question] = siteWelcome();
    expect(hello!.text).toContain("LeadBroom's assistant");
    expect(question!.text).toContain("how big is your cleaning company");
  });

  it("answers a question, then steers back to the question it was on", () => {
    const { turns } = play(["I want to know about your plans", "about 25 people", "how do I install it?"]);
    expect(turns[0]!.replies.at(-1)!.text).toContain("how big is your cleaning company");
    expect(turns[0]!.state.step).toBe("company_size");
    expect(turns[2]!.replies.at(-1)!.text).toContain("What's your company's website?");
    expect(turns[2]!.state.step).toBe("website");
  });

  it("a full conversation captures the prospect once, with every answer", () => {
    const { state, turns, text } = play([
      "hi, what are your prices?",
      "about 25 people",
      "www.BrightClean.com",
      "offices and medical clinics",
      "Dr. Priya Nair",
      "priya@brightclean.com",
      "do you offer a free trial?",
    ]);
    expect(turns.filter((t) => t.captured)).toHaveLength(1);
    expect(turns[5]!.captured).toBe(true);
    expect(text(4)).toContain("Nice to meet you, Priya!");
    expect(text(5)).toContain("priya@brightclean.com");
    expect(state.answers).toEqual({
      companySize: "medium",
      companyPeople: 25,
      website: "https://www.brightclean.com",
      cleans: "offices and medical clinics",
      name: "Dr. Priya Nair",
      email: "priya@brightclean.com",
    });
    expect(state.topics).toEqual(["plans", "trial"]);
    expect(state.completed).toBe(true);
  });

  it("skips, asks once more what it did not understand, and never skips the e-mail", () => {
    const { state, turns } = play(["Skip", "no website yet", "...", "--", "Dana", "skip", "call me on (555) 123-4567"]);
    expect(state.skipped).toEqual(["company_size", "cleans"]);
    expect(state.answers.noWebsite).toBe(true);
    expect(turns[2]!.replies[0]!.text).toMatch(/didn't catch/);
    expect(turns[5]!.state.step).toBe("email");
    expect(turns[6]!.captured).toBe(true);
    expect(state.answers.phone).toBe("(555) 123-4567");
  });

  it("takes facts given early and does not ask for them again", () => {
    const { turns } = play(["We're 8 people, site is sparkle.io, reach me at kim@sparkle.io"]);
    expect(turns[0]!.state.answers).toMatchObject({ companySize: "small", website: "https://sparkle.io", email: "kim@sparkle.io" });
    expect(turns[0]!.state.step).toBe("cleans");
  });

  it("a state it cannot read starts afresh", () => {
    expect(restoreSiteState({ version: 1, step: "service_type", answers: {} })).toEqual(newSiteState());
    const state = play(["Just me"]).state;
    expect(restoreSiteState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it.each([
    ["just me", "solo"],
    ["2-10 people", "small"],
    ["around a dozen cleaners", "medium"],
    ["3 crews of 4", "medium"],
    ["about 120 employees", "large"],
    ["More than 50 people", "large"],
  ])("company size %s → %s", (text, size) => {
    expect(parseCompanySize(text)?.size).toBe(size);
  });

  it("reads websites and names", () => {
    expect(parseWebsite("it's https://clean-co.co.uk/home.")).toBe("https://clean-co.co.uk/home");
    expect(parseWebsite("jo@clean.com")).toBeNull();
    expect(parseName("my name is dana reyes")).toBe("Dana Reyes");
    expect(parseName("ok")).toBeNull();
  });
});

describe("site assistant: prospect score", () => {
  it("scores a SaaS prospect on size, fit and website with the usual priority bands", () => {
    const good = scoreProspect({ answers: { companySize: "medium", website: "https://a.com", cleans: "offices" } });
    expect(good).toMatchObject({ score: 9, priority: "high", incomplete: false, factors: { size: 8, fit: 10, website: 10 } });
    const homes = scoreProspect({ answers: { companySize: "solo", noWebsite: true, cleans: "houses" } });
    expect(homes).toMatchObject({ score: 4, priority: "low", incomplete: false });
    const unknown = scoreProspect({ answers: {} });
    expect(unknown).toMatchObject({ score: 4, priority: "low", incomplete: true });
  });

  it("the note tells the team the answers and the score's parts", () => {
    const { state } = play(["11–50 people", "brightclean.com", "schools", "Dana", "dana@brightclean.com"]);
    const note = prospectNote(state, scoreProspect(state));
    expect(note).toContain("Company size: 11–50 people");
    expect(note).toContain("Website: https://brightclean.com");
    expect(note).toContain("Cleans: schools");
    expect(note).toContain("Fit score 9");
  });
});
