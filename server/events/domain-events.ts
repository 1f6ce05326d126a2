// Domain events (DESIGN §10): what happened, emitted by domain code in the transaction of the change,
// and handled later by subscribers (e-mails, notifications, automations, webhooks). Pure types.

export type DomainEvent =
  | { type: "lead.created"; businessId: string; leadId: string }
  | { type: "reminder.due"; businessId: string; reminderId: string; leadId: string; dueAt: string }
  /** An address unsubscribed from the business's e-mails (its leads with that address, if any). */
  | { type: "lead.unsubscribed"; businessId: string; email: string; leadIds: string[] }
  /** A lead's score is final for now (its qualification is complete) or changed after that. */
  | { type: "lead.scored"; businessId: string; leadId: string; score: number }
  | { type: "lead.status_changed"; businessId: string; leadId: string; from: string; to: string; eventId: string }
  /** A visitor wrote in the conversation of a lead. */
  | { type: "message.received"; businessId: string; leadId: string; messageId: string; text: string }
  /** An automation step failed after its last attempt (DESIGN §15 webhooks subscribe to it). */
  | { type: "automation.run.failed"; businessId: string; automationId: string; runId: string; leadId: string; error: string };

export type DomainEventType = DomainEvent["type"];

/** The event's idempotency key: the same happening always has the same key. */
export function eventKey(event: DomainEvent): string {
  switch (event.type) {
    case "lead.created":
      return `lead.created:${event.leadId}`;
    case "reminder.due":
      return `reminder.due:${event.reminderId}:${event.dueAt}`;
    case "lead.unsubscribed":
      return `lead.unsubscribed:${event.businessId}:${event.email}`;
    case "lead.scored":
      return `lead.scored:${event.leadId}:${event.score}`;
    case "lead.status_changed":
      return `lead.status_changed:${event.eventId}`;
    case "message.received":
      return `message.received:${event.messageId}`;
    case "automation.run.failed":
      return `automation.run.failed:${event.runId}`;
  }
}
