// What every command (one business write that owns its consequences, docs/architecture.md) runs with:
// one context, nothing optional. A command runs its transaction on `db`, writes its domain events in it
// through `events` (the job layer's outbox, DESIGN §10), reads the time from `clock`, and queues its live
// pushes with `after`, which run only once the transaction has committed (a rolled-back change pushes
// nothing, and a failed push never fails the change: it is logged).
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import type { TxClient } from "../jobs/queue/sql-executors.server.ts";
import type { LeadSummary } from "../realtime/protocol.ts";
import type { Logger } from "../shared/logger.ts";
import type { DomainEvent } from "./domain-events.ts";
import { emitEvents } from "./emit-events.server.ts";

/** The business's open workspaces (the /workspace room, DESIGN §3). */
export type LiveSink = {
  leadCreated(businessId: string, lead: LeadSummary): void;
  leadUpdated(businessId: string, lead: LeadSummary): void;
};

export type DomainEventWriter = { emit(tx: TxClient, events: DomainEvent[]): Promise<void> };

export type CommandContext = {
  db: Db;
  jobs: JobQueue;
  events: DomainEventWriter;
  clock: () => Date;
  logger: Logger;
  live: LiveSink;
};

/**
 * The context of a request, socket or job: the process's services and the realtime sink (a domain whose
 * commands push more than leads, such as automation runs, passes a sink with those pushes too).
 */
export function commandContext<L extends LiveSink>(
  services: { db: Db; jobs: JobQueue; logger: Logger },
  live: L,
  clock: () => Date = () => new Date(),
): CommandContext & { live: L } {
  const { db, jobs, logger } = services;
  return { db, jobs, logger, live, clock, events: { emit: (tx, events) => emitEvents(jobs, tx, events) } };
}

export type TransactionClient = Parameters<Parameters<Db["$transaction"]>[0]>[0];
/** Queues work to run after the command's transaction commits. */
export type AfterCommit = (work: () => Promise<unknown> | unknown) => void;

/**
 * Runs `work` in one transaction; what it queued with `after` runs once that transaction has
 * committed, in order. A rollback (a thrown error) drops the queue.
 */
export async function runCommand<T>(ctx: CommandContext, name: string, work: (tx: TransactionClient, after: AfterCommit) => Promise<T>): Promise<T> {
  const queued: (() => Promise<unknown> | unknown)[] = [];
  const result = await ctx.db.$transaction((tx) => work(tx, (job) => queued.push(job)));
  await runQueued(ctx, name, queued);
  return result;
}

/**
 * A command whose write is one statement, atomic on its own (decision 0045: no interactive transaction
 * holding the embedded database's only connection for its round trips): `work` runs it on `ctx.db`, and
 * what it queued with `after` runs once it has returned, as with runCommand. A thrown error drops the queue.
 */
export async function runStatementCommand<T>(ctx: CommandContext, name: string, work: (db: Db, after: AfterCommit) => Promise<T>): Promise<T> {
  const queued: (() => Promise<unknown> | unknown)[] = [];
  const result = await work(ctx.db, (job) => queued.push(job));
  await runQueued(ctx, name, queued);
  return result;
}

/** The work queued after a commit, in order; a failure is logged and never fails the command. */
async function runQueued(ctx: CommandContext, name: string, queued: (() => Promise<unknown> | unknown)[]): Promise<void> {
  for (const job of queued) {
    try {
      await job();
    } catch (error) {
      ctx.logger.error(`[${name}] a step after the commit failed`, error);
    }
  }
}
