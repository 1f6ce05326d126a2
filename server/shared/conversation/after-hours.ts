// The after-hours part of the closing message: the owner's after-hours text, with its day words made
// true for this moment, and when the office opens next. Before opening time on an open day the office
// opens "later today", so "first thing next business day" or "tomorrow" in the owner's text would
// contradict it; after closing or at the weekend, "today" would.
import { describeOpening, nextOpeningOf, type BusinessHours, type NextOpening } from "./business-hours.ts";
import { timeZoneLabel } from "../time/calendar.ts";

type Opening = Exclude<NextOpening, { when: "now" }>;

/** "first thing next business day", "on the next working day", "first thing tomorrow (morning)". */
const NEXT_DAY = /\b(?:first thing\s+)?(?:on\s+)?(?:the\s+)?next\s+(?:business|working|work)\s+day\b|\b(?:first thing\s+)?tomorrow(?:\s+morning)?\b/gi;
/** "later today", "today", "this morning/afternoon". */
const SAME_DAY = /\b(?:later\s+)?today\b|\bthis\s+(?:morning|afternoon|evening)\b/gi;

/** The owner's after-hours text with its day words replaced when they are wrong for the opening. */
export function reconcileAfterHoursMessage(message: string, opening: Opening): string {
  const text = message.trim();
  switch (opening.when) {
    case "later_today":
      return text.replace(NEXT_DAY, `when we open at ${opening.at} today`);
    case "tomorrow":
      return text.replace(SAME_DAY, "tomorrow");
    case "this_week":
    case "next_week": {
      const day = opening.when === "next_week" ? `next ${opening.day}` : `on ${opening.day}`;
      // "next business day" is still right; "tomorrow" and "today" are not.
      return text.replace(NEXT_DAY, (phrase) => (/tomorrow/i.test(phrase) ? day : phrase)).replace(SAME_DAY, day);
    }
  }
}

/** The sentence saying when the office opens again, e.g. "The office opens again tomorrow at 8:00 AM (EDT)." */
export function openingSentence(opening: Opening, now: Date, timeZone: string): string {
  const zone = timeZoneLabel(now, timeZone);
  if (opening.when === "later_today") return `The office opens ${describeOpening(opening)} (${zone}).`;
  return `The office opens again ${describeOpening(opening)} (${zone}).`;
}

/** The owner's after-hours text made consistent with the next opening, followed by when that is. */
export function afterHoursText(message: string, hours: BusinessHours, timeZone: string, now: Date): string {
  const opening = nextOpeningOf(hours, timeZone, now);
  if (!opening || opening.when === "now") return message.trim();
  const reconciled = reconcileAfterHoursMessage(message, opening);
  // The owner's text already names the opening time today: no need to say it twice.
  if (opening.when === "later_today" && reconciled.includes(`open at ${opening.at} today`)) return reconciled;
  return [reconciled, openingSentence(opening, now, timeZone)].filter(Boolean).join(" ");
}
