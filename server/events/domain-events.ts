// Domain events (DESIGN §10): what happened, emitted by domain code in the transaction of the change,
// and handled later by subscribers (e-mails, notifications, automations, webhooks). Pure types.

export type DomainEvent =
  | { type: "lead.created"; businessId: string; leadId: string }
  | { type: "reminder.due"; businessId: string; reminderId: string; leadId: string; dueAt: string }
  /** An address unsubscribed from the business's e-mails (its leads with that address, if any). */
  | { type: "lead.unsubscribed"; businessId: string; email: string; leadIds: string[] }
  /** A visitor asked to talk to a person (live takeover): the team is e-mailed. */
  | { type: "conversation.person_requested"; businessId: string; conversationId: string; messageId: string };

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
    case "conversation.person_requested":
      return `conversation.person_requested:${event.messageId}`;
  }
}
