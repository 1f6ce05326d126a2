// What a demo sandbox may not do (issue 13, decision 0026), shared by the server, which refuses it,
// and the pages, which disable the action and say why. Pure.

export type SandboxRestricted = "invite" | "api-key" | "billing" | "webhook";

export const SANDBOX_MESSAGES: Record<SandboxRestricted, string> = {
  invite: "Demo sandboxes cannot invite team members. Start a free trial to invite your team.",
  "api-key": "Demo sandboxes cannot create API keys. Start a free trial to use the API.",
  billing: "Demo sandboxes cannot subscribe or add payment methods. Start a free trial to choose a plan.",
  webhook: "Demo sandboxes cannot send webhooks. Start a free trial to connect your own systems.",
};

/** Shown in Settings → Email Settings for an e-mail the sandbox held instead of sending. */
export const HELD_EMAIL_NOTE = "Demo sandboxes send no e-mail: these are the e-mails this workspace would have sent.";

/** Shown on /login after an expired sandbox's browser tried to go back to it. */
export const SANDBOX_EXPIRED_MESSAGE =
  "Your demo sandbox has expired and its data was deleted (demos last 24 hours). Start a new demo below.";

export const SANDBOX_LIMIT_MESSAGE = "Too many demos were started from your network. Please try again later.";

export function isSandbox(business: { sandboxExpiresAt: Date | string | null }): boolean {
  return business.sandboxExpiresAt !== null;
}
