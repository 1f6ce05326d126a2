// An e-mail delivery as Settings > Email Settings shows it, shared by the server and the page. Pure.

export type DeliveryView = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  /** held: not sent, the business being a demo sandbox (decision 0026). */
  status: "sending" | "sent" | "failed" | "held";
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
};
