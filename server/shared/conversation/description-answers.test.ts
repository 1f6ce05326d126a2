// Questions answered from the owner's business description: only sentences that match are quoted.
import { describe, expect, it } from "vitest";
import { answerFromDescription } from "./description-answers.ts";

const DESCRIPTION =
  "Sparkle Commercial Cleaning has served Greater Boston since 2009. We are fully licensed, bonded and insured. " +
  "All of our cleaners are background-checked and trained in-house. We use green, non-toxic products and bring all our own supplies and equipment. " +
  "Evening and weekend cleaning is available at no extra charge.";

const INSURED = "We are fully licensed, bonded and insured.";
const STAFF = "All of our cleaners are background-checked and trained in-house.";
const PRODUCTS = "We use green, non-toxic products and bring all our own supplies and equipment.";
const WEEKENDS = "Evening and weekend cleaning is available at no extra charge.";

describe("answerFromDescription", () => {
  it.each([
    ["Are you insured and bonded?", INSURED],
    ["are you insured?", INSURED],
    ["Do you have liability insurance?", INSURED],
    ["Are you licensed", INSURED],
    ["Are your staff background checked?", STAFF],
    ["Are your cleaners vetted?", STAFF],
    ["Do you use eco-friendly products?", PRODUCTS],
    ["Are your chemicals non-toxic?", PRODUCTS],
    ["Do I need to provide supplies?", PRODUCTS],
    ["Can you clean on Saturdays?", WEEKENDS],
    ["How many years have you been around?", "Sparkle Commercial Cleaning has served Greater Boston since 2009."],
    ["Do you clean in the evenings?", WEEKENDS],
    ["Are your cleaners trained and insured?", `${INSURED} ${STAFF}`],
  ])("%j → %j", (question, answer) => {
    expect(answerFromDescription(question, DESCRIPTION)).toBe(answer);
  });

  it.each(["Who am I talking to?", "Do you have a parking garage?", "Can you do a site visit?"])(
    "quotes nothing for a question the description does not cover: %j",
    (question) => {
      expect(answerFromDescription(question, DESCRIPTION)).toBe("");
    },
  );

  it("quotes nothing without a description", () => {
    expect(answerFromDescription("Are you insured?", null)).toBe("");
    expect(answerFromDescription("Are you insured?", "  ")).toBe("");
  });

  it("matches a distinctive word of a question without a known topic", () => {
    expect(answerFromDescription("Do you clean aquariums?", "We clean offices. We also look after aquariums and fish tanks.")).toBe(
      "We also look after aquariums and fish tanks.",
    );
  });
});
