// The last guard on what the model says. The model is never told a score, but an injected or
// confused model could still invent one or talk about its instructions: such a reply is withheld and
// the engine's own text is sent instead. While streaming, text is released to the visitor only up to
// the last word boundary, after the words so far have been checked, so a forbidden word never reaches
// the widget even in part.

const FORBIDDEN: readonly RegExp[] = [
  /\b(?:lead\s+)?(?:score[sd]?|scoring|priority|prioriti[sz]ed|ratings?|qualification\s+level)\b/i,
  /\b\d{1,2}(?:\.\d)?\s*(?:\/|out\s+of)\s*10\b/i,
  /\b(?:system\s+prompt|my\s+instructions|developer\s+message|these\s+instructions)\b/i,
];

export const MAX_REPLY_CHARS = 1_200;

/** Why a finished reply cannot be sent, or null when it can. */
export function rejectReply(text: string): string | null {
  if (!text.trim()) return "empty";
  if (text.length > MAX_REPLY_CHARS) return "too long";
  return FORBIDDEN.some((pattern) => pattern.test(text)) ? "forbidden content" : null;
}

export type StreamGuard = {
  /** Adds model text; returns the text that may now be shown (possibly ""), or null once blocked. */
  push(delta: string): string | null;
  /** End of the stream: the rest that may be shown, or null when the whole reply is rejected. */
  finish(): string | null;
  /** Everything the model produced. */
  readonly text: string;
};

export function createStreamGuard(): StreamGuard {
  let text = "";
  let released = 0;
  let blocked = false;
  return {
    get text() {
      return text;
    },
    push(delta) {
      if (blocked) return null;
      text += delta;
      // Release complete words only: up to the last whitespace.
      const boundary = Math.max(text.lastIndexOf(" "), text.lastIndexOf("\n"));
      if (boundary < released) return "";
      const candidate = text.slice(0, boundary);
      if (rejectReply(candidate) === "forbidden content" || candidate.length > MAX_REPLY_CHARS) {
        blocked = true;
        return null;
      }
      const out = text.slice(released, boundary);
      released = boundary;
      return out;
    },
    finish() {
      if (blocked || rejectReply(text) !== null) {
        blocked = true;
        return null;
      }
      const out = text.slice(released);
      released = text.length;
      return out;
    },
  };
}
