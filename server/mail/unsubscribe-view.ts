// The unsubscribe page's data and messages, shared by the server and the page. Pure.

export type TokenProblem = "invalid" | "expired";

export const UNSUBSCRIBE_PROBLEM_MESSAGES: Record<TokenProblem, string> = {
  invalid: "This unsubscribe link is not valid. Please use the link in the most recent e-mail you received, or reply to that e-mail to ask the sender to stop.",
  expired: "This unsubscribe link has expired. Please use the link in a more recent e-mail, or reply to the e-mail to ask the sender to stop.",
};

/** Whose e-mails, which address, and when it unsubscribed (null: not yet). */
export type UnsubscribeView = { businessName: string; email: string; unsubscribedAt: string | null };
