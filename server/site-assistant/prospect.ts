// A site-assistant prospect as a lead of the operator's business (decision 0063). The cleaning score
// (building size, frequency, budget, timeline) means nothing for a company buying software, so a
// prospect is scored on its own fit, out of 10 with the same priority bands (High 8–10, Medium 6–7.9,
// Low under 6) and one decimal:
//   company size 50% (just me 4, 2–10 people 6, 11–50 people 8, more than 50 people 10),
//   what it cleans 30% (commercial buildings 10, commercial and homes 8, homes only 4),
//   a website 20% (one given 10, none 4: the chat needs a website to live on).
// An unanswered factor counts 4 and the lead is marked incomplete, as in DESIGN §4. The factors and
// their points are written in the lead's note; the four cleaning factor columns keep their
// "not answered" points.
import { MISSING_POINTS, priorityFor, type ScoreResult } from "../shared/scoring/score.ts";
import { COMPANY_SIZE_LABELS, type CompanySize, type SiteState, type Topic } from "./engine.ts";

export const PROSPECT_WEIGHTS = { size: 50, fit: 30, website: 20 } as const;

const SIZE_POINTS: Record<CompanySize, number> = { solo: 4, small: 6, medium: 8, large: 10 };

const COMMERCIAL = /\b(?:office|offices|commercial|janitorial|medical|clinic|dental|hospital|school|schools|universit|college|warehouse|industrial|factory|retail|store|shop|restaurant|hotel|gym|church|bank|facilit|building|buildings|property|properties|post[- ]construction|government|airport|data cent)/i;
const RESIDENTIAL = /\b(?:home|homes|house|houses|residential|apartment|apartments|condo|airbnb|vacation rental|move[- ]?(?:in|out)|maid)/i;

/** 10 commercial, 8 both, 4 homes only; null when the answer names neither. */
export function fitPoints(cleans: string): number | null {
  const commercial = COMMERCIAL.test(cleans);
  const residential = RESIDENTIAL.test(cleans);
  if (commercial && residential) return 8;
  if (commercial) return 10;
  if (residential) return 4;
  return null;
}

export type ProspectScore = ScoreResult & { factors: { size: number; fit: number; website: number } };

export function scoreProspect(state: Pick<SiteState, "answers">): ProspectScore {
  const a = state.answers;
  const sizeAnswered = a.companySize !== undefined;
  const fitAnswered = a.cleans !== undefined ? fitPoints(a.cleans) : null;
  const websiteAnswered = a.website !== undefined || a.noWebsite === true;
  const size = a.companySize ? SIZE_POINTS[a.companySize] : MISSING_POINTS;
  const fit = fitAnswered ?? MISSING_POINTS;
  const website = a.website ? 10 : MISSING_POINTS;
  const score = Math.round(((PROSPECT_WEIGHTS.size * size + PROSPECT_WEIGHTS.fit * fit + PROSPECT_WEIGHTS.website * website) / 100) * 10) / 10;
  return {
    score,
    priority: priorityFor(score),
    incomplete: !sizeAnswered || fitAnswered === null || !websiteAnswered,
    sizePoints: MISSING_POINTS,
    frequencyPoints: MISSING_POINTS,
    budgetPoints: MISSING_POINTS,
    timelinePoints: MISSING_POINTS,
    budgetBand: null,
    expectedMonthlyCents: null,
    factors: { size, fit, website },
  };
}

const TOPIC_LABELS: Record<Topic, string> = {
  plans: "plans and prices",
  trial: "the free trial",
  install: "installation",
  features: "features",
  person: "talking to a person",
  bot: "whether this is a bot",
  cleaning_request: "getting a cleaning service",
  off_topic: "other questions",
};

/** The lead's note: the prospect's answers and how they were scored, as the team reads them. */
export function prospectNote(state: SiteState, scored: ProspectScore): string {
  const a = state.answers;
  const size = a.companySize ? `${COMPANY_SIZE_LABELS[a.companySize]}${a.companyPeople ? ` (${a.companyPeople} said)` : ""}` : "not given";
  return [
    "Prospect from LeadBroom's site assistant.",
    `Company size: ${size}`,
    `Website: ${a.website ?? (a.noWebsite ? "none yet" : "not given")}`,
    `Cleans: ${a.cleans ?? "not given"}`,
    `Asked about: ${state.topics.length > 0 ? state.topics.map((t) => TOPIC_LABELS[t]).join(", ") : "nothing"}`,
    `Fit score ${scored.score}: company size ${scored.factors.size}/10 (${PROSPECT_WEIGHTS.size}%), what they clean ${scored.factors.fit}/10 (${PROSPECT_WEIGHTS.fit}%), website ${scored.factors.website}/10 (${PROSPECT_WEIGHTS.website}%).`,
  ].join("\n");
}
