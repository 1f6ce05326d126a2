// "Can I talk to a person?" (live takeover, DESIGN §14): a visitor asking for a human, by the quick reply
// or in their own words. Pure; deliberately narrow, so an answer that mentions people ("20 people work
// here") is not taken for a request.

/** The quick reply the widget offers for it. */
export const TALK_TO_PERSON = "Talk to a person";

const REQUEST =
  /\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:a|an|some|the|your)?\s*(?:real\s+|live\s+)?(?:human|person|people|someone|somebody|agent|representative|rep|operator|manager|staff|team|one of you)\b|\b(?:real|live|actual)\s+(?:human|person|agent)\b|\bhuman\s+(?:please|agent)\b|\b(?:can|could)\s+(?:someone|somebody|a person)\s+(?:call|help|contact)\s+me\b|\bcall me (?:now|right now|asap)\b|^\s*(?:human|agent|operator|representative)\s*[.!?]*\s*$/i;

export function asksForPerson(text: string): boolean {
  return text.trim().toLowerCase() === TALK_TO_PERSON.toLowerCase() || REQUEST.test(text.normalize("NFKC"));
}
