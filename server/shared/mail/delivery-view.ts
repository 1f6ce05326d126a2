// An e-mail delivery as Settings > Email Settings shows it, shared by the server and the page. Pure.

export type DeliveryView = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  /** held: not sent, the business being a demo sandbox (decision 0026); skipped: not sent, the
   * recipient being on the business's suppression list (decision 0029). */
  status: "sending" | "sent" | "failed" | "held" | "skipped";
  attempts: number;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** What each kind of e-mail is, as the owner reads it. */
export const DELIVERY_KIND_LABELS: Record<string, string> = {
  "lead-alert": "New-lead alert",
  "reminder-due": "Follow-up due",
  "daily-summary": "Daily summary",
  "trial-ending": "Trial ending",
  billing: "Billing",
  invite: "Team invitation",
  "install-instructions": "Installation instructions",
  "lead-quote": "Quote to a lead",
  "lead-info": "Info to a lead",
};
