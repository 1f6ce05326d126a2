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
  /** A member or an API key changed the lead (status, notes); `changeId` names the change (its LeadEvent). */
  | { type: "lead.updated"; businessId: string; leadId: string; changeId: string; changes: string[] }
  /** The chatbot finished the qualification (its last question answered or skipped). */
  | { type: "conversation.ended"; businessId: string; conversationId: string }
  /** An automation step failed for good (emitted by the automations, DESIGN §11). */
  | { type: "automation.run.failed"; businessId: string; automationId: string; runId: string; leadId: string | null; error: string }
  /** A visitor asked to talk to a person (live takeover): the team is e-mailed. */
  | { type: "conversation.person_requested"; businessId: string; conversationId: string; messageId: string }
  /** A member of the business replied to the lead (a lead e-mail, an agent message in a takeover); `replyId` names the reply. */
  | { type: "lead.team_replied"; businessId: string; leadId: string; replyId: string }
  /** A walkthrough visit was booked, moved (time or assignee) or cancelled; `sequence` is its RFC 5545 SEQUENCE (issue 31). */
  | { type: "appointment.booked"; businessId: string; leadId: string; appointmentId: string; sequence: number }
  | { type: "appointment.rescheduled"; businessId: string; leadId: string; appointmentId: string; sequence: number }
  | { type: "appointment.cancelled"; businessId: string; leadId: string; appointmentId: string; sequence: number };

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
    case "lead.updated":
      return `lead.updated:${event.leadId}:${event.changeId}`;
    case "conversation.ended":
      return `conversation.ended:${event.conversationId}`;
    case "automation.run.failed":
      return `automation.run.failed:${event.runId}`;
    case "conversation.person_requested":
      return `conversation.person_requested:${event.messageId}`;
    case "lead.team_replied":
      return `lead.team_replied:${event.replyId}`;
    case "appointment.booked":
    case "appointment.rescheduled":
    case "appointment.cancelled":
      return `${event.type}:${event.appointmentId}:${event.sequence}`;
  }
}
