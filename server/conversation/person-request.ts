// "Can I talk to a person?" (live takeover, DESIGN §14): a visitor asking for a human, by the quick reply
// or in their own words. Deliberately narrow, so an answer that mentions people ("20 people work
// here") is not taken for a request, nor is "am I talking to a real person or a bot?" (a question
// about the bot, answered truthfully by the engine). The reply is honest about when someone will
// answer: "shortly" only when a team member is online during office hours.
import { afterHoursText } from "../shared/conversation/after-hours.ts";
import { formatClock, isWithinBusinessHours, parseClock } from "../shared/conversation/business-hours.ts";
import { timeZoneLabel } from "../shared/time/calendar.ts";
import { resumeQualification } from "./engine.ts";
import { asksAboutBot } from "./parser.ts";
import type { BotReply, BusinessProfile, EngineState } from "../shared/conversation/types.ts";

/** The quick reply the widget offers for it. */
export const TALK_TO_PERSON = "Talk to a person";

const REQUEST =
  /\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:a|an|some|the|your)?\s*(?:real\s+|live\s+)?(?:human|person|people|someone|somebody|agent|representative|rep|operator|manager|staff|team|one of you)\b|\b(?:real|live|actual)\s+(?:human|person|agent)\b|\bhuman\s+(?:please|agent)\b|\b(?:can|could)\s+(?:someone|somebody|a person)\s+(?:call|help|contact)\s+me\b|\bcall me (?:now|right now|asap)\b|^\s*(?:human|agent|operator|representative)\s*[.!?]*\s*$/i;

export function asksForPerson(text: string): boolean {
  if (text.trim().toLowerCase() === TALK_TO_PERSON.toLowerCase()) return true;
  const t = text.normalize("NFKC").replace(/[\u2018\u2019]/g, "'");
  // "Is this a real person or a bot?" is a question, not a request ("I want a real person" is one).
  if (asksAboutBot(t) && !/\b(?:want|need|like|let me|can i|could i|may i|get me|connect me|put me through)\b/i.test(t)) return false;
  return REQUEST.test(t);
}

/**
 * What the visitor is told after asking for a person: someone joins (a team member online in office
 * hours), or when the team will reply (nobody online, or the office closed) — never "shortly" then.
 */
export function personRequestNotice(profile: BusinessProfile, now: Date, online: boolean): string {
  const biz = profile.businessName;
  const open = isWithinBusinessHours(profile.hours, profile.timeZone, now);
  if (online && open) return `I've asked the ${biz} team to join this chat. Someone will be with you shortly.`;
  const closes = parseClock(profile.hours.end);
  const until = closes === null ? "" : ` before ${formatClock(closes)} (${timeZoneLabel(now, profile.timeZone)})`;
  if (online) {
    return [
      `I've let the ${biz} team know you'd like to talk to a person, and anyone who is free will join this chat.`,
      afterHoursText(profile.afterHoursMessage, profile.hours, profile.timeZone, now),
    ]
      .filter(Boolean)
      .join(" ");
  }
  if (open) {
    return `Nobody from the ${biz} team is free to chat right now. I've let them know you'd like to talk to a person, and they'll get back to you today${until}.`;
  }
  return [`Nobody from the ${biz} team is available right now. I've let them know you'd like to talk to a person.`, afterHoursText(profile.afterHoursMessage, profile.hours, profile.timeZone, now)]
    .filter(Boolean)
    .join(" ");
}

/** The notice, then the question the qualification stopped at (it goes on meanwhile). */
export function personRequestReplies(state: EngineState, profile: BusinessProfile, now: Date, online: boolean): BotReply[] {
  return [{ text: personRequestNotice(profile, now, online) }, ...resumeQualification(state, profile, "In the meantime, I can take a few details.")];
}
