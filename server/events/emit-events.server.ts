// Emitting domain events: each is a job of the `domain.event` queue written through the caller's
// transaction (the outbox), so the change and its consequences commit together. The event job's
// handler (event-handler.server.ts) asks each subscriber for the jobs the event causes.
import { Prisma } from "../db/generated/client.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { insertJobsSql, type JobWake } from "../jobs/queue/job-sql.server.ts";
import { EVENT_QUEUE } from "../jobs/queue/queues.ts";
import type { TxClient } from "../jobs/queue/sql-executors.server.ts";
import { eventKey, type DomainEvent } from "./domain-events.ts";

export function emitEvents(jobs: JobQueue, tx: TxClient, events: DomainEvent[]): Promise<void> {
  return jobs.enqueue(
    tx,
    events.map((event) => ({ name: EVENT_QUEUE, key: eventKey(event), data: event })),
  );
}

/**
 * The same from inside one statement: `INSERT … SELECT` of a `lead.created` event for each row of
 * `from` (which has "id" and "businessId" columns), for the chat's single-statement lead capture.
 */
export function leadCreatedEventSql(from: string, wake: JobWake = "notify"): Prisma.Sql {
  const source = Prisma.raw(`"${from}"`);
  return insertJobsSql(
    EVENT_QUEUE,
    source,
    Prisma.sql`jsonb_build_object('type', 'lead.created', 'businessId', ${source}."businessId", 'leadId', ${source}."id")`,
    Prisma.sql`'lead.created:' || ${source}."id"`,
    wake,
  );
}

/**
 * A `conversation.ended` event for each row of `from` ("id", "businessId" columns) from inside one
 * statement: the chat turn that completes the qualification stores it with its replies.
 */
export function conversationEndedEventSql(from: string, wake: JobWake = "notify"): Prisma.Sql {
  const source = Prisma.raw(`"${from}"`);
  return insertJobsSql(
    EVENT_QUEUE,
    source,
    Prisma.sql`jsonb_build_object('type', 'conversation.ended', 'businessId', ${source}."businessId", 'conversationId', ${source}."id")`,
    Prisma.sql`'conversation.ended:' || ${source}."id"`,
    wake,
  );
}
